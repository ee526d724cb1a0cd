import type { DeclaredTool, Tool, Trajectory, Turn } from '../../shared/domain';
import { firstDivergence, rerunStart } from '../../shared/experiments/divergence';
import { candidateLabel, verdictOf } from '../../shared/experiments/table';
import type { Candidate, ExperimentDefinition, ExperimentRun } from '../../shared/experiments/types';
import { runOutcome } from '../../shared/runs';
import type { BackendContext } from '../context';
import { chatDecider } from '../executor/agent-chat';
import { RunEngine } from '../executor/engine';
import { storedRunTurns } from '../runs/stored-turns';
import type { CandidateModelClient } from './candidate-model';
import { freshWorld, goalOfSource } from './run-world';
import { policyCalls } from './tool-policy';

/** The tools a run is given: its record's own (else its graph's), with the candidate's descriptions. */
function runTools(ctx: BackendContext, source: Trajectory, candidate: Candidate): DeclaredTool[] {
  const declared = source.toolSet
    ? ctx.store.toolSets.get(source.toolSet)
    : source.graphId
      ? ctx.store.graphs
          .get(source.graphId)
          .tools.map(({ name, description, parameters }) => ({ name, description, parameters }))
      : [];
  const overrides = candidate.toolDescriptions ?? {};
  return declared.map((t) => (Object.hasOwn(overrides, t.name) ? { ...t, description: overrides[t.name]! } : t));
}

/** Whether the last turn is a call that no turn after it answers (a record cut off at a call). */
const endsOnCall = (turns: readonly Turn[]) => Boolean(turns.at(-1)?.toolCalls?.length);

/**
 * The source's outcome: its record's own when it carries one, otherwise read from its calls the way
 * a re-run's is (so before and after compare alike), and said so.
 */
export function outcomeOfSource(source: Trajectory): Pick<ExperimentRun, 'outcomeBefore' | 'outcomeBeforeFrom'> {
  if (source.outcome) return { outcomeBefore: source.outcome.status, outcomeBeforeFrom: 'record' };
  // A record that ends on a call stopped before its answer: how it would have gone is not known.
  if (endsOnCall(source.turns)) return { outcomeBefore: 'unknown', outcomeBeforeFrom: 'calls' };
  const derived = runOutcome('finished', source.turns)?.status ?? null;
  return { outcomeBefore: derived, outcomeBeforeFrom: derived ? 'calls' : null };
}

/** The recording's turns up to `start`, with the candidate's system prompt in place of the recorded one. */
function startingTurns(turns: readonly Turn[], start: number, systemPrompt: string | undefined): Turn[] {
  const prefix = turns.slice(0, start).map((t) => structuredClone(t));
  if (systemPrompt === undefined) return prefix;
  const system = prefix.findIndex((t) => t.role === 'system');
  if (system >= 0) prefix[system] = { role: 'system', content: systemPrompt };
  else prefix.unshift({ role: 'system', content: systemPrompt });
  return prefix;
}

const asTool = (t: DeclaredTool): Tool => ({ ...t, returns: {}, runtime: null, position: { x: 0, y: 0 } });

export interface RunRequest {
  experimentId: string;
  definition: ExperimentDefinition;
  candidateIndex: number;
  model: CandidateModelClient;
  sourceId: string;
  /** The job's signal: aborted, the run is taken back (a resume runs it again). */
  signal: AbortSignal;
}

/**
 * Re-runs one trajectory with one candidate: the recording up to its first assistant turn (or
 * the chosen one), then the candidate as an agent to the end, its calls answered by the policy,
 * saved as a run forked from the source. Returns what changed, or null when the job was
 * cancelled (the unfinished run is deleted, nothing is kept of it).
 */
