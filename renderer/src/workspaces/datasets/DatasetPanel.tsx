import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Result } from '../../../../shared/contract';
import { describeOutcomeCounts } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useJob } from '../../api/use-job';
import { useQuery } from '../../api/use-query';
import type { RefreshOn } from '../../api/use-refresh';
import { ErrorNote } from '../../components/ErrorNote';
import { JobProgress } from '../../components/JobProgress';
import { useDatasetsFilter } from './state';
import { countBars, PlotChart } from '../../components/PlotChart';
import { CoverageGraph } from './CoverageGraph';
import { ExportPanel } from './ExportPanel';
import { useRegisterAction } from '../../commands/panel-actions';
import { trajectoriesCount, countOf } from '../../../../shared/text';

/**
 * Coverage counts tool pairs (A called, then B), which the Graph inspector's dependency-edge
 * count is not: several edges can join one pair. Both units are named so the numbers agree.
 */
function dependencyCoverageText(coverage: Result<'datasets.stats'>['toolCoverage']): string {
  const { edgesCovered, edgesTotal, dependencyEdges } = coverage;
  const pairs = `${edgesTotal} tool ${edgesTotal === 1 ? 'pair' : 'pairs'}`;
  return (
    `dependency coverage: ${edgesCovered} of the ${pairs} joined by the graph's ${dependencyEdges} dependency ` +
    `edges (output → parameter) called in order (A, then B).`
  );
}

/**
 * What a dataset's statistics count: its items, their trajectories, their labels. One review at
 * a time does not recompute a whole dataset's statistics (that is a job over every item); a bulk
 * label, a change another process made and any change of the dataset itself do.
 */
const statsChanges = (id: string): RefreshOn[] => [
  { event: 'datasets.changed', when: (p) => !p.ids || p.ids.includes(id) },
  'trajectories.changed',
  { event: 'labels.changed', when: (p) => p.reason !== 'labelled' },
];

function Stats({ id }: { id: string }) {
  const stats = useQuery(() => api.invoke('datasets.stats', { id }), [id], statsChanges(id)).data;
  const graphId = stats?.toolCoverage.graphId ?? null;
  const graph = useQuery(graphId ? () => api.invoke('graphs.get', { id: graphId }) : null, [graphId]);
  if (!stats) return null;
  const pct = (x: number) => `${Math.round(100 * x)}%`;
  return (
    <div className="dataset-stats" data-testid="dataset-stats">
      <p>
        {trajectoriesCount(stats.size)} (
        {Object.entries(stats.bySplit)
          .map(([s, n]) => `${s} ${n}`)
          .join(', ')}
        ) · mean {stats.turns.mean.toFixed(1)} turns per trajectory ·{' '}
        {stats.modelTokens
          ? `${countOf(Math.round(stats.modelTokens.mean), 'token')} per trajectory on average by the loaded model's chat template (max ${stats.modelTokens.max}, ${stats.modelTokens.sampled} sampled)`
          : `~${countOf(Math.round(stats.estimatedTokens.mean), 'token')} per trajectory on average (estimated from characters; load a model for exact counts)`}
      </p>
      <p>
        Tool coverage: {countOf(Object.keys(stats.toolCoverage.calls).length, 'tool')} used
        {stats.toolCoverage.unusedTools.length > 0 && `, unused: ${stats.toolCoverage.unusedTools.join(', ')}`};{' '}
        {dependencyCoverageText(stats.toolCoverage)}
      </p>
      {describeOutcomeCounts(stats.outcomes) && (
        <p data-testid="dataset-outcomes">Outcomes: {describeOutcomeCounts(stats.outcomes)}.</p>
      )}
      {Object.keys(stats.findingRates).length > 0 && (
        <p>
          Finding rates:{' '}
          {Object.entries(stats.findingRates)
            .map(([k, r]) => `${k} ${pct(r)}`)
            .join(', ')}
        </p>
      )}
      {graph.data && <CoverageGraph graph={graph.data} calls={stats.toolCoverage.calls} />}
      <div className="charts">
        <figure>
          <figcaption>Calls by tool</figcaption>
          <PlotChart label="Calls by tool" make={() => countBars(stats.toolCoverage.calls, 380)} deps={[stats]} />
        </figure>
        <figure>
          <figcaption>Labels</figcaption>
          <PlotChart label="Labels" make={() => countBars(stats.labels, 380)} deps={[stats]} />
        </figure>
      </div>
    </div>
  );
}

