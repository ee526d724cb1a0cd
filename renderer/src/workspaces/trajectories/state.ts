import { createStore, keepInStorage } from '../../state/create-store';
import type { TrajectoryFilter } from '../../../../shared/domain';
import type { TrajectoryFormat } from '../../../../shared/contract/trajectories';
import type { Result } from '../../../../shared/contract';
import type { TrajectoryMapping } from '../../../../shared/formats/mapping';
import { patchFilter, type FilterSlice } from '../../state/trajectory-filter';
import { formDraft, keptFields } from '../../state/form-draft';

export type TrajectoryPane = 'inspect' | 'diff' | 'evaluate' | 'scores' | 'experiments';

interface BrowserData {
  filter: TrajectoryFilter;
  selectedId: string | null;
  /** The trajectory the selected one is compared with in the diff pane. */
  compareId: string | null;
  pane: TrajectoryPane;
  /** The next trajectory picked in the list becomes the one compared with. */
  pickingCompare: boolean;
  /** The pane "Close diff" goes back to: the one the diff was opened from (an experiment's table). */
  diffReturnsTo: TrajectoryPane;
  /** The experiment the Experiments pane shows (null: the newest); kept while a diff is open over it. */
  experimentId: string | null;
  /** The toolbar's open drawer (Import…, Replay runtimes…), kept while another workspace is open. */
  drawer: TrajectoryDrawer | null;
}

export type TrajectoryDrawer = 'import' | 'replay';

interface BrowserActions {
  setFilter(patch: Partial<TrajectoryFilter>): void;
  clearFilter(): void;
  select(id: string | null): void;
  /** Opens the diff with `id` (`from`: the pane to go back to), or closes it (null). */
  compareWith(id: string | null, from?: TrajectoryPane): void;
  openExperiment(id: string | null): void;
  showPane(pane: TrajectoryPane): void;
  pickCompare(on: boolean): void;
  openDrawer(drawer: TrajectoryDrawer | null): void;
}

/** What the Trajectories workspace shows: its own filter (Datasets keeps another), the selection and the open pane. */
export type BrowserState = BrowserData & BrowserActions;

/** The filter bar's part of the browser. */
export const selectFilter = (s: BrowserState): FilterSlice => ({
  filter: s.filter,
  setFilter: s.setFilter,
  clearFilter: s.clearFilter,
});

export const useBrowserStore = createStore<BrowserState>(
  keepInStorage(
    (set) => ({
      filter: {},
      selectedId: null,
      compareId: null,
      pane: 'inspect',
      pickingCompare: false,
      diffReturnsTo: 'inspect',
      experimentId: null,
      drawer: null,
      setFilter: (patch) => set((s) => ({ filter: patchFilter(s.filter, patch) })),
      clearFilter: () => set({ filter: {} }),
      select: (id) =>
        set((s) =>
          s.pickingCompare
            ? // A trajectory compared with itself shows nothing: the pick waits for another one.
              id === s.selectedId
              ? {}
              : { compareId: id, pane: 'diff', pickingCompare: false }
            : {
                selectedId: id,
                pane: s.pane === 'evaluate' || s.pane === 'scores' || s.pane === 'experiments' ? 'inspect' : s.pane,
              },
        ),
      compareWith: (compareId, from = 'inspect') =>
        set((s) =>
          compareId
            ? { compareId, pane: 'diff', pickingCompare: false, diffReturnsTo: from }
            : { compareId, pane: s.diffReturnsTo, pickingCompare: false, diffReturnsTo: 'inspect' },
        ),
      openExperiment: (experimentId) => set({ experimentId }),
      showPane: (pane) => set({ pane, pickingCompare: false }),
      pickCompare: (pickingCompare) => set({ pickingCompare }),
      openDrawer: (drawer) => set({ drawer }),
    }),
    // What the person set up outlives a reload of the window: the filter, the selection, the open
    // pane and experiment, the open drawer (what is typed in the drawer is kept by its own draft).
    // Picking a trajectory to compare with is a moment's mode, not kept.
    {
      name: 'trellis.trajectories',
      partialize: ({ filter, selectedId, compareId, pane, diffReturnsTo, experimentId, drawer }) => ({
        filter,
        selectedId,
        compareId,
        pane,
        diffReturnsTo,
        experimentId,
        drawer,
      }),
    },
  ),
);

interface ChecksState {
  /**
   * Whether the checks ran over every trajectory (not cancelled) since this window last imported
   * any: then a trajectory without findings is one the checks found nothing on, not an unchecked one.
   */
  checkedAll: boolean;
  /** What the last run of the checks found (null: none yet in this window). */
  summary: Result<'trajectories.checkAll'> | null;
  /** Trajectories were added, edited or removed since: the summary is of what was there before. */
  stale: boolean;
  finished(summary: Result<'trajectories.checkAll'>): void;
  /**
   * Trajectories changed (not by the checks): what the summary said may no longer hold, and
   * with `added`, some trajectories have not been checked at all.
   */
  changed(added: boolean): void;
}

/** What this window knows about the checks having run; kept across workspace switches. */
export const useChecksState = createStore<ChecksState>((set) => ({
  checkedAll: false,
  summary: null,
  stale: false,
  finished: (summary) => set({ summary, stale: false, checkedAll: !summary.cancelled }),
  changed: (added) => set((s) => ({ stale: s.summary !== null, checkedAll: s.checkedAll && !added })),
}));

/** Where the tools an imported file declares go: nowhere, a new graph, or an existing graph. */
export type ToolTarget = { kind: 'none' } | { kind: 'new'; name: string } | { kind: 'existing'; graphId: string };

interface ImportDraft {
  path: string;
  format: '' | TrajectoryFormat;
  lenient: boolean;
  target: ToolTarget;
  /** The last import's report, shown until the next import starts. */
  report: Result<'trajectories.import'> | null;
  /** Whether the mapping editor is open ("Map fields…"). */
  mapping: boolean;
  /** The mapping being edited and the file it was proposed for: a new file gets a new proposal. */
  mappingDraft: { forPath: string; mapping: TrajectoryMapping } | null;
  /** Where "Export mapping" writes. */
  mappingExportPath: string;
}

/**
 * What the import form holds before it runs: kept when the drawer closes or another workspace
 * opens, and (all but the last report) across a reload of the window.
 */
export const useImportDraft = createStore(
  keepInStorage(
    formDraft<ImportDraft>({
      path: '',
      format: '',
      lenient: false,
      target: { kind: 'none' },
      report: null,
      mapping: false,
      mappingDraft: null,
      mappingExportPath: '',
    }),
    keptFields<ImportDraft>('trellis.importDraft', [
      'path',
      'format',
      'lenient',
      'target',
      'mapping',
      'mappingDraft',
      'mappingExportPath',
    ]),
  ),
);
