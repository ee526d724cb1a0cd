import { errorText } from '../../../api/error-text';
import { useState } from 'react';
import { countOf, shortWhen } from '../../../../../shared/text';
import { api } from '../../../api/api';
import { useQuery } from '../../../api/use-query';
import { useBrowserStore } from '../state';
import { ExperimentForm } from './ExperimentForm';
import { ExperimentView } from './ExperimentView';
import './experiments.css';

/** Experiments of the workspace: run one over the browser's selection, open one to see what changed. */
export function ExperimentsPanel() {
  const filter = useBrowserStore((s) => s.filter);
  const list = useQuery(
    () => api.invoke('experiments.list', {}),
    [],
    [
      { event: 'jobs.progress', when: (p) => p.kind === 'experiments.run' },
      { event: 'jobs.ended', when: (p) => p.kind === 'experiments.run' },
      // Made, run or deleted here or by \`trellis experiment\` in a terminal.
      'experiments.changed',
    ],
  );
  const openId = useBrowserStore((s) => s.experimentId);
  const setOpenId = useBrowserStore((s) => s.openExperiment);
  const [adding, setAdding] = useState(false);
  // The experiment kept open across a reload may be gone since (deleted, another workspace file):
  // then the newest is shown, as when none was opened.
  const known = openId !== null && (!list.data || list.data.some((e) => e.id === openId));
  const shown = known ? openId : (list.data?.[0]?.id ?? null);
  return (
    <section className="experiments-panel" aria-label="Experiments">
      <div className="toolbar">
        <label>
          Experiment
          <select value={shown ?? ''} onChange={(e) => setOpenId(e.target.value || null)} aria-label="Experiment">
            {!list.data?.length && <option value="">No experiments yet</option>}
            {list.data?.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}, {shortWhen(e.createdAt)} ({e.done} of {countOf(e.sources * e.candidates, 'run')}
                {e.errored ? `, ${e.errored} errored` : ''})
              </option>
            ))}
          </select>
        </label>
        {/* With no experiment yet the form is open already. */}
        {list.data?.length ? (
          <button type="button" aria-pressed={adding} onClick={() => setAdding(!adding)}>
            New experiment…
          </button>
        ) : null}
      </div>
      {(adding || list.data?.length === 0) && (
        <ExperimentForm
          filter={filter}
          onRan={(id) => {
            setOpenId(id);
            setAdding(false);
            list.reload();
          }}
        />
      )}
      {list.error && <p className="error">{errorText(list.error)}</p>}
      {shown ? (
        <ExperimentView id={shown} />
      ) : (
        <p className="muted">
          Filter the trajectories to re-run (a source, failed runs, a finding), then run an experiment with a candidate
          model; or from a terminal: trellis experiment run --source FILE --server URL.
        </p>
      )}
    </section>
  );
}
