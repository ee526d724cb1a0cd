import { create } from 'zustand';
import type { TrajectoryFilter } from '../../../../shared/domain';
import { patchFilter, type FilterSlice } from '../../state/trajectory-filter';

export type TrajectoryPane = 'inspect' | 'diff' | 'evaluate' | 'scores' | 'experiments';

interface BrowserData {
  filter: TrajectoryFilter;
  selectedId: string | null;
  /** The trajectory the selected one is compared with in the diff pane. */
  compareId: string | null;
  pane: TrajectoryPane;
  /** The next trajectory picked in the list becomes the one compared with. */
  pickingCompare: boolean;
}

interface BrowserActions {
  setFilter(patch: Partial<TrajectoryFilter>): void;
  clearFilter(): void;
  select(id: string | null): void;
  compareWith(id: string | null): void;
  showPane(pane: TrajectoryPane): void;
  pickCompare(on: boolean): void;
}

/** What the Trajectories workspace shows: its own filter (Datasets keeps another), the selection and the open pane. */
export type BrowserState = BrowserData & BrowserActions;

/** The filter bar's part of the browser. */
export const selectFilter = (s: BrowserState): FilterSlice => ({
  filter: s.filter,
  setFilter: s.setFilter,
  clearFilter: s.clearFilter,
});

export const useBrowserStore = create<BrowserState>()((set) => ({
  filter: {},
  selectedId: null,
  compareId: null,
  pane: 'inspect',
  pickingCompare: false,
  setFilter: (patch) => set((s) => ({ filter: patchFilter(s.filter, patch) })),
  clearFilter: () => set({ filter: {} }),
  select: (id) =>
    set((s) =>
      s.pickingCompare
        ? { compareId: id, pane: 'diff', pickingCompare: false }
        : {
            selectedId: id,
            pane: s.pane === 'evaluate' || s.pane === 'scores' || s.pane === 'experiments' ? 'inspect' : s.pane,
          },
    ),
  compareWith: (compareId) => set({ compareId, pane: compareId ? 'diff' : 'inspect', pickingCompare: false }),
  showPane: (pane) => set({ pane, pickingCompare: false }),
  pickCompare: (pickingCompare) => set({ pickingCompare }),
}));

interface ChecksState {
  /**
   * Whether the checks ran over every trajectory (not cancelled) since this window last imported
   * any: then a trajectory without findings is one the checks found nothing on, not an unchecked one.
   */
  checkedAll: boolean;
  setCheckedAll(checkedAll: boolean): void;
}

/** What this window knows about the checks having run; kept across workspace switches. */
export const useChecksState = create<ChecksState>()((set) => ({
  checkedAll: false,
  setCheckedAll: (checkedAll) => set({ checkedAll }),
}));
