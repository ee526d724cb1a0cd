import { createStore, keepInStorage } from '../../state/create-store';
import type { TrajectoryFilter } from '../../../../shared/domain';
import { patchFilter, type FilterSlice } from '../../state/trajectory-filter';

/** The key a review-queue position belongs to: the filter it was reached in, compared by value. */
export const selectionKey = (filter: TrajectoryFilter) => JSON.stringify(filter);

interface DatasetsSelection extends FilterSlice {
  /** Where the review queue stands, and the selection (`selectionKey`) it stands in. */
  queue: { selection: string; index: number };
  /** Moves the queue of `filter` to what `to` makes of its position (0 in a selection not reviewed yet). */
  moveQueue(filter: TrajectoryFilter, to: (index: number) => number): void;
}

/** The queue's position in `filter`: another selection than the one it was moved in starts at its first. */
export function queueIndex(s: DatasetsSelection, filter: TrajectoryFilter): number {
  return s.queue.selection === selectionKey(filter) ? s.queue.index : 0;
}

/** What the filter bar edits: the filter alone, not the queue's position. */
export const selectDatasetsFilter = (s: DatasetsSelection): FilterSlice => ({
  filter: s.filter,
  setFilter: s.setFilter,
  clearFilter: s.clearFilter,
});

/**
 * The Datasets workspace's own selection of trajectories (review queue, bulk labels, new
 * datasets): apart from the Trajectories browser's, which a user carries over on purpose. The
 * filter and the queue's position are kept in localStorage too, so a reload of the window
 * comes back to the same trajectory of the same selection.
 */
export const useDatasetsFilter = createStore<DatasetsSelection>(
  keepInStorage(
    (set) => ({
      filter: {},
      queue: { selection: selectionKey({}), index: 0 },
      setFilter: (patch) => set((s) => ({ filter: patchFilter(s.filter, patch) })),
      clearFilter: () => set({ filter: {} }),
      moveQueue: (filter, to) =>
        set((s) => ({ queue: { selection: selectionKey(filter), index: to(queueIndex(s, filter)) } })),
    }),
    {
      name: 'trellis.datasets',
      partialize: ({ filter, queue }) => ({ filter, queue }),
    },
  ),
);
