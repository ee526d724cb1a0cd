import { api } from '../api/api';
import type { UiState } from '../state/ui-store';
import { assertUnique, type Command } from './registry';

const hasGraph = (ui: UiState) => ui.selectedGraphId !== null;

/** Runs an API call, reporting success or failure in the status bar. */
async function report(ui: UiState, work: () => Promise<string>): Promise<void> {
  try {
    ui.notify(await work());
  } catch (error) {
    ui.notify((error as Error).message, 'error');
  }
}

async function graphName(id: string): Promise<string> {
  return (await api.invoke('graphs.list', {})).find((g) => g.id === id)?.name ?? '';
}

/** Asks for a name for the selected graph, starting from its current one. */
async function askForSelectedGraphName(
  ui: UiState,
  title: string,
  submitLabel: string,
  initial: (current: string) => string,
  submit: (id: string, name: string) => Promise<void>,
): Promise<void> {
  const id = ui.selectedGraphId!;
  ui.askFor({
    title,
    label: 'Name',
    initial: initial(await graphName(id)),
    submitLabel,
    onSubmit: (name) => submit(id, name),
  });
}

/** The palette and the theme (the Go to… commands come after them, one per workspace). */
export const VIEW_COMMANDS: readonly Command[] = [
  {
    id: 'palette.open',
    label: 'Show All Commands',
    category: 'View',
    keybinding: 'Mod+K',
    perform: (ui) => ui.setPaletteOpen(true),
  },
  {
    id: 'view.toggleTheme',
    label: 'Toggle Light/Dark Theme',
    category: 'View',
    keybinding: 'Mod+Shift+L',
    perform: (ui) => ui.toggleTheme(),
  },
];

/** What belongs to no workspace: the workspace file, the graphs as a list, help. */
export const APP_COMMANDS: readonly Command[] = [
  {
    id: 'workspace.backup',
    label: 'Back Up Workspace…',
    category: 'Workspace',
    keybinding: 'Mod+Shift+B',
    perform: (ui) =>
      report(ui, async () => {
        const backup = await api.invoke('workspace.backup', {});
        return `Backed up ${(backup.bytes / 1024).toFixed(0)} KiB to ${backup.path}`;
      }),
  },
  {
    id: 'graph.new',
    label: 'New Graph…',
    category: 'Graph',
    keybinding: 'Mod+Alt+N',
    perform: (ui) =>
      ui.askFor({
        title: 'New graph',
        label: 'Name',
        initial: 'Untitled graph',
        submitLabel: 'Create',
        onSubmit: async (name) => {
          const graph = await api.invoke('graphs.create', { name });
          ui.showWorkspace('graph');
          ui.selectGraph(graph.id);
        },
      }),
  },
  {
    id: 'graph.rename',
    label: 'Rename Graph…',
    category: 'Graph',
    keybinding: 'F2',
    enabled: hasGraph,
    perform: (ui) =>
      askForSelectedGraphName(
        ui,
        'Rename graph',
        'Rename',
        (name) => name,
        async (id, name) => {
          await api.invoke('graphs.rename', { id, name });
        },
      ),
  },
  {
    id: 'graph.duplicate',
    label: 'Duplicate Graph…',
    category: 'Graph',
    enabled: hasGraph,
    perform: (ui) =>
      askForSelectedGraphName(
        ui,
        'Duplicate graph',
        'Duplicate',
        (name) => `${name} copy`,
        async (id, name) => {
          ui.selectGraph((await api.invoke('graphs.duplicate', { id, name })).id);
        },
      ),
  },
  {
    id: 'graph.delete',
    label: 'Delete Graph',
    category: 'Graph',
    enabled: hasGraph,
    perform: async (ui) => {
      const id = ui.selectedGraphId!;
      const name = await graphName(id);
      if (!window.confirm(`Delete the graph "${name}"? Its trajectories are kept.`)) return;
      await report(ui, async () => {
        await api.invoke('graphs.delete', { id });
        ui.selectGraph(null);
        return `Deleted "${name}".`;
      });
    },
  },
  {
    id: 'help.about',
    label: 'About Trellis',
    category: 'Help',
    perform: (ui) =>
      report(ui, async () => {
        const info = await api.invoke('system.info', {});
        return `Trellis ${info.version} (${info.host}) — workspace ${info.workspacePath}, schema v${info.schemaVersion}`;
      }),
  },
];

assertUnique([...VIEW_COMMANDS, ...APP_COMMANDS]);
