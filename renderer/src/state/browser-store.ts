import { create } from 'zustand';
import type { TrajectoryFilter } from '../../../shared/domain';

export type TrajectoryPane = 'inspect' | 'diff' | 'evaluate' | 'scores';

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

/** What the Trajectories workspace shows: the filter, the selection and the open pane. */
export type BrowserState = BrowserData & BrowserActions;

export const useBrowserStore = create<BrowserState>()((set) => ({
  filter: {},
  selectedId: null,
  compareId: null,
  pane: 'inspect',
  pickingCompare: false,
  setFilter: (patch) =>
    set((s) => {
      const filter: Record<string, unknown> = { ...s.filter, ...patch };
      for (const key of Object.keys(filter)) if (filter[key] === undefined || filter[key] === '') delete filter[key];
      return { filter: filter as TrajectoryFilter };
    }),
  clearFilter: () => set({ filter: {} }),
  select: (id) =>
    set((s) =>
      s.pickingCompare
        ? { compareId: id, pane: 'diff', pickingCompare: false }
        : { selectedId: id, pane: s.pane === 'evaluate' || s.pane === 'scores' ? 'inspect' : s.pane },
    ),
  compareWith: (compareId) => set({ compareId, pane: compareId ? 'diff' : 'inspect', pickingCompare: false }),
  showPane: (pane) => set({ pane, pickingCompare: false }),
  pickCompare: (pickingCompare) => set({ pickingCompare }),
}));
