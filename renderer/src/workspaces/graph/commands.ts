import { api } from '../../api/api';
import { countOf } from '../../../../shared/text';
import { graphToFile, graphToOpenAITools } from '../../../../shared/graph';
import type { UiState } from '../../state/ui-store';
import { layoutGraph } from './canvas/auto-layout';
import { freeSpotOnScreen } from './canvas/free-spot';
import { COMPACT_ZOOM } from './canvas/use-compact';
import { moveOnCanvas, showOpeningView } from './canvas/view';
import { newTool } from './editor/new-tool';
import type { Command } from '../../commands/registry';

const editing = (ui: UiState) => ui.workspace === 'graph' && ui.editor !== null;
const withSelection = (ui: UiState) => editing(ui) && (ui.editor?.getState().selection.length ?? 0) > 0;

/** Offers a file to the user; the name says what it is. */
function download(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function exportGraph(ui: UiState, as: 'trellis' | 'openai'): Promise<void> {
  const state = ui.editor!.getState();
  const name = (await api.invoke('graphs.list', {})).find((g) => g.id === state.graphId)?.name ?? 'graph';
  const safe = name.replace(/[^a-zA-Z0-9_-]+/g, '-');
  const content = state.history.present;
  if (as === 'trellis') download(`${safe}.trellis-graph.json`, graphToFile({ name, ...content }));
  else download(`${safe}.openai-tools.json`, graphToOpenAITools(content));
  ui.notify(`Exported ${countOf(content.tools.length, 'tool')} of "${name}".`);
}

async function autoLayout(ui: UiState): Promise<void> {
  const editor = ui.editor!.getState();
  const sizes = new Map(
    (ui.canvas?.getNodes() ?? []).map((n) => [
      n.id,
      { width: n.measured?.width ?? 240, height: n.measured?.height ?? 160 },
    ]),
  );
  ui.notify(`Laying out ${editor.history.present.tools.length} tools…`, 'info', 'graph');
  const started = performance.now();
  const positions = await layoutGraph(editor.history.present, sizes);
  // The tools move a slice per frame, then the edit lands in one step (one undo) with nothing
  // left to redraw: a thousand tools never hold up a frame.
  if (ui.canvas) await moveOnCanvas(ui.canvas, positions);
  ui.editor?.getState().moveTools(positions);
  ui.notify(`Laid out in ${Math.round(performance.now() - started)} ms. Undo with Ctrl+Z.`, 'info', 'graph');
  // Zoomed out to the whole graph, it stays whole; otherwise the view opens on the graph's start.
  requestAnimationFrame(() => {
    const canvas = ui.canvas;
    if (canvas && canvas.getZoom() < COMPACT_ZOOM) void canvas.fitView({ duration: 300 });
    else if (canvas) showOpeningView(canvas, 300);
  });
}

export const GRAPH_COMMANDS: readonly Command[] = [
  {
    id: 'edit.undo',
    label: 'Undo',
    category: 'Edit',
    keybinding: 'Mod+Z',
    ignoreInTextFields: true,
    enabled: (ui) => editing(ui) && ui.editor!.getState().history.past.length > 0,
    perform: (ui) => ui.editor!.getState().undo(),
  },
  {
    id: 'edit.redo',
    label: 'Redo',
    category: 'Edit',
    keybinding: 'Mod+Shift+Z',
    ignoreInTextFields: true,
    enabled: (ui) => editing(ui) && ui.editor!.getState().history.future.length > 0,
    perform: (ui) => ui.editor!.getState().redo(),
  },
  {
    id: 'edit.copy',
    label: 'Copy Tools',
    category: 'Edit',
    keybinding: 'Mod+C',
    ignoreInTextFields: true,
    enabled: withSelection,
    perform: (ui) => {
      const clip = ui.editor!.getState().copySelection();
      if (!clip) return;
      ui.setClipboard(clip);
      ui.notify(`Copied ${countOf(clip.tools.length, 'tool')} and ${countOf(clip.edges.length, 'edge')}.`);
    },
  },
  {
    id: 'edit.paste',
    label: 'Paste Tools',
    category: 'Edit',
    keybinding: 'Mod+V',
    ignoreInTextFields: true,
    enabled: (ui) => editing(ui) && ui.clipboard !== null,
    perform: (ui) => ui.editor!.getState().paste(ui.clipboard!),
  },
  {
    id: 'edit.selectAll',
    label: 'Select All Tools',
    category: 'Edit',
    keybinding: 'Mod+A',
    ignoreInTextFields: true,
    enabled: editing,
    perform: (ui) => {
      const editor = ui.editor!.getState();
      editor.select(editor.history.present.tools.map((t) => t.name));
    },
  },
  {
    id: 'edit.delete',
    label: 'Delete Selected Tools',
    category: 'Edit',
    enabled: withSelection,
    perform: (ui) => {
      const editor = ui.editor!.getState();
      editor.removeTools(editor.selection);
    },
  },
  {
    id: 'graph.addTool',
    label: 'Add Tool',
    category: 'Graph',
    keybinding: 'Mod+Alt+T',
    enabled: editing,
    // In the canvas column the user sees (never under the inspector), clear of the tools there.
    perform: (ui) => {
      const pane = document.querySelector('.canvas .react-flow')?.getBoundingClientRect();
      const at = ui.canvas && pane ? freeSpotOnScreen(ui.canvas, pane) : undefined;
      ui.editor!.getState().addTools([newTool()], [], at);
    },
  },
  {
    id: 'graph.import',
    label: 'Import Tools…',
    category: 'Graph',
    keybinding: 'Mod+I',
    enabled: editing,
    perform: (ui) => ui.openDialog('import'),
  },
  {
    id: 'graph.exportTrellis',
    label: 'Export as Trellis JSON',
    category: 'Graph',
    enabled: editing,
    perform: (ui) => exportGraph(ui, 'trellis'),
  },
  {
    id: 'graph.exportOpenAI',
    label: 'Export as OpenAI Tools',
    category: 'Graph',
    enabled: editing,
    perform: (ui) => exportGraph(ui, 'openai'),
  },
  {
    id: 'graph.autoLayout',
    label: 'Auto-Layout',
    category: 'Graph',
    keybinding: 'Mod+Alt+L',
    enabled: (ui) => editing(ui) && ui.canvas !== null,
    perform: (ui) =>
      autoLayout(ui).catch((error: Error) => ui.notify(`Layout failed: ${error.message}`, 'error', 'graph')),
  },
  {
    id: 'graph.editRuntime',
    label: 'Edit Runtime of Selected Tools',
    category: 'Graph',
    enabled: withSelection,
    perform: () => {
      // The inspector shows the runtime of the selection; focus its kind picker.
      const picker = document.getElementById('runtime-kind');
      picker?.scrollIntoView({ block: 'center' });
      picker?.focus();
    },
  },
  {
    id: 'graph.makeReplayRuntimes',
    label: 'Make Replay Runtimes from Trajectories…',
    category: 'Graph',
    enabled: (ui) => editing(ui) && ui.editor!.getState().history.present.tools.length > 0,
    perform: (ui) => ui.openDialog('replay'),
  },
  {
    id: 'graph.inferReturns',
    label: 'Infer Result Schemas from Trajectories…',
    category: 'Graph',
    enabled: (ui) => editing(ui) && ui.editor!.getState().history.present.tools.length > 0,
    perform: (ui) => ui.openDialog('returns'),
  },
  {
    id: 'graph.find',
    label: 'Find Tool…',
    category: 'Graph',
    keybinding: 'Mod+F',
    enabled: editing,
    perform: (ui) => ui.openDialog('find'),
  },
  {
    id: 'view.zoomToFit',
    label: 'Zoom to Fit',
    category: 'View',
    keybinding: 'Mod+0',
    enabled: (ui) => editing(ui) && ui.canvas !== null,
    perform: (ui) => void ui.canvas!.fitView({ duration: 300 }),
  },
];
