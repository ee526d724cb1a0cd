import { api } from '../../api/api';
import { findGraph, forgetGraphs } from '../../api/use-graphs';
import type { Command } from '../../commands/registry';
import { currentGraph, onCurrentGraphChange, setCurrentGraph } from '../../state/current-graph';
import type { UiState } from '../../state/ui-store';

/** On while there is a current graph, from any workspace (it is the one Graph shows). */
const onCurrentGraph = {
  enabled: () => currentGraph() !== null,
  subscribe: onCurrentGraphChange,
} satisfies Partial<Command>;

/** Runs an API call, reporting success or failure in the status bar. */
async function report(ui: UiState, work: () => Promise<string>): Promise<void> {
  try {
    ui.notify(await work());
  } catch (error) {
    ui.notify((error as Error).message, 'error');
  }
}

/** Asks for a name for the current graph, starting from its name now; the title names it. */
async function askForCurrentGraphName(
  ui: UiState,
  title: string,
  submitLabel: string,
  initial: (current: string) => string,
  submit: (id: string, name: string) => Promise<void>,
): Promise<void> {
  const id = currentGraph()!;
  const name = (await findGraph(id))?.name ?? '';
  ui.askFor({
    // Named: the current graph is Graph's, which may not be the one another workspace shows.
    title: `${title} "${name}"`,
    label: 'Name',
    initial: initial(name),
    submitLabel,
    onSubmit: (name) => submit(id, name),
  });
}

/** The graphs as a list: make, rename, duplicate and delete one, from any workspace. */
export const GRAPH_LIST_COMMANDS: readonly Command[] = [
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
          setCurrentGraph(graph.id);
        },
      }),
  },
  {
    id: 'graph.rename',
    label: 'Rename Graph…',
    category: 'Graph',
    keybinding: 'F2',
    ...onCurrentGraph,
    perform: (ui) =>
      askForCurrentGraphName(
        ui,
        'Rename graph',
        'Rename',
        (name) => name,
        async (id, name) => {
          await api.invoke('graphs.rename', { id, name });
          forgetGraphs();
        },
      ),
  },
  {
    id: 'graph.duplicate',
    label: 'Duplicate Graph…',
    category: 'Graph',
    ...onCurrentGraph,
    perform: (ui) =>
      askForCurrentGraphName(
        ui,
        'Duplicate graph',
        'Duplicate',
        (name) => `${name} copy`,
        async (id, name) => {
          setCurrentGraph((await api.invoke('graphs.duplicate', { id, name })).id);
          forgetGraphs();
        },
      ),
  },
  {
    id: 'graph.delete',
    label: 'Delete Graph',
    category: 'Graph',
    ...onCurrentGraph,
    perform: async (ui) => {
      const id = currentGraph()!;
      const name = (await findGraph(id))?.name ?? '';
      if (!window.confirm(`Delete the graph "${name}"? Its trajectories are kept.`)) return;
      await report(ui, async () => {
        await api.invoke('graphs.delete', { id });
        forgetGraphs();
        setCurrentGraph(null);
        return `Deleted "${name}".`;
      });
    },
  },
];
