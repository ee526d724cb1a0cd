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

  it('keeps shared/ in layers: domain and problems at the bottom, the contract on top', async () => {
    const climbs = [expect.stringContaining('does not import a layer above it')];
    // The imports that made 12 of shared/'s folders one loop.
    expect(await violations('shared/domain/x.ts', "export { Problem } from '../checks/problem';\n")).toEqual(climbs);
    expect(await violations('shared/graph/index.ts', "export * from '../checks/graph';\n")).toEqual(climbs);
    expect(
      await violations('shared/plans/x.ts', "export { parseWorkflow } from '../formats/workflow-text';\n"),
    ).toEqual(climbs);
    expect(
      await violations('shared/formats/tools/x.ts', "export { ToolFileFormat } from '../../contract/tools';\n"),
    ).toEqual(climbs);
    expect(await violations('shared/formats/x.ts', "export { bfclCategory } from '../metrics/bfcl-ast';\n")).toEqual(
      climbs,
    );
    expect(await violations('shared/runtimes/kinds/x.ts', "export type { Tool } from '../../domain';\n")).toEqual(
      climbs,
    );
    expect(await violations('shared/json.ts', "export { Tool } from './domain';\n")).toEqual(climbs);
    // Down, or within a folder, is fine; a sibling file may share a folder's name (domain/curation.ts).
    expect(await violations('shared/domain/x.ts', "export { ToolRuntime } from '../runtimes/kinds';\n")).toEqual([]);
    expect(await violations('shared/domain/x.ts', "export { ReviewStatus } from './curation';\n")).toEqual([]);
    expect(await violations('shared/checks/x.ts', "export { Problem } from '../domain/problem';\n")).toEqual([]);
    expect(await violations('shared/contract/x.ts', "export { agentGpa } from '../metrics/agent-gpa';\n")).toEqual([]);
    // A layer's block keeps shared/'s own rules.
    expect(await violations('shared/domain/x.ts', "import fs from 'node:fs';\nexport { fs };\n")).toEqual([
      expect.stringContaining('anywhere'),
    ]);
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

  it('gives the current graph one home that every workspace reads and only Graph changes', async () => {
    // Graph's own store stays in its room: Plans & Runs reads the current graph, not Graph's state.
    expect(
      await violations('renderer/src/workspaces/runs/X.tsx', "export { useGraphUi } from '../graph/state';\n"),
    ).toEqual([expect.stringContaining('state included')]);
    expect(
      await violations(
        'renderer/src/workspaces/runs/X.tsx',
        "export { useCurrentGraph } from '../../state/current-graph';\n",
      ),
    ).toEqual([]);
    expect(
      await violations(
        'renderer/src/workspaces/trajectories/X.tsx',
        "export { setCurrentGraph } from '../../state/current-graph';\n",
      ),
    ).toEqual([expect.stringContaining('Only the Graph workspace changes the current graph')]);
    expect(
      await violations(
        'renderer/src/commands/x.ts',
        "import { setCurrentGraph } from '../state/current-graph';\nsetCurrentGraph(null);\n",
      ),
    ).toEqual([expect.stringContaining('Only the Graph workspace changes the current graph')]);
    expect(
      await violations(
        'renderer/src/workspaces/graph/X.tsx',
        "export { setCurrentGraph } from '../../state/current-graph';\n",
      ),
    ).toEqual([]);
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

  it('finds every store by the factory that made it, form drafts included', async () => {
    // The three form drafts were read whole while the rule listed stores by hand.
    for (const [file, code] of [
      ['renderer/src/workspaces/trajectories/X.tsx', "import { useImportDraft } from './state';\nuseImportDraft();\n"],
      [
        'renderer/src/workspaces/graph/dialogs/X.tsx',
        "import { createStore } from '../../../state/create-store';\nimport { formDraft } from '../../../state/form-draft';\n" +
          "const useToolsImportDraft = createStore(formDraft({ text: '' }));\nexport const read = () => useToolsImportDraft();\n",
      ],
      ['renderer/src/workspaces/trajectories/experiments/X.tsx', 'export const read = () => useExperimentDraft();\n'],
    ]) {
      expect(await violations(file!, code!)).toEqual([expect.stringContaining('selector')]);
    }
    expect(
      await violations('renderer/src/components/X.tsx', "import { useUi } from '../state/ui-store';\nuseUi();\n"),
    ).toEqual([expect.stringContaining('selector')]);
  });

  it('makes every store with createStore, as a module-level hook named use…', async () => {
    const file = 'renderer/src/workspaces/runs/x.ts';
    expect(
      await violations(file, "import { create } from 'zustand';\nexport const useThing = create(() => ({}));\n"),
    ).toEqual([expect.stringContaining('create-store.ts')]);
    expect(await violations(file, "export { useShallow } from 'zustand/react/shallow';\n")).toEqual([
      expect.stringContaining('create-store.ts'),
    ]);
    expect(await violations('renderer/src/state/x.ts', "export { persist } from 'zustand/middleware';\n")).toEqual([
      expect.stringContaining('create-store.ts'),
    ]);
    expect(await violations('renderer/src/state/create-store.ts', "export { create } from 'zustand';\n")).toEqual([]);
    const factory = "import { createStore } from '../../state/create-store';\n";
    expect(await violations(file, `${factory}export const useThing = createStore(() => ({ n: 0 }));\n`)).toEqual([]);
    expect(await violations(file, `${factory}export const things = createStore(() => ({ n: 0 }));\n`)).toEqual([
      expect.stringContaining('const useThing = createStore'),
    ]);
    expect(await violations(file, `${factory}export const make = () => createStore(() => ({ n: 0 }));\n`)).toEqual([
      expect.stringContaining('const useThing = createStore'),
    ]);
  });
});
