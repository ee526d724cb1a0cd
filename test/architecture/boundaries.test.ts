import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary rules that fire for `code` placed at `file` (a path in the tree; it need not exist). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('the layout is enforced by lint', () => {
  it('lets a shell import only the backend entry, never a domain, the store or another shell', async () => {
    expect(await violations('cli/x.ts', "export { createBackend } from '../backend';\n")).toEqual([]);
    expect(await violations('cli/x.ts', "export { listBackups } from '../backend/store/database';\n")).toEqual([
      expect.stringContaining('backend entry'),
    ]);
    expect(
      await violations('electron/main/x.ts', "export { runsHandlers } from '../../backend/runs/handlers';\n"),
    ).toEqual([expect.stringContaining('backend entry')]);
    expect(await violations('web/x.ts', "export { setupIpc } from '../electron/main/ipc';\n")).toEqual([
      expect.stringContaining('side by side'),
    ]);
    expect(await violations('web/x.ts', "import { app } from 'electron';\nexport { app };\n")).toEqual([
      expect.stringContaining('Electron shell'),
    ]);
  });

  it('keeps the backend free of shells and domains out of each other’s handlers', async () => {
    expect(await violations('backend/datasets/x.ts', "export { runsHandlers } from '../runs/handlers';\n")).toEqual([
      expect.stringContaining('another domain'),
    ]);
    expect(await violations('backend/datasets/x.ts', "export { datasetsHandlers } from './handlers';\n")).toEqual([]);
    expect(await violations('backend/runs/x.ts', "export { startWebHost } from '../../web/server';\n")).toEqual([
      expect.stringContaining('no shell'),
    ]);
    expect(await violations('backend/runs/x.ts', 'export const v = (store: { db: unknown }) => store.db;\n')).toEqual([
      expect.stringContaining('store'),
    ]);
  });

  it('keeps shared/ pure', async () => {
    expect(await violations('shared/x.ts', "import fs from 'node:fs';\nexport { fs };\n")).toEqual([
      expect.stringContaining('anywhere'),
    ]);
    expect(await violations('shared/x.ts', "export { createBackend } from '../backend';\n")).toEqual([
      expect.stringContaining('nothing of ours'),
    ]);
    // A bare module name is Node's; a file of ours of that name (a runtime kind's) is not.
    expect(await violations('shared/x.ts', "import http from 'http';\nexport { http };\n")).toEqual([
      expect.stringContaining('anywhere'),
    ]);
    expect(await violations('shared/runtimes/kinds/x.ts', "export { http } from './http';\n")).toEqual([]);
  });

  it('keeps workspaces of the UI out of each other and shared UI code out of workspaces', async () => {
    const file = 'renderer/src/workspaces/datasets/X.tsx';
    expect(await violations(file, "export { Inspector } from '../trajectories/Inspector';\n")).toEqual([
      expect.stringContaining('Workspaces do not import each other'),
    ]);
    expect(await violations(file, "export { FilterBar } from '../../components/FilterBar';\n")).toEqual([]);
    expect(
      await violations(
        'renderer/src/workspaces/graph/canvas/X.tsx',
        "export { layoutGraph } from '../../runs/commands';\n",
      ),
    ).toEqual([expect.stringContaining('Workspaces do not import each other')]);
    expect(
      await violations(
        'renderer/src/components/X.tsx',
        "export { GraphWorkspace } from '../workspaces/graph/GraphWorkspace';\n",
      ),
    ).toEqual([expect.stringContaining('does not import a workspace')]);
  });

  it('keeps a workspace’s state in its own room: no other workspace and no shared code reaches it', async () => {
    expect(
      await violations('renderer/src/workspaces/trajectories/X.tsx', "export { useRuns } from '../runs/state';\n"),
    ).toEqual([expect.stringContaining('state included')]);
    expect(
      await violations('renderer/src/workspaces/trajectories/X.tsx', "export { useBrowserStore } from './state';\n"),
    ).toEqual([]);
    expect(
      await violations('renderer/src/state/x.ts', "export { useRuns } from '../workspaces/runs/state';\n"),
    ).toEqual([expect.stringContaining('does not import a workspace')]);
    expect(
      await violations('renderer/src/commands/x.ts', "export { useGraphSession } from '../workspaces/graph/state';\n"),
    ).toEqual([expect.stringContaining('does not import a workspace')]);
    expect(
      await violations('renderer/src/workspaces/models/X.tsx', "export { COMMANDS } from '../registry';\n"),
    ).toEqual([expect.stringContaining('Only the shell')]);
  });

  it('reads Zustand stores through selectors', async () => {
    const code = "import { useRuns } from './state';\nexport const useRun = () => useRuns();\n";
    expect(await violations('renderer/src/workspaces/runs/X.tsx', code)).toEqual([expect.stringContaining('selector')]);
    const plans = "import { usePlans } from './plans-state';\nexport const usePlan = () => usePlans();\n";
    expect(await violations('renderer/src/workspaces/runs/X.tsx', plans)).toEqual([
      expect.stringContaining('selector'),
    ]);
    const ok = "import { useRuns } from './state';\nexport const useRun = () => useRuns((s) => s.run);\n";
    expect(await violations('renderer/src/workspaces/runs/X.tsx', ok)).toEqual([]);
  });
});
