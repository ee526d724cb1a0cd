import { createStore } from '../../state/create-store';
import type { ReactFlowInstance } from '@xyflow/react';
import type { CommandContextSource } from '../../commands/registry';
import type { UiState } from '../../state/ui-store';
import type { EditorStore } from './editor-store';

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

/** What a Graph command works on: the open graph's editor and canvas. */
export interface GraphContext {
  ui: UiState;
  editor: EditorStore;
  canvas: ReactFlowInstance | null;
}

/** The Graph workspace's command context: there is one while a graph is open. */
export const graphContext: CommandContextSource<GraphContext> = {
  current: (ui) => {
    const { editor, canvas } = useGraphSession.getState();
    return editor ? { ui, editor, canvas } : null;
  },
  // The editor's own changes (history, selection) count too: follow whichever editor is open.
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
    return () => {
      offSession();
      offEditor();
    };
  },
};
