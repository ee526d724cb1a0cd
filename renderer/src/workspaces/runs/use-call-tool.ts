import type { JsonSchema } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useRuns } from './state';

/** A tool's schemas as far as they are known: a record declares parameters only. */
export interface KnownTool {
  name: string;
  parameters: JsonSchema;
  returns?: JsonSchema;
}

export interface CallTool {
  tool: KnownTool | undefined;
  /** Still looking: nothing should be said about a missing schema yet. */
  loading: boolean;
}

/**
 * The tool named `name` as a run turn's editor knows it: from the run's graph, else from the
 * tools its recording declared (a replay, or a fork of one, of an imported trajectory), else
 * from the graph open in Plans & Runs.
 */
export function useCallTool(name: string | undefined, graphId: string | null): CallTool {
  const recordId = useRuns((s) => s.run?.trajectoryId ?? s.run?.replayOf ?? null);
  const openGraphId = useRuns((s) => s.graphId);
  const otherGraphId = openGraphId !== graphId ? openGraphId : null;
  const graph = useQuery(graphId ? () => api.invoke('graphs.get', { id: graphId }) : null, [graphId]);
  const record = useQuery(recordId && name ? () => api.invoke('trajectories.declaredTools', { id: recordId }) : null, [
    recordId,
    name,
  ]);
  const open = useQuery(otherGraphId ? () => api.invoke('graphs.get', { id: otherGraphId }) : null, [otherGraphId]);
  const named = (tools: readonly KnownTool[] | null | undefined) => tools?.find((t) => t.name === name);
  return {
    tool: named(graph.data?.tools) ?? named(record.data) ?? named(open.data?.tools),
    loading: graph.loading || record.loading || open.loading,
  };
}