export async function runOne(ctx: BackendContext, request: RunRequest): Promise<ExperimentRun | null> {
  const { store } = ctx;
  const { definition, candidateIndex, model } = request;
  const candidate = definition.candidates[candidateIndex]!;
  const source = store.trajectories.get(request.sourceId);
  const base = {
    sourceId: source.id,
    sourceTitle: source.title,
    candidate: candidateIndex,
    misses: [],
    findingsBefore: ctx.checker()(source).length,
    findingsAfter: 0,
    turns: 0,
    tokens: { prompt: 0, completion: 0 },
    ms: 0,
    divergence: null,
    ...outcomeOfSource(source),
    outcomeAfter: null,
  };
  const start = rerunStart(source.turns, definition.fromTurn);
  if ('error' in start) {
    const error = `Not re-run: ${start.error}.`;
    return { ...base, runId: null, error, verdict: 'errored' };
  }
  const tools = runTools(ctx, source, candidate);
  const initial = startingTurns(source.turns, start.start, candidate.systemPrompt);
  const runFrom = initial.length;
  const label = candidateLabel(candidate, candidateIndex);
  const graph = source.graphId ? store.graphs.get(source.graphId) : null;
  // Every run starts in a world of its own, whatever the runs before it did to theirs.
  const world = graph?.environment ? freshWorld(graph.environment) : undefined;
  const environmentKept = world && {
    environment: {
      initialState: world.initialState,
      ...(graph?.environment?.source ? { source: graph.environment.source } : {}),
    },
  };
  const runId = store.trajectories.insert({
    kind: 'run',
    title: `${source.title} · ${label}`,
    source: 'experiment',
    graphId: source.graphId,
    planId: null,
    forkOf: { trajectoryId: source.id, turnIndex: Math.max(0, start.start - 1) },
    turns: initial,
    ...(tools.length ? { tools } : {}),
    metadata: { experiment: request.experimentId, candidate: label, ...environmentKept },
  }).id;
  const timeLimit = AbortSignal.timeout(definition.timeLimitSeconds * 1000);
  const signal = AbortSignal.any([request.signal, timeLimit]);
  const turns = storedRunTurns(store, runId);
  const runtime = { ...ctx.runtime, generate: model.generate, seed: candidate.seed, signal };
  const calls = policyCalls({
    policy: definition.toolPolicy,
    source: source.turns,
    graph,
    runtime,
    turnIndex: () => turns.read().length,
  });
  const engine = new RunEngine({
    graph: { tools: tools.map(asTool), edges: [] },
    mode: 'agent',
    turns,
    runtime,
    callTool: (tool, args, deps) => calls.callTool(tool, args, deps),
    ...(world ? { environment: world } : {}),
    maxAssistantTurns: initial.filter((t) => t.role === 'assistant').length + definition.maxTurns,
    ...(candidate.format === 'tools' && model.chat
      ? {
          decide: chatDecider({
            chat: model.chat,
            tools,
            maxTokens: candidate.maxTokens,
            temperature: candidate.temperature,
            seed: candidate.seed,
            signal,
          }),
        }
      : {}),
  });
  const started = performance.now();
  let error: string | null = null;
  try {
    await engine.continue();
  } catch (thrown) {
    error = (thrown as Error).message;
  }
  if (request.signal.aborted) {
    store.trajectories.discardRun(runId);
    return null;
  }
  if (timeLimit.aborted) error = `Stopped at the time limit of ${definition.timeLimitSeconds} s.`;
  // A runtime that must be approved first (an HTTP host, an MCP server) stops the run where it asked.
  if (!error && engine.status === 'needs-consent')
    error = `Stopped before a call: ${engine.note ?? 'a tool runtime needs your approval'} Approve it in the debugger (open this run), then run the experiment again.`;
  // An answer Trellis could not use, or the turn limit, ended the run: its reason is the run's error.
  if (!error && engine.endedBecause) error = engine.note ?? engine.endedBecause;
  const after = store.trajectories.get(runId);
  // A run that failed before its model said anything holds only the recording's own turns: it is
  // not kept as a trajectory (the row keeps the error).
  if (error && engine.status !== 'needs-consent' && after.turns.length <= runFrom) {
    store.trajectories.discardRun(runId);
    const result = { ...base, runId: null, error, misses: calls.misses, ms: performance.now() - started };
    return { ...result, verdict: verdictOf(result) };
  }
  // A run that ended where its recording does (on a call the recording never got an answer to)
  // is as unknown as that recording, and says why.
  const endedWithRecording = engine.status === 'stopped' && engine.note !== null;
  const fromCalls = error
    ? null
    : endedWithRecording
      ? { status: 'unknown' as const, by: 'Trellis run', value: engine.note }
      : runOutcome(engine.status, after.turns);
  // In an environment with a goal, the run's outcome is its verdict on the world the run left;
  // the table compares it with the recording's own verdict when the recording has one.
  const judged = error ? null : engine.goalOutcome(after.turns);
  const outcome = judged ?? fromCalls;
  store.trajectories.setOutcome(runId, outcome);
  const sourceGoal = judged ? await goalOfSource(ctx.runtime.mocks, source, graph?.environment) : null;
  const compared =
    judged && sourceGoal
      ? { outcomeBefore: sourceGoal.status, outcomeBeforeFrom: 'goal' as const, outcomeAfter: judged.status }
      : { outcomeAfter: fromCalls?.status ?? null };
  const added = after.turns.slice(runFrom);
  const result = {
    ...base,
    runId,
    error,
    misses: calls.misses,
    findingsAfter: ctx.checker()(after).length,
    turns: after.turns.length,
    tokens: {
      prompt: added.reduce((n, t) => n + (t.tokens?.prompt ?? 0), 0),
      completion: added.reduce((n, t) => n + (t.tokens?.completion ?? 0), 0),
    },
    ms: performance.now() - started,
    divergence: firstDivergence(source.turns, after.turns, start.start, runFrom),
    ...compared,
  };
  return { ...result, verdict: verdictOf(result) };
}
