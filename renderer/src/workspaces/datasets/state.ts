import { create } from 'zustand';
import { patchFilter, type FilterSlice } from '../../state/trajectory-filter';

/**
 * The Datasets workspace's own selection of trajectories (review queue, bulk labels, new
 * datasets): apart from the Trajectories browser's, which a user carries over on purpose.
 */
export const useDatasetsFilter = create<FilterSlice>()((set) => ({
  filter: {},
  setFilter: (patch) => set((s) => ({ filter: patchFilter(s.filter, patch) })),
  clearFilter: () => set({ filter: {} }),
}));
