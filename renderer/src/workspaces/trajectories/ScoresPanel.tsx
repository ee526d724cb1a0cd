import { useState } from 'react';
import type { Result } from '../../../../shared/contract';
import { trajectoriesCount } from '../../../../shared/text';
import { api } from '../../api/api';
import { useJob } from '../../api/use-job';
import { ErrorNote } from '../../components/ErrorNote';
import { JobProgress } from '../../components/JobProgress';
import { useBrowserStore } from './state';
import { downloadCsv } from './csv';
import { PlotChart, scoreHistogram } from '../../components/PlotChart';

type Scores = Result<'evaluation.gpa'>;
const SHOWN_ROWS = 200;

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(2));

/** Flattens one trajectory's scores into CSV columns, judged ones suffixed so they are never mistaken. */
function csvRow(item: Scores['items'][number]) {
  const row: Record<string, unknown> = { id: item.id, title: item.title };
  for (const [name, value] of Object.entries(item.scores)) row[name] = value;
  for (const [name, judged] of Object.entries(item.judged ?? {})) {
    row[`${name}_judged`] = judged.score;
    row[`${name}_judged_reason`] = judged.reason;
  }
  return row;
}

/**
 * Agent GPA scores over the browser's selection: the distribution of each metric as a chart,
 * the source of each (deterministic, heuristic, model-judged) beside it, and a CSV export.
 */
export function ScoresPanel() {
  const filter = useBrowserStore((s) => s.filter);
  const [judge, setJudge] = useState(false);
  const [scores, setScores] = useState<Scores | null>(null);
  const job = useJob();
  const { progress } = job;
  const run = () => job.run(async (jobId) => setScores(await api.invoke('evaluation.gpa', { filter, judge, jobId })));
  const valuesOf = (name: string, judged: boolean) =>
    (scores?.items ?? []).flatMap((i) => {
      const v = judged ? i.judged?.[name]?.score : i.scores[name];
      return typeof v === 'number' ? [v] : [];
    });

  return (
    <section className="scores" aria-label="Scores">
      <h2>Agent GPA scores of the selection</h2>
      <p className="muted">
        Scores the trajectories the filters on the left select. Deterministic scores are computed from the turns;
        model-judged ones ask the loaded model (0–3, normalised) and are always marked as such.
      </p>
      <div className="eval-form">
        <label className="checkbox">
          <input type="checkbox" checked={judge} onChange={(e) => setJudge(e.target.checked)} /> Add model-judged scores
          (loaded model; five generations per trajectory)
        </label>
        <button type="button" className="primary" disabled={job.busy} onClick={() => void run()}>
          {job.busy ? 'Scoring…' : 'Score selection'}
        </button>
        {job.busy && (
          <JobProgress progress={progress} label="Scoring progress" onCancel={job.cancel}>
            {progress && `${progress.done} of ${progress.total}`}
          </JobProgress>
        )}
      </div>
      <ErrorNote message={job.error} />
      {scores && (
        <div data-testid="scores-results">
          <p>
            {trajectoriesCount(scores.items.length)} scored{scores.cancelled ? ' (cancelled: partial results)' : ''}.{' '}
            <button
              type="button"
              disabled={!scores.items.length}
              onClick={() => downloadCsv('trajectory-scores.csv', scores.items.map(csvRow))}
            >
              Export CSV
            </button>
          </p>
          <div className="charts">
            {scores.metrics.map((m) => {
              const judged = m.source === 'model-judged';
              const values = valuesOf(m.name, judged);
              const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
              return (
                <figure key={`${m.source}-${m.name}`} className={`metric metric-${m.source}`}>
                  <figcaption>
                    {m.label} <span className="source">{m.source}</span> · mean {fmt(mean)} over {values.length}
                  </figcaption>
                  <PlotChart
                    label={`${m.label} (${m.source}) distribution`}
                    make={() => scoreHistogram(values, m.label, 300)}
                    deps={[scores, m.name]}
                  />
                </figure>
              );
            })}
          </div>
          <table>
            <thead>
              <tr>
                <th>Trajectory</th>
                {scores.metrics.map((m) => (
                  <th key={`${m.source}-${m.name}`} title={`${m.label}: ${m.name} in the CSV`}>
                    {/* The label without its explanation, which the chart above and the title give. */}
                    {m.label.replace(/ \(.*\)$/, '')}
                    {m.source !== 'deterministic' && <span className="source"> ({m.source})</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {scores.items.slice(0, SHOWN_ROWS).map((item) => (
                <tr key={item.id}>
                  <td>{item.title}</td>
                  {scores.metrics.map((m) =>
                    m.source === 'model-judged' ? (
                      <td key={`j-${m.name}`} title={item.judged?.[m.name]?.reason}>
                        {fmt(item.judged?.[m.name]?.score)}
                      </td>
                    ) : (
                      <td key={m.name}>{fmt(item.scores[m.name])}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {scores.items.length > SHOWN_ROWS && (
            <p className="muted">
              The table shows the first {SHOWN_ROWS}; the charts and the CSV cover all {scores.items.length}.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
