import { findGraph } from '../../api/use-graphs';
import { countOf } from '../../../../shared/text';
import { graphToFile, graphToOpenAITools } from '../../../../shared/graph';
import { layoutGraph } from './canvas/auto-layout';
import { freeSpotOnScreen } from './canvas/free-spot';
import { COMPACT_ZOOM } from './canvas/use-compact';
import { canvasMoves, moveOnCanvas, showOpeningView } from './canvas/view';
import { newTool } from './editor/new-tool';
import { bindCommands } from '../../commands/registry';
import { graphContext, type GraphContext } from './state';

const withSelection = ({ editor }: GraphContext) => editor.getState().selection.length > 0;
const hasTools = ({ editor }: GraphContext) => editor.getState().history.present.tools.length > 0;
const hasCanvas = ({ canvas }: GraphContext) => canvas !== null;

/** Offers a file to the user; the name says what it is. */
function download(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function exportGraph({ ui, editor }: GraphContext, as: 'trellis' | 'openai'): Promise<void> {
  const state = editor.getState();
  const name = (await findGraph(state.graphId))?.name ?? 'graph';
  const safe = name.replace(/[^a-zA-Z0-9_-]+/g, '-');
  const content = state.history.present;
  if (as === 'trellis') download(`${safe}.trellis-graph.json`, graphToFile({ name, ...content }));
  else download(`${safe}.openai-tools.json`, graphToOpenAITools(content));
  ui.notify(`Exported ${countOf(content.tools.length, 'tool')} of "${name}".`);
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

async function autoLayout({ ui, editor: store, canvas }: GraphContext): Promise<void> {
  const editor = store.getState();
  const sizes = new Map(
    (canvas?.getNodes() ?? []).map((n) => [
      n.id,
      { width: n.measured?.width ?? 240, height: n.measured?.height ?? 160 },
    ]),
  );
  ui.notify(`Laying out ${countOf(editor.history.present.tools.length, 'tool')}…`, 'info', 'graph');
  const started = performance.now();
  const positions = await layoutGraph(editor.history.present, sizes);
  // The tools move a slice per frame, then the edit lands in one step (one undo) with nothing
  // left to redraw: a thousand tools never hold up a frame. The minimap, away meanwhile, comes
  // back a frame later, and the view moves a frame after that: each its own frame.
  try {
    if (canvas) await moveOnCanvas(canvas, positions);
    store.getState().moveTools(positions);
  } finally {
    await nextFrame();
    canvasMoves.setState({ moving: false });
  }
  ui.notify(`Laid out in ${Math.round(performance.now() - started)} ms. Undo with Ctrl+Z.`, 'info', 'graph');
  await nextFrame();
  // Zoomed out to the whole graph, it stays whole; otherwise the view opens on the graph's start.
  if (canvas && canvas.getZoom() < COMPACT_ZOOM) void canvas.fitView({ duration: 300 });
  else if (canvas) showOpeningView(canvas, 300);
}

/** The Graph workspace's commands: each works on the open graph, and none is on without one. */
export const GRAPH_COMMANDS = bindCommands<GraphContext>('graph', graphContext, [
  {
    id: 'edit.undo',
    label: 'Undo',
    category: 'Edit',
    keybinding: 'Mod+Z',
    ignoreInTextFields: true,
    enabled: ({ editor }) => editor.getState().history.past.length > 0,
    perform: ({ editor, ui }) => {
      editor.getState().undo();
      // The status bar still said what was done: it now says it was taken back.
      ui.notify('Undone. Redo with Ctrl+Shift+Z.', 'info', 'graph');
    },
  },
  {
    id: 'edit.redo',
    label: 'Redo',
    category: 'Edit',
    keybinding: 'Mod+Shift+Z',
    ignoreInTextFields: true,
    enabled: ({ editor }) => editor.getState().history.future.length > 0,
    perform: ({ editor, ui }) => {
      editor.getState().redo();
      ui.notify('Redone. Undo with Ctrl+Z.', 'info', 'graph');
    },
  },
  {
    id: 'edit.copy',
    label: 'Copy Tools',
    category: 'Edit',
    keybinding: 'Mod+C',
    ignoreInTextFields: true,
    enabled: withSelection,
    perform: ({ ui, graphUi, editor }) => {
      const clip = editor.getState().copySelection();
      if (!clip) return;
      graphUi.setClipboard(clip);
      ui.notify(`Copied ${countOf(clip.tools.length, 'tool')} and ${countOf(clip.edges.length, 'edge')}.`);
    },
  },
  {
    id: 'edit.paste',
    label: 'Paste Tools',
    category: 'Edit',
    keybinding: 'Mod+V',
    ignoreInTextFields: true,
    enabled: ({ graphUi }) => graphUi.clipboard !== null,
    perform: ({ graphUi, editor }) => editor.getState().paste(graphUi.clipboard!),
  },
  {
    id: 'edit.selectAll',
    label: 'Select All Tools',
    category: 'Edit',
    keybinding: 'Mod+A',
    ignoreInTextFields: true,
    perform: ({ editor: store }) => {
      const editor = store.getState();
      editor.select(editor.history.present.tools.map((t) => t.name));
    },
  },
  {
    id: 'edit.delete',
    label: 'Delete Selected Tools',
    category: 'Edit',
    enabled: withSelection,
    perform: ({ editor: store }) => {
      const editor = store.getState();
      editor.removeTools(editor.selection);
    },
  },
  {
    id: 'graph.addTool',
    label: 'Add Tool',
    category: 'Graph',
    keybinding: 'Mod+Alt+T',
    // In the canvas column the user sees (never under the inspector), clear of the tools there.
    perform: ({ editor, canvas }) => {
      const pane = document.querySelector('.canvas .react-flow')?.getBoundingClientRect();
      const at = canvas && pane ? freeSpotOnScreen(canvas, pane) : undefined;
      editor.getState().addTools([newTool()], [], at);
    },
  },
  {
    id: 'graph.import',
    label: 'Import Tools…',
    category: 'Graph',
    keybinding: 'Mod+I',
    perform: ({ graphUi }) => graphUi.openDialog('import'),
  },
  {
    id: 'graph.exportTrellis',
    label: 'Export as Trellis JSON',
    category: 'Graph',
    perform: (context) => exportGraph(context, 'trellis'),
  },
  {
    id: 'graph.exportOpenAI',
    label: 'Export as OpenAI Tools',
    category: 'Graph',
    perform: (context) => exportGraph(context, 'openai'),
  },
  {
    id: 'graph.autoLayout',
    label: 'Auto-Layout',
    category: 'Graph',
    keybinding: 'Mod+Alt+L',
    enabled: hasCanvas,
    perform: (context) =>
      autoLayout(context).catch((error: Error) =>
        context.ui.notify(`Layout failed: ${error.message}`, 'error', 'graph'),
      ),
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
    enabled: hasTools,
    perform: ({ graphUi }) => graphUi.openDialog('replay'),
  },
  {
    id: 'graph.inferReturns',
    label: 'Infer Result Schemas from Trajectories…',
    category: 'Graph',
    enabled: hasTools,
    perform: ({ graphUi }) => graphUi.openDialog('returns'),
  },
  {
    id: 'graph.editEnvironment',
    label: 'Edit Environment…',
    category: 'Graph',
    perform: ({ graphUi }) => graphUi.openDialog('environment'),
  },
  {
    id: 'graph.find',
    label: 'Find Tool…',
    category: 'Graph',
    keybinding: 'Mod+F',
    perform: ({ graphUi }) => graphUi.openDialog('find'),
  },
  {
    id: 'view.zoomToFit',
    label: 'Zoom to Fit',
    category: 'View',
    keybinding: 'Mod+0',
    enabled: hasCanvas,
    perform: ({ canvas }) => void canvas!.fitView({ duration: 300 }),
  },
]);
