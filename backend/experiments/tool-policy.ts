import type { Tool, ToolGraph, Turn } from '../../shared/domain';
import type { ReplayMiss, ToolPolicy } from '../../shared/experiments/types';
import { buildReplayRuntimes, matchRecording, recordedCalls } from '../../shared/recordings';
import { callTool, type Observation, type RuntimeDeps } from '../executor/runtimes';

/** How an experiment's run answers calls, and the calls its recordings could not answer exactly. */
export interface PolicyCalls {
  callTool(tool: Tool, args: unknown): Promise<Observation>;
  misses: ReplayMiss[];
}

/**
 * Answers a run's calls by `policy`: replay from the source's own recorded calls (the nearest
 * recording when none has these arguments: a miss), the graph's runtime of the tool, or replay
 * when a recording matches exactly and the graph's runtime otherwise. `turnIndex` says which
 * turn a call's answer becomes, for the misses.
 */
export function policyCalls(options: {
  policy: ToolPolicy;
  source: readonly Turn[];
  graph: Pick<ToolGraph, 'tools'> | null;
  runtime: RuntimeDeps;
  turnIndex: () => number;
}): PolicyCalls {
  const { policy, graph, runtime, turnIndex } = options;
  const replays = buildReplayRuntimes(recordedCalls(options.source), new Map());
  const graphTools = new Map((graph?.tools ?? []).map((t) => [t.name, t]));
  const misses: ReplayMiss[] = [];
  const viaGraph = (tool: Tool, args: unknown): Promise<Observation> => {
    const own = graphTools.get(tool.name);
    if (!own?.runtime)
      return Promise.resolve({
        ok: false,
        error: `${tool.name} has no runtime in the graph of this trajectory; give it one in the graph's tool inspector, or replay from the recordings.`,
      });
    return callTool(own, args, runtime);
  };
  return {
    misses,
    async callTool(tool, args) {
      if (policy === 'runtimes') return viaGraph(tool, args);
      const replay = replays.get(tool.name);
      const match = replay ? matchRecording(replay.recordings, args) : null;
      if (match?.kind !== 'exact')
        misses.push({
          turn: turnIndex(),
          tool: tool.name,
          args: args ?? {},
          nearest: match ? (match.recording.args ?? {}) : null,
        });
      if (policy === 'replay-then-runtimes' && match?.kind !== 'exact') return viaGraph(tool, args);
      if (!replay)
        return {
          ok: false,
          error: `${tool.name} was never called in the recording, so there is no answer to replay.`,
          note: 'replayed: no recording',
        };
      return callTool({ ...tool, runtime: replay }, args, runtime);
    },
  };
}
