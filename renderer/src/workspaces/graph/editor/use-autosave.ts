import { useEffect } from 'react';
import { api } from '../../../api/api';
import { useUi } from '../../../state/ui-store';
import type { EditorStore } from '../../../state/graph-editor-store';

const SAVE_DELAY_MS = 400;

/**
 * Saves the editor's content after edits settle, one save at a time; a failed save keeps the
 * edits in the editor and says so in the status bar. Pending edits are saved on close.
 */
export function useAutosave(store: EditorStore): void {
  useEffect(() => {
    const ui = useUi.getState();
    let saved = store.getState().revision;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: Promise<void> = Promise.resolve();

    const save = () => {
      timer = undefined;
      const state = store.getState();
      if (state.revision === saved) return;
      const revision = state.revision;
      const { tools, edges } = state.history.present;
      ui.setSaveState('saving');
      inFlight = inFlight.then(() =>
        api.invoke('graphs.save', { id: state.graphId, tools, edges, dismissedSuggestions: state.dismissed }).then(
          () => {
            saved = Math.max(saved, revision);
            if (store.getState().revision === saved) useUi.getState().setSaveState('saved');
          },
          (error: Error) => {
            useUi.getState().setSaveState('error');
            useUi.getState().notify(`The graph was not saved: ${error.message}`, 'error');
          },
        ),
      );
    };

    const unsubscribe = store.subscribe((state, previous) => {
      if (state.revision === previous.revision) return;
      useUi.getState().setSaveState('saving');
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    });
    const flush = () => {
      if (timer) {
        clearTimeout(timer);
        save();
      }
    };
    window.addEventListener('beforeunload', flush);
    return () => {
      window.removeEventListener('beforeunload', flush);
      unsubscribe();
      flush();
    };
  }, [store]);
}