/** Datasets: made from the current selection, with statistics, deduplication and export. */
export function DatasetPanel() {
  const filter = useDatasetsFilter((s) => s.filter);
  const datasets = useQuery(() => api.invoke('datasets.list', {}), [], ['datasets.changed']);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [ratio, setRatio] = useState('0.8,0.1,0.1');
  const [seed, setSeed] = useState('1');
  const [threshold, setThreshold] = useState('0.8');
  const [dedup, setDedup] = useState<Result<'datasets.dedup'> | null>(null);
  const action = useAction();
  // Deduplication and export are jobs: progress and a Cancel while one runs (one job at a time).
  const job = useJob();
  const { progress } = job;
  const busy = action.busy || job.busy;
  const current = selected ?? datasets.data?.[0]?.id ?? null;
  const shares = () => {
    const [train = 0, validation = 0, test = 0] = ratio.split(',').map(Number);
    return { train, validation, test };
  };
  const nameField = useRef<HTMLInputElement>(null);
  const create = () => {
    if (!name.trim()) {
      nameField.current?.scrollIntoView({ block: 'center' });
      nameField.current?.focus();
      return;
    }
    void action.run(async () => {
      const made = await api.invoke('datasets.create', {
        name,
        filter,
        ratio: shares(),
        seed: Number(seed) || 1,
      });
      setSelected(made.id);
      setName('');
    });
  };
  const findDuplicates = (apply: boolean) => {
    if (!current || busy) return;
    void job.run(async (jobId) => {
      setDedup(await api.invoke('datasets.dedup', { id: current, threshold: Number(threshold), apply, jobId }));
    });
  };
  useRegisterAction('newDataset', create);
  useRegisterAction('findDuplicates', () => findDuplicates(false));

  return (
    <section className="dataset-panel" aria-label="Datasets">
      <div className="new-dataset">
        <label className="name">
          Name
          <input
            ref={nameField}
            aria-label="Dataset name"
            placeholder="e.g. trips-v1"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label title="Shares of train, validation and test, comma-separated, rounded to whole trajectories">
          Split (train, val, test)
          <input aria-label="Split ratio" value={ratio} onChange={(e) => setRatio(e.target.value)} />
        </label>
        <label title="The same seed gives the same split">
          Seed
          <input aria-label="Seed" value={seed} onChange={(e) => setSeed(e.target.value)} />
        </label>
        <p className="muted split-note">
          Shares are rounded to whole trajectories, and every split with a share gets at least one (the larger shares
          first): 2 trajectories at 0.8,0.1,0.1 make 1 train and 1 validation. Type 1,0,0 to keep all in train.
        </p>
        <button type="button" className="primary" disabled={!name.trim() || busy} onClick={create}>
          <Plus size={14} aria-hidden />
          New dataset from selection
        </button>
      </div>
      <ErrorNote message={action.error ?? job.error} />
      {job.busy && (
        <JobProgress progress={progress} label="Dataset job progress" onCancel={job.cancel}>
          {progress &&
            `${progress.kind === 'datasets.dedup' ? 'Fingerprinting' : 'Exporting'} ${progress.done} of ${progress.total}…`}
        </JobProgress>
      )}
      {datasets.data?.length ? (
        <label>
          Dataset
          <select aria-label="Dataset" value={current ?? ''} onChange={(e) => setSelected(e.target.value)}>
            {datasets.data.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.size})
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="muted">
          No datasets yet: filter the trajectories, review them, then make one from the selection.
        </p>
      )}
      {current && (
        <>
          <Stats id={current} />
          <div className="row">
            <label>
              Near-duplicate threshold
              <input
                aria-label="Threshold"
                value={threshold}
                onChange={(e) => setThreshold(e.target.value)}
                className="narrow"
              />
            </label>
            <button type="button" disabled={busy} onClick={() => findDuplicates(false)}>
              Find duplicates
            </button>
            {dedup && dedup.clusters.length > 0 && (
              <button type="button" disabled={busy} onClick={() => findDuplicates(true)}>
                Keep one per cluster
              </button>
            )}
          </div>
          {dedup && (
            <p data-testid="dedup-result">
              {dedup.cancelled
                ? 'Duplicate search cancelled; nothing was removed.'
                : `${dedup.clusters.length} clusters, ${dedup.clusters.reduce((n, c) => n + c.duplicates.length, 0)} duplicates` +
                  `${dedup.removed ? `; ${dedup.removed} removed` : ''}.`}
            </p>
          )}
          {dedup && dedup.clusters.length > 0 && (
            <ol className="clusters" aria-label="Duplicate clusters">
              {dedup.clusters.slice(0, 30).map((c) => (
                <li key={c.representative}>
                  <strong>keep</strong> {c.title}
                  <ul>
                    {c.duplicates.map((d) => (
                      <li key={d.id}>
                        {d.title}{' '}
                        <span className="muted">({d.similarity === 1 ? 'exact' : `~${d.similarity.toFixed(2)}`})</span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
          <ExportPanel datasetId={current} job={job} busy={busy} />
        </>
      )}
    </section>
  );
}
