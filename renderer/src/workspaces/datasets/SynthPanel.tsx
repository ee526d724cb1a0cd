import { useEffect, useState } from 'react';
import type { EventPayload, Result } from '../../../../shared/contract';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { useBrowserStore } from '../../state/browser-store';

const KINDS = ['serial', 'parallel', 'isolated'] as const;
const REQUEST = 'synth-panel';

/** Graph-to-trajectory synthesis: sampled chains executed with the mocks, then reviewed in the queue. */
export function SynthPanel({ onMade }: { onMade(): void }) {
  const graphs = useQuery(() => api.invoke('graphs.list', {}), []);
  const [graphId, setGraphId] = useState<string | null>(null);
  const [count, setCount] = useState('10');
  const [kinds, setKinds] = useState<string[]>([...KINDS]);
  const [useModel, setUseModel] = useState(false);
  const [concurrency, setConcurrency] = useState('1');
  const [progress, setProgress] = useState<EventPayload<'synth.progress'> | null>(null);
  const [result, setResult] = useState<Result<'synth.start'> | null>(null);
  const action = useAction();
  const setFilter = useBrowserStore((s) => s.setFilter);
  useEffect(() => api.on('synth.progress', (p) => p.requestId === REQUEST && setProgress(p)), []);
  const graph = graphId ?? graphs.data?.[0]?.id ?? null;

  return (
    <details className="synth-panel">
      <summary>Synthesize from a graph…</summary>
      <div className="row">
        <select aria-label="Synthesis graph" value={graph ?? ''} onChange={(e) => setGraphId(e.target.value)}>
          {graphs.data?.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <input aria-label="How many" value={count} onChange={(e) => setCount(e.target.value)} size={4} />
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
            value={concurrency}
            onChange={(e) => setConcurrency(e.target.value)}
            size={2}
          />
        </label>
        <button
          type="button"
          className="primary"
          disabled={!graph || !kinds.length || action.busy}
          onClick={() =>
            action.run(async () => {
              setProgress(null);
              const made = await api.invoke('synth.start', {
                graphId: graph!,
                count: Math.max(1, Number(count) || 1),
                kinds: kinds as (typeof KINDS)[number][],
                useModel,
                concurrency: Math.max(1, Number(concurrency) || 1),
                requestId: REQUEST,
              });
              setResult(made);
              setFilter({ label: 'unlabelled' });
              onMade();
            })
          }
        >
          {action.busy ? 'Synthesizing…' : 'Synthesize'}
        </button>
        {action.busy && (
          <>
            {progress && <progress max={progress.total} value={progress.done} />}
            <button type="button" onClick={() => void api.invoke('synth.cancel', { requestId: REQUEST })}>
              Cancel
            </button>
          </>
        )}
      </div>
      <ErrorNote message={action.error} />
      {result && (
        <p data-testid="synth-result">
          Made {result.created.length} (
          {Object.entries(result.byKind)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}
          ){result.failed.length ? `; ${result.failed.length} failed (${result.failed[0]})` : ''}
          {result.cancelled ? '; cancelled' : ''}. They wait unlabelled in the review queue.
        </p>
      )}
    </details>
  );
}
