import { useEffect, useState } from 'react';
import { trajectoriesCount, countOf } from '../../../../shared/text';
import type { Result } from '../../../../shared/contract';
import { api } from '../../api/api';
import { useGraphs } from '../../api/use-graphs';
import { ErrorNote } from '../../components/ErrorNote';
import { GraphPicker } from '../../components/GraphPicker';
import { useBrowserStore } from './state';
import { currentGraph } from '../../state/current-graph';
import { useUi } from '../../state/ui-store';

type Report = Result<'graphs.makeReplayRuntimes'>;

/**
 * "Make replay runtimes from N trajectories": the trajectories the browser's filter selects
 * give a graph's tools replay runtimes (tools with a runtime of their own keep it).
 */
export function ReplayFromSelection() {
  const filter = useBrowserStore((s) => s.filter);
  const graphs = useGraphs();
  const [graphId, setGraphId] = useState<string | null>(currentGraph);
  const [preview, setPreview] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = graphId ?? graphs.data?.[0]?.id ?? null;
  const filterKey = JSON.stringify(filter);

  useEffect(() => {
    if (!chosen) return;
    let current = true;
    setPreview(null);
    setError(null);
    api.invoke('graphs.makeReplayRuntimes', { id: chosen, filter, apply: false }).then(
      (r) => current && setPreview(r),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter is compared by value
  }, [chosen, filterKey]);

  const make = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const done = await api.invoke('graphs.makeReplayRuntimes', { id: chosen, filter, apply: true });
      const made = done.tools.filter((t) => !t.kept);
      const kept = done.tools.length - made.length;
      const name = graphs.data?.find((g) => g.id === chosen)?.name ?? 'the graph';
      useUi
        .getState()
        .notify(
          `Made ${countOf(made.length, 'replay runtime')} in "${name}" from ${trajectoriesCount(done.trajectories)}` +
            (kept ? `; ${countOf(kept, 'tool')} kept their own runtime.` : '.'),
          'info',
          'trajectories',
        );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (graphs.data?.length === 0) return <p className="muted">No tool graph yet: import logs with a new graph first.</p>;
  const made = preview?.tools.filter((t) => !t.kept).length ?? 0;
  return (
    <section className="replay-from-selection" aria-label="Replay runtimes from the selection">
      <label>
        Graph
        <GraphPicker graphs={graphs.data} value={chosen} onChange={setGraphId} />
      </label>
      {preview && (
        <span className="muted" data-testid="replay-preview">
          {preview.trajectories
            ? `${countOf(made, 'tool')} ${made === 1 ? 'gets' : 'get'} the calls recorded in the ${trajectoriesCount(preview.trajectories)} of this selection that call them` +
              (preview.tools.length > made ? ` (${preview.tools.length - made} keep their own runtime)` : '')
            : 'No trajectory of this selection calls a tool of this graph.'}
        </span>
      )}
      <button type="button" className="primary" disabled={busy || !made} onClick={() => void make()}>
        Make replay runtimes from {trajectoriesCount(preview?.trajectories ?? 0)}
      </button>
      <ErrorNote message={error} />
    </section>
  );
}
