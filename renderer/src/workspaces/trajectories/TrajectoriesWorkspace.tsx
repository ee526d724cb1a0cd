import { ChartColumn, FlaskConical, History, Scale, Upload } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { SELECTION_CHANGES, useRefresh } from '../../api/use-refresh';
import { useShallow } from '../../state/create-store';
import { selectFilter, useBrowserStore, type BrowserState } from './state';
import { CheckAll } from './CheckAll';
import { DiffView } from './DiffView';
import { EvaluatePanel } from './EvaluatePanel';
import { ExperimentsPanel } from './experiments/ExperimentsPanel';
import { FilterBar } from '../../components/FilterBar';
import { Workbench } from '../../components/Workbench';
import { ImportForm } from './ImportForm';
import { useRegisterAction } from '../../commands/panel-actions';
import { CommandButton } from '../../components/CommandButton';
import { Inspector } from './Inspector';
import { ReplayFromSelection } from './ReplayFromSelection';
import { ScoresPanel } from './ScoresPanel';
import { SelectionSummary } from './SelectionSummary';
import { TrajectoryList } from './TrajectoryList';
import { TraceReceiverNote } from './TraceReceiverNote';
import { usePagedList } from '../../state/use-paged-list';
import './trajectories.css';
import { trajectoriesCount } from '../../../../shared/text';

const selector = (s: BrowserState) => ({
  selectedId: s.selectedId,
  compareId: s.compareId,
  pane: s.pane,
  pickingCompare: s.pickingCompare,
});

/** Browse, search and filter trajectories; inspect one, diff two, score prediction files. */
export function TrajectoriesWorkspace() {
  const filterBar = useBrowserStore(useShallow(selectFilter));
  const filter = filterBar.filter;
  const { pane, pickingCompare } = useBrowserStore(useShallow(selector));
  const pickCompare = useBrowserStore((s) => s.pickCompare);
  const setDrawer = useBrowserStore((s) => s.openDrawer);
  // The palette's Import Trajectories…: the import drawer, its file field focused.
  const [importAsked, setImportAsked] = useState(0);
  useRegisterAction('importTrajectories', () => {
    setDrawer('import');
    setImportAsked((n) => n + 1);
  });
  const list = usePagedList(filter);
  const facets = useQuery(() => api.invoke('trajectories.facets', {}), [], SELECTION_CHANGES);
  useRefresh(SELECTION_CHANGES, list.reload);
  useEffect(() => {
    if (!pickingCompare) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && pickCompare(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pickingCompare, pickCompare]);

  const paneTitle = {
    inspect: 'Trajectory',
    diff: 'Diff',
    evaluate: 'Evaluate',
    scores: 'Scores',
    experiments: 'Experiments',
  }[pane];

  return (
    <Workbench
      id="trajectories"
      className="trajectories-workspace"
      label="Trajectories"
      toolbar={<TrajectoriesToolbar importAsked={importAsked} />}
      side={{
        id: 'trajectories-browser',
        title: 'Trajectories',
        defaultSize: 400,
        minSize: 260,
        maxSize: '60%',
        collapsible: true,
        children: (
          <aside className="browser" aria-label="Trajectory browser">
            <TraceReceiverNote />
            <FilterBar facets={facets.data} {...filterBar} />
            <SelectionSummary />
            {pickingCompare && (
              <p className="picking" role="status">
                Pick another trajectory in the list to compare this one with (Esc to cancel).
              </p>
            )}
            {list.error && <p className="error">{list.error}</p>}
            <p className="muted list-count" data-testid="list-count">
              {list.total === null ? (list.error ? 'No list' : 'Loading…') : trajectoriesCount(list.total)}
            </p>
            <TrajectoryList list={list} />
          </aside>
        ),
      }}
      main={{
        id: 'trajectories-pane',
        title: paneTitle,
        minSize: 360,
        children: <TrajectoryPane />,
      }}
    />
  );
}

/** The one-line toolbar (each button a command) and the drawer it opens under it. */
function TrajectoriesToolbar({ importAsked }: { importAsked: number }) {
  const { pane, drawer } = useBrowserStore(useShallow((s) => ({ pane: s.pane, drawer: s.drawer })));
  const setDrawer = useBrowserStore((s) => s.openDrawer);
  return (
    <>
      <div className="trajectories-toolbar toolbar">
        <DrawerToggle open={drawer === 'import'} onToggle={(open) => setDrawer(open ? 'import' : null)}>
          <Upload size={14} aria-hidden />
          Import…
        </DrawerToggle>
        <DrawerToggle open={drawer === 'replay'} onToggle={(open) => setDrawer(open ? 'replay' : null)}>
          <History size={14} aria-hidden />
          Replay runtimes…
        </DrawerToggle>
        <CommandButton id="trajectories.evaluate" icon={Scale} label="Evaluate…" pressed={pane === 'evaluate'} />
        <CommandButton
          id="trajectories.scores"
          icon={ChartColumn}
          label="Score selection…"
          pressed={pane === 'scores'}
        />
        <CommandButton
          id="trajectories.experiments"
          icon={FlaskConical}
          label="Experiments…"
          pressed={pane === 'experiments'}
        />
        <span className="toolbar-divider" aria-hidden />
        <CheckAll />
      </div>
      {drawer && (
        <div
          className="toolbar-drawer"
          // Escape closes the drawer (a picker inside closes itself first and stops the key), and the
          // focus goes back to the toolbar button that opened it.
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || e.defaultPrevented) return;
            e.currentTarget.parentElement?.querySelector<HTMLElement>('.drawer-toggle[open] > summary')?.focus();
            setDrawer(null);
          }}
        >
          {drawer === 'import' ? <ImportForm focusAsked={importAsked} /> : <ReplayFromSelection />}
        </div>
      )}
    </>
  );
}

/** The right-hand pane: the trajectory selected, a diff, or what the toolbar opened (evaluate, scores, experiments). */
function TrajectoryPane() {
  const { selectedId, compareId, pane } = useBrowserStore(useShallow(selector));
  return (
    <div className="trajectory-pane">
      {pane === 'evaluate' ? (
        <EvaluatePanel />
      ) : pane === 'scores' ? (
        <ScoresPanel />
      ) : pane === 'experiments' ? (
        <ExperimentsPanel />
      ) : pane === 'diff' && selectedId && compareId ? (
        <DiffView leftId={selectedId} rightId={compareId} />
      ) : selectedId ? (
        <Inspector id={selectedId} />
      ) : (
        <div className="empty-state">
          <p>Select a trajectory to see its turns, findings and path on its tool graph.</p>
          <p className="muted">
            Import logs with Import…, run the checks to find failures, filter by finding kind to list the failed ones,
            and use Compare with… to diff two trajectories.
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * A toolbar button that opens a drawer under the toolbar; a <details> so it reads as a disclosure,
 * its content rendered apart so the toolbar keeps its one line.
 */
function DrawerToggle({
  open,
  onToggle,
  children,
}: {
  open: boolean;
  onToggle(open: boolean): void;
  children: ReactNode;
}) {
  return (
    <details
      className="drawer-toggle"
      open={open}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        if (now !== open) onToggle(now);
      }}
    >
      <summary>{children}</summary>
    </details>
  );
}
