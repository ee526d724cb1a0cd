import { useRef, useState } from 'react';
import type { Result } from '../../../../shared/contract';
import { checkReportLine, notApplicableLine } from '../../../../shared/synth/outcome';
import { api } from '../../api/api';
import { useJob } from '../../api/use-job';
import { useGraphs } from '../../api/use-graphs';
import { ErrorNote } from '../../components/ErrorNote';
import { GraphPicker } from '../../components/GraphPicker';
import { JobProgress } from '../../components/JobProgress';
import { firstClickOnly } from '../../components/first-click';
import { useLabelSwitch } from './use-label-switch';
import { useRegisterAction } from '../../commands/panel-actions';

const KINDS = ['serial', 'parallel', 'isolated'] as const;

/** Graph-to-trajectory synthesis: sampled chains executed with the mocks, then reviewed in the queue. */
export function SynthPanel() {
  const graphs = useGraphs();
  const [graphId, setGraphId] = useState<string | null>(null);
  const [count, setCount] = useState('10');
  const [kinds, setKinds] = useState<string[]>([...KINDS]);
  const [useModel, setUseModel] = useState(false);
  // Empty: as many at once as the model generates together.
  const [concurrency, setConcurrency] = useState('');
  const [result, setResult] = useState<Result<'synth.start'> | null>(null);
  const job = useJob();
  const { progress } = job;
  const labels = useLabelSwitch();
  // The kinds the last run asked for, to say which kinds its samples were drawn from.
  const [asked, setAsked] = useState<string[]>([]);
  const graph = graphId ?? graphs.data?.[0]?.id ?? null;
  const skipped = result && notApplicableLine(result.notApplicable, asked);
  const panel = useRef<HTMLDetailsElement>(null);
  const countField = useRef<HTMLInputElement>(null);
  // From the palette: the form opens at its first number, as a click on its summary opens it.
  useRegisterAction('synthesize', () => {
    if (panel.current) panel.current.open = true;
    countField.current?.scrollIntoView({ block: 'center' });
    countField.current?.focus();
  });

  return (
    <details className="synth-panel" ref={panel}>
      <summary>Synthesize from a graph…</summary>
      <div className="row">
        <label className="grow">
          Tool graph
          <GraphPicker label="Synthesis graph" graphs={graphs.data} value={graph} onChange={setGraphId} />
        </label>
        <label>
          How many
          <input
            ref={countField}
            aria-label="How many"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            size={4}
          />
        </label>
      </div>
      <div className="row">
        {KINDS.map((k) => (
          <label key={k} className="checkbox">
            <input
              type="checkbox"
              checked={kinds.includes(k)}
              onChange={(e) => setKinds(e.target.checked ? [...kinds, k] : kinds.filter((x) => x !== k))}
            />{' '}
            {k}
          </label>
        ))}
      </div>
      <div className="row">
        <label className="checkbox">
          <input type="checkbox" checked={useModel} onChange={(e) => setUseModel(e.target.checked)} /> Intents by the
          loaded model
        </label>
        <label>
          Concurrency
          <input
            aria-label="Concurrency"
            placeholder="auto"
            title="Samples run at once; auto: as many as the model generates together (its sequences, or the server's requests at once)"
            value={concurrency}
            onChange={(e) => setConcurrency(e.target.value)}
            size={4}
          />
        </label>
        <button
          type="button"
          className="primary"
          disabled={!graph || !kinds.length || job.busy}
          onClick={firstClickOnly(() =>
            job.run(async (jobId) => {
              const made = await api.invoke('synth.start', {
                graphId: graph!,
                count: Math.max(1, Number(count) || 1),
                kinds: kinds as (typeof KINDS)[number][],
                useModel,
                ...(Number(concurrency) >= 1 ? { concurrency: Math.floor(Number(concurrency)) } : {}),
                jobId,
              });
              setResult(made);
              setAsked(kinds);
              if (made.created.length) labels.showUnlabelled();
            }),
          )}
        >
          {job.busy ? 'Synthesizing…' : 'Synthesize'}
        </button>
        {job.busy && <JobProgress progress={progress} label="Synthesis progress" onCancel={job.cancel} />}
      </div>
      <ErrorNote message={job.error} />
      {result && (
        <p data-testid="synth-result">
          Made {result.created.length} (
          {Object.entries(result.byKind)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}
          ){result.failed.length ? `; ${result.failed.length} failed (${result.failed[0]})` : ''}
          {result.cancelled ? '; cancelled' : ''}. They wait unlabelled in the review queue.
          {skipped && (
            <>
              <br />
              <span data-testid="synth-not-applicable">{skipped}</span>
            </>
          )}
          <br />
          {checkReportLine(result.checks, result.created.length)}
          {labels.before && (
            <>
              <br />
              The Label filter now shows unlabelled trajectories (it was &quot;{labels.before.label ??
                'all'}&quot;).{' '}
              <button type="button" onClick={labels.restore}>
                Put the Label filter back
              </button>
            </>
          )}
        </p>
      )}
    </details>
  );
}
