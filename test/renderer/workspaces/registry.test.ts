import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// The registry imports every workspace (views included); in Node nothing talks to a backend.
vi.mock('../../../renderer/src/api/api', () => ({
  api: { invoke: vi.fn(async () => []), on: () => () => undefined, onStatus: () => () => undefined },
}));
vi.stubGlobal('window', { matchMedia: () => ({ matches: false }), addEventListener: () => undefined });

const { WORKSPACE_IDS } = await import('../../../renderer/src/state/workspace-ids');
const { COMMANDS, GO_TO_COMMANDS, WORKSPACE_LIST, WORKSPACE_NAMES, WORKSPACES } =
  await import('../../../renderer/src/workspaces/registry');
const { ActivityBar } = await import('../../../renderer/src/components/ActivityBar');
const { StatusBar } = await import('../../../renderer/src/components/StatusBar');
const { useUi } = await import('../../../renderer/src/state/ui-store');
const { deliverIntent } = await import('../../../renderer/src/workspaces/registry');
const { useDatasetsFilter } = await import('../../../renderer/src/workspaces/datasets/state');
const { useBrowserStore } = await import('../../../renderer/src/workspaces/trajectories/state');

/** How the markup writes a label (`&` escaped). */
const html = (text: string) => text.replaceAll('&', '&amp;');

const ROOT = path.join(__dirname, '..', '..', '..');
const SRC = path.join(ROOT, 'renderer', 'src');
const folders = fs
  .readdirSync(path.join(SRC, 'workspaces'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every .ts/.tsx file under `dir`, as [path, text]. */
function sources(dir: string): [string, string][] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [[file, fs.readFileSync(file, 'utf8')]] : [];
  });
}

describe('the workspace registry', () => {
  it('has one folder, with an index.ts, and one descriptor per workspace id, in the ids’ order', () => {
    expect([...folders].sort()).toEqual([...WORKSPACE_IDS].sort());
    for (const id of WORKSPACE_IDS) expect(fs.existsSync(path.join(SRC, 'workspaces', id, 'index.ts'))).toBe(true);
    expect(Object.keys(WORKSPACES).sort()).toEqual([...WORKSPACE_IDS].sort());
    expect(WORKSPACE_LIST.map((w) => w.id)).toEqual([...WORKSPACE_IDS]);
    for (const id of WORKSPACE_IDS) expect(WORKSPACES[id].id).toBe(id);
    expect(new Set(WORKSPACE_LIST.map((w) => w.key)).size).toBe(WORKSPACE_IDS.length);
  });

  it('gives every workspace its view, its name and its Go to command', () => {
    for (const w of WORKSPACE_LIST) {
      expect(typeof w.View).toBe('function');
      expect(WORKSPACE_NAMES[w.id]).toBe(w.label);
    }
    expect(GO_TO_COMMANDS.map((c) => [c.id, c.label, c.keybinding])).toEqual(
      WORKSPACE_LIST.map((w) => [`go.${w.id}`, `Go to ${w.label}`, `Mod+${w.key}`]),
    );
    for (const command of GO_TO_COMMANDS) expect(COMMANDS).toContain(command);
    for (const w of WORKSPACE_LIST) for (const command of w.commands) expect(COMMANDS).toContain(command);
  });

  it('puts every workspace in the activity bar and lets the status bar name each', () => {
    const bar = renderToStaticMarkup(createElement(ActivityBar, { workspaces: WORKSPACE_LIST }));
    for (const w of WORKSPACE_LIST) expect(bar).toContain(`aria-label="${html(w.label)}"`);
    // Markup is drawn from a store's initial state (the server snapshot): the errors go there.
    Object.assign(useUi.getInitialState(), {
      workspace: 'models',
      notices: WORKSPACE_LIST.filter((w) => w.id !== 'models').map((w) => ({
        text: 'failed',
        kind: 'error' as const,
        workspace: w.id,
        at: 0,
        seen: false,
      })),
    });
    const status = renderToStaticMarkup(createElement(StatusBar, { names: WORKSPACE_NAMES }));
    for (const w of WORKSPACE_LIST.filter((w) => w.id !== 'models'))
      expect(status).toContain(`Error in ${html(w.label)}`);
  });

  it('keeps each workspace folder out of the others by lint (state included)', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const from of WORKSPACE_IDS) {
      for (const to of WORKSPACE_IDS.filter((w) => w !== from)) {
        const [result] = await eslint.lintText(`export * from '../${to}/state';\n`, {
          filePath: path.join(SRC, 'workspaces', from, 'X.ts'),
        });
        expect(result!.messages.map((m) => m.message)).toEqual([
          expect.stringContaining('Workspaces do not import each other'),
        ]);
      }
    }
  });

  it('lays out every workspace with the shared workbench, never panels by hand (lint)', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const workspace of WORKSPACE_IDS) {
      const [result] = await eslint.lintText(`export { SplitLayout } from '../../components/Panels';\n`, {
        filePath: path.join(SRC, 'workspaces', workspace, 'X.ts'),
      });
      expect(result!.messages.map((m) => m.message)).toEqual([expect.stringContaining('the shared workbench')]);
    }
  });

  it('names only commands that exist in its toolbars', () => {
    const ids = new Set(COMMANDS.map((c) => c.id));
    const named = sources(SRC).flatMap(([, text]) =>
      [...text.matchAll(/<CommandButton\s[^>]*?id="([^"]+)"|useCommand\('([^']+)'\)/g)].map((m) => m[1] ?? m[2]!),
    );
    expect(named).toContain('run.step');
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('lets Trajectories and Datasets each keep a filter, and carries one over on request', () => {
    useBrowserStore.getState().setFilter({ source: 'run', tool: 'search_flights' });
    expect(useDatasetsFilter.getState().filter).toEqual({});
    const carry = COMMANDS.find((c) => c.id === 'trajectories.showInDatasets')!;
    useUi.setState({ workspace: 'trajectories' });
    expect(carry.enabled!(useUi.getState())).toBe(true);
    let delivered = 0;
    const off = useUi.subscribe((state) => {
      const intent = state.intent && state.takeIntent();
      if (!intent) return;
      delivered++;
      deliverIntent(intent);
    });
    void carry.perform(useUi.getState());
    off();
    expect(delivered).toBe(1);
    expect(useUi.getState()).toMatchObject({ workspace: 'datasets', intent: null });
    expect(useDatasetsFilter.getState().filter).toEqual({ source: 'run', tool: 'search_flights' });
    // From now on each goes its own way.
    useDatasetsFilter.getState().setFilter({ tool: undefined });
    expect(useBrowserStore.getState().filter).toEqual({ source: 'run', tool: 'search_flights' });
    expect(carry.enabled!(useUi.getState())).toBe(false);
  });
});
