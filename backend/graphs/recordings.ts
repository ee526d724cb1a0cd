import type { Args } from '../../shared/contract';
import { recordedCalls, type RecordedCall } from '../../shared/recordings';
import type { WorkspaceStore } from '../store/workspace-store';

/** The most trajectories one request reads (the newest); the report says when there were more. */
export const MAX_SOURCE_TRAJECTORIES = 20_000;

export interface Recorded {
  calls: RecordedCall[];
  /** The same calls, one list per trajectory (what flowed from one call into the next). */
  runs: RecordedCall[][];
  /** How many of the trajectories read call each tool. */
  trajectoriesByTool: Map<string, number>;
  trajectories: number;
  limited: boolean;
}

type Source = Pick<Args<'graphs.makeReplayRuntimes'>, 'trajectoryIds' | 'filter'>;

/**
 * The calls of `tools` recorded in the trajectories a source names (ids, else a filter, else
 * the whole workspace), with their observations. Only trajectories that call one of the tools
 * are read: the call index narrows them before any turn is loaded.
 */
export function collectRecordings(store: WorkspaceStore, tools: readonly string[], source: Source): Recorded {
  const wanted = new Set(tools);
  let ids: string[];
  if (source.trajectoryIds) ids = source.trajectoryIds;
  else {
    const calling = new Set<string>();
    for (const tool of tools) for (const id of store.trajectoryQueries.ids({ ...source.filter, tool })) calling.add(id);
    ids = store.trajectoryQueries.ids(source.filter ?? {}).filter((id) => calling.has(id));
  }
  const limited = ids.length > MAX_SOURCE_TRAJECTORIES;
  // The newest when there are too many, read oldest first: recordings keep the order of the logs.
  const read = source.trajectoryIds ? ids : ids.slice(0, MAX_SOURCE_TRAJECTORIES).reverse();
  const calls: RecordedCall[] = [];
  const runs: RecordedCall[][] = [];
  const trajectoriesByTool = new Map<string, number>();
  let trajectories = 0;
  for (const id of read.slice(0, MAX_SOURCE_TRAJECTORIES)) {
    const own = recordedCalls(store.trajectories.turns(id)).filter((c) => wanted.has(c.tool));
    if (!own.length) continue;
    trajectories++;
    calls.push(...own);
    runs.push(own);
    for (const tool of new Set(own.map((c) => c.tool)))
      trajectoriesByTool.set(tool, (trajectoriesByTool.get(tool) ?? 0) + 1);
  }
  return { calls, runs, trajectoriesByTool, trajectories, limited };
}
