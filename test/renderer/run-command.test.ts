import { describe, expect, it, vi } from 'vitest';

// The registry imports every workspace (views included); in Node nothing talks to a backend.
vi.mock('../../renderer/src/api/api', () => ({
  api: { invoke: vi.fn(async () => []), on: () => () => undefined, onStatus: () => () => undefined },
}));
// The palette's runner reads the UI store, which reads the window's theme and storage.
vi.stubGlobal('window', { matchMedia: () => ({ matches: false }), addEventListener: () => undefined });

const { panelCommand, usePanelActions } = await import('../../renderer/src/commands/panel-actions');
const { runCommand } = await import('../../renderer/src/commands/run-command');
const { searchCommands } = await import('../../renderer/src/components/CommandPalette');
const { useUi } = await import('../../renderer/src/state/ui-store');
const { COMMANDS } = await import('../../renderer/src/workspaces/registry');

const lastNotice = () => useUi.getState().notices.at(-1);

describe('running a command from the palette', () => {
  it('finds every workspace’s commands from any workspace, those that work here first', () => {
    useUi.setState({ workspace: 'graph' });
    const found = searchCommands(COMMANDS, 'export dataset', useUi.getState());
    expect(found.map((c) => c.id)).toEqual(['dataset.export']);
    for (const id of ['plan.generate', 'plan.run', 'plan.save', 'plan.addStep', 'trajectories.evaluate']) {
      expect(searchCommands(COMMANDS, '', useUi.getState()).map((c) => c.id)).toContain(id);
    }
    useUi.setState({ workspace: 'datasets' });
    usePanelActions.setState({ handlers: { export: { perform: () => undefined } } });
    expect(searchCommands(COMMANDS, 'export', useUi.getState())[0]!.id).toBe('dataset.export');
    usePanelActions.setState({ handlers: {} });
  });

  it('puts a command whose label starts with the query before one that only has it', () => {
    useUi.setState({ workspace: 'trajectories' });
    const found = searchCommands(COMMANDS, 'step', useUi.getState()).map((c) => c.label);
    expect(found[0]).toMatch(/^Step\b/);
    expect(found).toContain('Add Step to Plan');
  });

  it('opens the command’s workspace first and runs it there once its panel offers it', async () => {
    const command = panelCommand('checkAll', 'trajectories', { id: 'y', label: 'Check', category: 'Run' });
    useUi.setState({ workspace: 'graph' });
    let runs = 0;
    const done = runCommand(command);
    expect(useUi.getState().workspace).toBe('trajectories');
    expect(runs).toBe(0);
    // The panel mounts a moment later and offers the action: it runs then, once.
    usePanelActions.setState({ handlers: { checkAll: { perform: () => runs++ } } });
    await done;
    expect(runs).toBe(1);
    usePanelActions.setState({ handlers: {} });
  });

  it('says in the status bar why it did not run, rather than doing nothing', async () => {
    const command = panelCommand('export', 'datasets', {
      id: 'z',
      label: 'Export Dataset',
      category: 'Dataset',
      disabledReason: () => 'It needs a dataset: make one first.',
    });
    useUi.setState({ workspace: 'graph', notices: [] });
    await runCommand(command, 200);
    expect(useUi.getState().workspace).toBe('datasets');
    expect(lastNotice()).toMatchObject({
      kind: 'error',
      text: '"Export Dataset" did not run: It needs a dataset: make one first.',
    });
    // Where it is, but off: said at once.
    usePanelActions.setState({ handlers: { export: { perform: () => undefined, off: 'Exporting…' } } });
    await runCommand(command, 200);
    expect(lastNotice()).toMatchObject({ kind: 'error', text: '"Export Dataset" did not run: Exporting…' });
    usePanelActions.setState({ handlers: {} });
  });

  it('leaves a command that works on its own workspace’s selection off elsewhere', async () => {
    const command = COMMANDS.find((c) => c.id === 'dataset.new')!;
    useUi.setState({ workspace: 'trajectories', notices: [] });
    // Found, last, as off here: picking it says why.
    expect(searchCommands(COMMANDS, 'new dataset', useUi.getState()).map((c) => c.id)).toEqual(['dataset.new']);
    await runCommand(command, 200);
    expect(useUi.getState().workspace).toBe('trajectories');
    expect(lastNotice()?.text).toMatch(/^"New Dataset from Selection…" did not run: Works in Datasets/);
  });
});
