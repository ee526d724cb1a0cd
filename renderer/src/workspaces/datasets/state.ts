import { createStore } from '../../state/create-store';
import { patchFilter, type FilterSlice } from '../../state/trajectory-filter';

/**
 * The Datasets workspace's own selection of trajectories (review queue, bulk labels, new
 * datasets): apart from the Trajectories browser's, which a user carries over on purpose.
 */
export const useDatasetsFilter = createStore<FilterSlice>((set) => ({
  filter: {},
  setFilter: (patch) => set((s) => ({ filter: patchFilter(s.filter, patch) })),
  clearFilter: () => set({ filter: {} }),
}));
