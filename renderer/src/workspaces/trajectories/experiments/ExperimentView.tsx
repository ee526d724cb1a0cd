import { errorText } from '../../../api/error-text';
import { useState } from 'react';
import type { ExperimentRun, ExperimentView as View } from '../../../../../shared/experiments/types';
import { countOf } from '../../../../../shared/text';
import { api } from '../../../api/api';
import { useJob } from '../../../api/use-job';
import { useQuery } from '../../../api/use-query';
import { ErrorNote } from '../../../components/ErrorNote';
import { JobProgress } from '../../../components/JobProgress';
import { firstClickOnly } from '../../../components/first-click';
import { useUi } from '../../../state/ui-store';
import { AddToDataset } from '../AddToDataset';
import { useBrowserStore } from '../state';
import { SideBySide } from './SideBySide';

const COLUMNS = ['runs', 'same', 'diverged', 'improved', 'regressed', 'errored', 'misses'] as const;

/** Where a run first did otherwise than its recording, in a line. */
export function divergenceText(run: ExperimentRun): string {
  if (run.error) return run.error;
  const d = run.divergence;
  if (!d) return 'same calls and answer';
  const changes = d.changes.map((c) => `${c.path}: ${c.before} → ${c.after}`).join('; ');
  return `turn ${d.runTurn ?? d.sourceTurn}: ${d.kind}${changes ? ` (${changes})` : ''}`;
}

/** An experiment: the table per candidate, then every run with where it diverged, each openable. */
export function ExperimentView({ id }: { id: string }) {
  const view = useQuery(
    () => api.invoke('experiments.get', { id }),
    [id],
    [
      { event: 'jobs.progress', when: (p) => p.kind === 'experiments.run' },
      { event: 'jobs.ended', when: (p) => p.kind === 'experiments.run' },
      // Its runs kept by another process (\`trellis experiment run\` in a terminal).
      { event: 'experiments.changed', when: (p) => !p.ids || p.ids.includes(id) },
    ],
  );
  const [onlyChanged, setOnlyChanged] = useState(true);
  const [compare, setCompare] = useState(false);
  if (view.error) return <p className="error">{errorText(view.error)}</p>;
  const data: View | undefined = view.data;
  if (!data) return <p className="muted">Loading…</p>;
  const rows = onlyChanged ? data.runs.filter((r) => r.verdict !== 'same') : data.runs;
  return (
    <section className="experiment-view" aria-label={`Experiment ${data.name}`}>
      <h3>{data.name}</h3>
      <ExperimentJob view={data} />
      <p className="muted" data-testid="experiment-status">
        {data.status} · {countOf(data.sources, 'trajectory', 'trajectories')} ×{' '}
        {countOf(data.definition.candidates.length, 'candidate')} · tools by {data.definition.toolPolicy}
      </p>
      <table className="experiment-table" aria-label="Candidates">
        <thead>
          <tr>
            <th>Candidate</th>
            {COLUMNS.map((c) => (
              <th key={c}>{c}</th>
            ))}
            <th title="Of the runs that did not error: how many of their recordings succeeded → how many re-runs did.">
              succeeded
            </th>
          </tr>
        </thead>
        <tbody>
          {data.table.map((row) => (
            <tr key={row.candidate}>
              <td>{row.label}</td>
              {COLUMNS.map((c) => (
                <td key={c} data-testid={`cell-${c}`}>
                  {row[c]}
                </td>
              ))}
              <td>
                {row.succeededBefore} → {row.succeededAfter}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{data.seedNote}</p>
      <div className="toolbar">
        <label>
          <input type="checkbox" checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} /> Only runs
          that changed
        </label>
        {data.definition.candidates.length > 1 && (
          <button type="button" aria-pressed={compare} onClick={() => setCompare(!compare)}>
            Side by side
          </button>
        )}
      </div>
      {compare ? (
        <SideBySide id={id} />
      ) : (
        <table className="experiment-runs" aria-label="Runs">
          <thead>
            <tr>
              <th>Trajectory</th>
              <th>Verdict</th>
              <th title="The run's turn set against the recording's turn at the same step. Compare aligns the two conversations instead, so a call the candidate skipped (say, a failed first try) shows there as a turn removed from the recording.">
                First divergence
              </th>
              <th>Misses</th>
              <th title="Before → after: the recording's outcome, or what its calls say when it carries none, and the re-run's.">
                Outcome
              </th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((run) => (
              <RunRow key={`${run.sourceId}-${run.candidate}`} run={run} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The source's outcome; one its record does not carry is marked as read from its calls. */
function OutcomeBefore({ run }: { run: ExperimentRun }) {
  if (run.outcomeBefore === null) return <>—</>;
  if (run.outcomeBeforeFrom !== 'calls') return <>{run.outcomeBefore}</>;
  return (
    <span
      className="outcome-derived"
      title="The record carries no outcome (the list says “no outcome”); this is what its calls say, read as a re-run’s is."
    >
      {run.outcomeBefore} (from its calls)
    </span>
  );
}

function RunRow({ run }: { run: ExperimentRun }) {
  const compareWith = useBrowserStore((s) => s.compareWith);
  const select = useBrowserStore((s) => s.select);
  return (
    <tr data-verdict={run.verdict}>
      <td>{run.sourceTitle}</td>
      <td className={`verdict verdict-${run.verdict}`}>{run.verdict}</td>
      <td>{divergenceText(run)}</td>
      <td>{run.misses.length || ''}</td>
      <td>
        <OutcomeBefore run={run} /> → {run.outcomeAfter ?? '—'}
      </td>
      <td>
        {run.runId && (
          <div className="experiment-actions">
            <button type="button" onClick={() => useUi.getState().openIn('runs', { trajectoryId: run.runId! })}>
              Open in debugger
            </button>
            <button
              type="button"
              onClick={() => {
                select(run.sourceId);
                compareWith(run.runId, 'experiments');
              }}
            >
              Diff
            </button>
            {run.verdict === 'improved' && <AddToDataset trajectoryId={run.runId} />}
          </div>
        )}
      </td>
    </tr>
  );
}

/**
 * The experiment's job as the backend holds it, whichever window started it: its progress and
 * Cancel while it runs, Resume when it stopped before every run was made.
 */
function ExperimentJob({ view }: { view: View }) {
  const job = useJob();
  const total = view.sources * view.definition.candidates.length;
  const done = new Set(view.runs.map((r) => `${r.sourceId}:${r.candidate}`)).size;
  if (view.status === 'running' && view.jobId)
    return (
      <div className="toolbar">
        <JobProgress
          progress={{ done, total }}
          label="Experiment progress"
          onCancel={() => void api.invoke('jobs.cancel', { jobId: view.jobId! })}
        >
          {done} of {countOf(total, 'run')}
        </JobProgress>
      </div>
    );
  if (view.status !== 'incomplete') return null;
  return (
    <div className="toolbar">
      <span className="muted">
        Stopped after {done} of {countOf(total, 'run')}.
      </span>
      <button
        type="button"
        disabled={job.busy}
        onClick={firstClickOnly(
          () =>
            void job.run(async (jobId) => {
              await api.invoke('experiments.run', { jobId, experimentId: view.id });
            }),
        )}
      >
        Resume
      </button>
      <ErrorNote message={job.error} />
    </div>
  );
}
