import { callKey } from '../../shared/compare/parallel-calls';
import type { Tool, ToolGraph, Turn } from '../../shared/domain';
import type { ReplayMiss, ToolPolicy } from '../../shared/experiments/types';
import { buildReplayRuntimes, matchRecording, recordedCalls } from '../../shared/recordings';
import { callTool, type Observation, type RuntimeDeps } from '../executor/runtimes';

/** How an experiment's run answers calls, and the calls its recordings could not answer exactly. */
export interface PolicyCalls {
  /** `deps`: this call's runtime deps (the run's world in them), in place of the policy's own. */
  callTool(tool: Tool, args: unknown, deps?: RuntimeDeps): Promise<Observation>;
  misses: ReplayMiss[];
}

/** Calls the recording made that nothing answers (a record that ends on a call), by `callKey`. */
function unansweredCalls(turns: readonly Turn[]): Map<string, number> {
  const answered = new Set(turns.flatMap((t) => (t.role === 'tool' && t.toolCallId ? [t.toolCallId] : [])));
  const open = new Map<string, number>();
  turns.forEach((turn, index) => {
    for (const call of turn.toolCalls ?? []) if (!answered.has(call.id)) open.set(callKey(call), index);
  });
  return open;
}

/**
 * Answers a run's calls by `policy`: replay from the source's own recorded calls (the nearest
 * recording when none has these arguments: a miss), the graph's runtime of the tool, or replay
 * when a recording matches exactly and the graph's runtime otherwise. `turnIndex` says which
 * turn a call's answer becomes, for the misses. Replaying, a call the recording made but never
 * got an answer to (it ends on that call) ends the run there, as the recording ended.
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
  const unanswered = unansweredCalls(options.source);
  const graphTools = new Map((graph?.tools ?? []).map((t) => [t.name, t]));
  const misses: ReplayMiss[] = [];
  const viaGraph = (tool: Tool, args: unknown, deps: RuntimeDeps): Promise<Observation> => {
    const own = graphTools.get(tool.name);
    if (!own?.runtime)
      return Promise.resolve({
        ok: false,
        error: `${tool.name} has no runtime in the graph of this trajectory; give it one in the graph's tool inspector, or replay from the recordings.`,
      });
    return callTool(own, args, deps);
  };
  /**
   * A recorded answer replayed for a tool of the graph's environment: the call still runs in the
   * run's world, so that the world follows the recorded path and a call off it finds it as it is.
   */
  const inWorld = async (tool: Tool, args: unknown, deps: RuntimeDeps, replayed: Observation): Promise<Observation> => {
    const own = graphTools.get(tool.name);
    if (own?.runtime?.kind !== 'environment' || !deps.world) return replayed;
    const { state } = await callTool(own, args, deps);
    return state === undefined ? replayed : { ...replayed, state };
  };
  return {
    misses,
    async callTool(tool, args, deps = runtime) {
      if (policy === 'runtimes') return viaGraph(tool, args, deps);
      const replay = replays.get(tool.name);
      const match = replay ? matchRecording(replay.recordings, args) : null;
      const endsOn = match?.kind === 'exact' ? undefined : unanswered.get(callKey({ name: tool.name, args }));
      // The same call the recording ends on is no miss: the run ends where the recording did.
      if (policy === 'replay' && endsOn !== undefined) {
        const why = `The recording ends on this call of ${tool.name} (turn ${endsOn}) before its answer, so the run ends here too.`;
        return { ok: false, error: why, end: why, note: 'replayed: the recording ends on this call' };
      }
      if (match?.kind !== 'exact')
        misses.push({
          turn: turnIndex(),
          tool: tool.name,
          args: args ?? {},
          nearest: match ? (match.recording.args ?? {}) : null,
        });
      if (policy === 'replay-then-runtimes' && match?.kind !== 'exact') return viaGraph(tool, args, deps);
      if (!replay) {
        const made = [...unanswered.keys()].some((key) => key.startsWith(`${tool.name}\u0000`));
        return {
          ok: false,
          error: made
            ? `${tool.name} was called in the recording only where it ends, before any answer, so there is no answer to replay.`
            : `${tool.name} was never called in the recording, so there is no answer to replay.`,
          note: 'replayed: no recording',
        };
      }
      const replayed = await callTool({ ...tool, runtime: replay }, args, deps);
      return policy === 'replay-then-runtimes' ? inWorld(tool, args, deps, replayed) : replayed;
    },
  };
}
