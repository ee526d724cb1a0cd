import { createStore } from '../../state/create-store';
import type { ReactFlowInstance } from '@xyflow/react';
import type { CommandContextSource } from '../../commands/registry';
import type { UiState } from '../../state/ui-store';
import type { GraphContent } from '../../../../shared/graph';
import type { EditorStore } from './editor-store';

export type SaveState = 'saved' | 'saving' | 'error';

/**
 * A dialog of the Graph workspace: `replay` makes replay runtimes from trajectories; `returns`
 * reviews inferred result schemas; `environment` edits and tries the world the tools share.
 */
export type GraphDialog = 'import' | 'find' | 'replay' | 'returns' | 'environment';

interface GraphUiState {
  /** Whether the open graph's edits are in the store (the status bar says so). */
  saveState: SaveState;
  /** Copied tools, pasteable into any graph of this window. */
  clipboard: GraphContent | null;
  dialog: GraphDialog | null;
  setSaveState(state: SaveState): void;
  setClipboard(clipboard: GraphContent): void;
  openDialog(dialog: GraphDialog | null): void;
}

/** The Graph workspace's UI state besides its open graph: none of it outlives the window. */
export const useGraphUi = createStore<GraphUiState>((set) => ({
  saveState: 'saved',
  clipboard: null,
  dialog: null,
  setSaveState: (saveState) => set({ saveState }),
  setClipboard: (clipboard) => set({ clipboard }),
  openDialog: (dialog) => set({ dialog }),
}));

interface GraphSessionState {
  /** The open graph's editor; null while no graph is open. */
  editor: EditorStore | null;
  /** Its canvas, for what works on the view (layout, fit, find). */
  canvas: ReactFlowInstance | null;
  open(editor: EditorStore, canvas: ReactFlowInstance): void;
  close(editor: EditorStore): void;
}

/** The graph open in the Graph workspace, as its commands and dialogs reach it. */
export const useGraphSession = createStore<GraphSessionState>((set, get) => ({
  editor: null,
  canvas: null,
  open: (editor, canvas) => set({ editor, canvas }),
  // A graph opened since keeps its session.
  close: (editor) => get().editor === editor && set({ editor: null, canvas: null }),
}));

/** What a Graph command works on: the open graph's editor and canvas, and the workspace's UI state. */
export interface GraphContext {
  ui: UiState;
  graphUi: GraphUiState;
  editor: EditorStore;
  canvas: ReactFlowInstance | null;
}

/** The Graph workspace's command context: there is one while a graph is open. */
export const graphContext: CommandContextSource<GraphContext> = {
  current: (ui) => {
    const { editor, canvas } = useGraphSession.getState();
    return editor ? { ui, graphUi: useGraphUi.getState(), editor, canvas } : null;
  },
  // The editor's own changes (history, selection) count too: follow whichever editor is open.
  // So does the clipboard (Paste).
  subscribe: (listener) => {
    let offEditor = () => {};
    const follow = () => {
      offEditor();
      offEditor = useGraphSession.getState().editor?.subscribe(listener) ?? (() => {});
    };
    follow();
    const offSession = useGraphSession.subscribe(() => {
      follow();
      listener();
    });
    const offUi = useGraphUi.subscribe(listener);
    return () => {
      offSession();
      offEditor();
      offUi();
    };
  },
};
