import { useEffect } from 'react';
import { movedOnly } from '../../../../../shared/graph';
import { api } from '../../../api/api';
import { useUi } from '../../../state/ui-store';
import { graphContentOf, type EditorStore } from '../editor-store';
import { useGraphUi } from '../state';

const SAVE_DELAY_MS = 400;

/**
 * Saves the editor's content after edits settle, one save at a time; a failed save keeps the
 * edits in the editor and says so in the status bar. Pending edits are saved on close. A save
 * made elsewhere (another window, replay runtimes from Trajectories, the command line) is
 * merged into the editor, never overwritten by its next save.
 */
export function useAutosave(store: EditorStore): void {
  useEffect(() => {
    let saved = store.getState().revision;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: Promise<void> = Promise.resolve();

    /** Brings a save made elsewhere into the editor (its own edits kept) and says so. */
    const mergeFromElsewhere = async (graphId: string) => {
      const graph = await api.invoke('graphs.get', { id: graphId }).catch(() => null);
      if (!graph || graph.updatedAt === store.getState().storedAt) return;
      const conflicts = store.getState().mergeStored(graphContentOf(graph), graph.updatedAt);
      useUi
        .getState()
        .notify(
          conflicts.length
            ? `This graph was changed elsewhere; merged, keeping your edits of ${conflicts.join(', ')}. Undo with Ctrl+Z.`
            : 'This graph was changed elsewhere; the changes are merged into the editor. Undo with Ctrl+Z.',
          conflicts.length ? 'error' : 'info',
          'graph',
        );
    };

    const save = () => {
      timer = undefined;
      const state = store.getState();
      if (state.revision === saved) return;
      const revision = state.revision;
      useGraphUi.getState().setSaveState('saving');
      inFlight = inFlight.then(() => {
        // Read when the save starts: an earlier save or merge may have moved the base.
        const { graphId, history, dismissed, stored, storedAt } = store.getState();
        const { tools, edges, environment = null } = history.present;
        // A drag or an auto-layout sends the moved positions, not the whole graph.
        const moved = movedOnly(stored, history.present);
        const saving = moved
          ? api.invoke('graphs.savePositions', {
              id: graphId,
              positions: [...moved].map(([tool, { x, y }]) => ({ tool, x, y })),
              dismissedSuggestions: dismissed,
              baseUpdatedAt: storedAt,
            })
          : api.invoke('graphs.save', {
              id: graphId,
              tools,
              edges,
              environment,
              dismissedSuggestions: dismissed,
              baseUpdatedAt: storedAt,
            });
        return saving.then(
          async ({ updatedAt, stale }) => {
            // Saved elsewhere since the editor read it: merge; the merge's own revision saves
            // the result on top.
            if (stale) return mergeFromElsewhere(graphId);
            store.getState().markStored({ tools, edges, environment }, updatedAt);
            saved = Math.max(saved, revision);
            if (store.getState().revision === saved) useGraphUi.getState().setSaveState('saved');
          },
          (error: Error) => {
            useGraphUi.getState().setSaveState('error');
            useUi.getState().notify(`The graph was not saved: ${error.message}`, 'error', 'graph');
          },
        );
      });
    };

    const offChanged = api.on('graphs.changed', ({ ids, reason, updatedAt }) => {
      const open = store.getState().graphId;
      if (!open) return;
      // Another process wrote to the workspace (`trellis graph runtime` in a terminal): which graph
      // is not known, so the open one is read again and merged if it changed.
      if (reason === 'external') {
        inFlight = inFlight.then(() => mergeFromElsewhere(open));
        return;
      }
      // Without ids, too many graphs changed to list: the open one may be among them.
      if (reason !== 'updated' || (ids && !ids.includes(open))) return;
      // After this editor's pending saves, so that their own events are recognised.
      inFlight = inFlight.then(() =>
        updatedAt && updatedAt === store.getState().storedAt ? undefined : mergeFromElsewhere(open),
      );
    });

    const unsubscribe = store.subscribe((state, previous) => {
      if (state.revision === previous.revision) return;
      useGraphUi.getState().setSaveState('saving');
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
      offChanged();
      unsubscribe();
      flush();
    };
  }, [store]);
}
