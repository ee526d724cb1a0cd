import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useShallow } from 'zustand/react/shallow';
import { useBrowserStore, type BrowserState } from '../../state/browser-store';
import { CheckAll } from './CheckAll';
import { DiffView } from './DiffView';
import { EvaluatePanel } from './EvaluatePanel';
import { FilterBar } from '../../components/FilterBar';
import { ImportForm } from './ImportForm';
import { Inspector } from './Inspector';
import { ReplayFromSelection } from './ReplayFromSelection';
import { ScoresPanel } from './ScoresPanel';
import { SelectionSummary } from './SelectionSummary';
import { TrajectoryList } from './TrajectoryList';
import { usePagedList } from '../../state/use-paged-list';
import './trajectories.css';

const selector = (s: BrowserState) => ({
  selectedId: s.selectedId,
  compareId: s.compareId,
  pane: s.pane,
  pickingCompare: s.pickingCompare,
});

/** Browse, search and filter trajectories; inspect one, diff two, score prediction files. */
export function TrajectoriesWorkspace() {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const filter = useBrowserStore((s) => s.filter);
  const { selectedId, compareId, pane, pickingCompare } = useBrowserStore(useShallow(selector));
  const showPane = useBrowserStore((s) => s.showPane);
  const pickCompare = useBrowserStore((s) => s.pickCompare);
  const list = usePagedList(filter);
  const facets = useQuery(() => api.invoke('trajectories.facets', {}), [version]);
  const { reload } = list;
  useEffect(() => {
    if (version) reload();
  }, [version, reload]);
  useEffect(() => {
    if (!pickingCompare) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && pickCompare(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pickingCompare, pickCompare]);

  return (
    <section className="trajectories-workspace" aria-label="Trajectories">
      <div className="trajectories-toolbar">
        <h1>Trajectories</h1>
        <details>
          <summary>Import…</summary>
          <ImportForm onImported={changed} />
        </details>
        <CheckAll onChecked={changed} />
        <details>
          <summary>Replay runtimes…</summary>
          <ReplayFromSelection />
        </details>
        <button
          type="button"
          aria-pressed={pane === 'evaluate'}
          onClick={() => showPane(pane === 'evaluate' ? 'inspect' : 'evaluate')}
        >
          Evaluate…
        </button>
        <button
          type="button"
          aria-pressed={pane === 'scores'}
          onClick={() => showPane(pane === 'scores' ? 'inspect' : 'scores')}
        >
          Score selection…
        </button>
      </div>
      <div className="trajectories-split">
        <aside className="browser" aria-label="Trajectory browser">
          <FilterBar facets={facets.data} />
          <SelectionSummary version={version} />
          {pickingCompare && (
            <p className="picking" role="status">
              Pick the trajectory to compare with (Esc to cancel).
            </p>
          )}
          {list.error && <p className="error">{list.error}</p>}
          <p className="muted list-count" data-testid="list-count">
            {list.total === null
              ? list.error
                ? 'No list'
                : 'Loading…'
              : `${list.total.toLocaleString()} trajectories`}
          </p>
          <TrajectoryList list={list} />
        </aside>
        <div className="trajectory-pane">
          {pane === 'evaluate' ? (
            <EvaluatePanel />
          ) : pane === 'scores' ? (
            <ScoresPanel />
          ) : pane === 'diff' && selectedId && compareId ? (
            <DiffView leftId={selectedId} rightId={compareId} />
          ) : selectedId ? (
            <Inspector id={selectedId} version={version} />
          ) : (
            <div className="empty-state">
              <p>Select a trajectory to see its turns, findings and path on its tool graph.</p>
              <p className="muted">
                Import logs with Import…, run the checks to find failures, filter by finding kind to list the failed
                ones, and use Compare with… to diff two trajectories.
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
