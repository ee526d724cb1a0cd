import { randomUUID } from 'node:crypto';
import type { RunView } from '../../shared/contract/runs';
import type {
  DeclaredTool,
  Outcome,
  PlanStep,
  ToolGraph,
  Trajectory,
  TrajectoryMetadata,
  Turn,
} from '../../shared/domain';
import { TrellisError } from '../../shared/errors';
import type { AgentFormat } from '../../shared/experiments/types';
import { runEnvironment, runOutcome, type Breakpoint, type RunMode } from '../../shared/runs';
import { clipAtWord, forkTitle } from '../../shared/text';
import { resultValidator } from '../checks/argument-validator';
import type { BackendContext } from '../context';
import { chatDecider } from '../executor/agent-chat';
import { RunEngine } from '../executor/engine';
import { memoryTurns } from '../executor/run-turns';
import { localToolChat } from '../llm/local-tool-chat';
import { storedRunTurns } from './stored-turns';

/** An open run: its engine and what the view says of it beside the turns. */
export interface RunSession {
  id: string;
  engine: RunEngine;
  trajectoryId: string | null;
  replayOf: string | null;
  graphId: string | null;
  planId: string | null;
  forkOf: Trajectory['forkOf'];
  /** How its agent turns are asked of a remote server (a loaded GGUF answers in JSON). */
  agentFormat: AgentFormat;
  /** The tools a breakpoint can name: its graph's, those its record declares, those the recording calls. */
  tools: string[];
  /** The outcome last written to the run's trajectory (as JSON), so it is written when it changes only. */
  savedOutcome?: string;
}

/** How a session is opened: over a run trajectory (its turns stay in the store), or over a recorded one to replay. */
interface OpenOptions {
  trajectoryId: string | null;
  replayOf?: Trajectory | null;
  graphId: string | null;
  planId: string | null;
  mode: RunMode;
  plan?: PlanStep[];
  forkOf?: Trajectory['forkOf'];
  agentFormat?: AgentFormat;
}

/** What starts a run: a plan (saved, or steps to save) or an agent, on a graph, for an intent. */
export interface StartOptions {
  graphId: string;
  intent: string;
  mode: RunMode;
  planId?: string | null | undefined;
  steps?: PlanStep[] | undefined;
  agentFormat?: AgentFormat | undefined;
}

/** A turn's thought, text or observation, or a call's arguments, as edited (left out: unchanged). */
interface TurnEdit {
  thought?: string | undefined;
  content?: string | undefined;
  callId?: string | undefined;
  args?: unknown;
}

/**
 * Runs stepped like a debugger. A session holds what is not saved (status, consent); a run's
 * turns live in its trajectory (kind `run`) alone, read at every step and view. Breakpoints are
 * the debugger's, as in an IDE: set on one run, they hold in every run it opens (a replay of a
 * recording, a fork, a live run).
 */
export class RunSessions {
  private readonly sessions = new Map<string, RunSession>();
  private breakpoints: Breakpoint[] = [];

  constructor(private readonly ctx: BackendContext) {}

  /** The open run, or an error that says to open it again (the backend restarted, or it was never opened). */
  get(runId: string): RunSession {
    const found = this.sessions.get(runId);
    if (!found) throw new TrellisError('E3001', `No open run ${runId}; open it again from the runs list.`);
    return found;
  }

  /** A new run saved as a trajectory with the intent as its first turn, opened. */
  start({ graphId, intent, mode, planId, steps, agentFormat }: StartOptions): RunSession {
    const { store, runtime } = this.ctx;
    let plan: PlanStep[] | undefined;
    let savedPlanId: string | null = null;
    if (mode === 'plan') {
      if (planId) plan = store.plans.get(planId).steps;
      else if (steps?.length) plan = steps;
      else throw new TrellisError('E1002', 'A plan run needs a plan: generate or pick one first.');
      savedPlanId = planId ?? store.plans.save({ graphId, intent, steps: plan, modelSettings: null }).id;
    }
    // Refused before anything is saved: a run that cannot take a step would be left behind.
    if (mode === 'agent' && !runtime.generate)
      throw new TrellisError(
        'E5003',
        'Running as an agent needs a model: load one in Models (or connect to a server), or run a plan instead.',
      );
    const turns: Turn[] = [{ role: 'user', content: intent }];
    // A run in an environment keeps the world it started from: later edits of the graph's initial state do not move it.
    const environment = store.graphs.get(graphId).environment;
    const metadata = environment
      ? {
          environment: {
            initialState: structuredClone(environment.initialState ?? null),
            ...(environment.source ? { source: environment.source } : {}),
          },
        }
      : undefined;
    const trajectoryId = this.saveRun(clipAtWord(intent), graphId, savedPlanId, turns, null, undefined, metadata);
    return this.open({ trajectoryId, graphId, planId: savedPlanId, mode, agentFormat, ...(plan ? { plan } : {}) });
  }

  /** The session of a trajectory: the one open already, a replay of a recorded one, or its run opened again. */
  reopen(trajectoryId: string): RunSession {
    const existing = this.sessions.get(trajectoryId);
    if (existing) return existing;
    const t = this.ctx.store.trajectories.get(trajectoryId);
    if (t.kind === 'imported')
      return this.open({ trajectoryId: null, replayOf: t, graphId: t.graphId, planId: null, mode: 'replay' });
    const plan = t.planId ? this.ctx.store.plans.get(t.planId).steps : undefined;
    return this.open({
      trajectoryId: t.id,
      graphId: t.graphId,
      planId: t.planId,
      mode: plan ? 'plan' : 'agent',
      forkOf: t.forkOf,
      ...(plan ? { plan } : {}),
    });
  }

  /** A new run with the turns of `s` up to `turnIndex`, saved and opened, going on as `s` did. */
  fork(s: RunSession, turnIndex: number, agentFormat: AgentFormat | undefined): RunSession {
    const { store } = this.ctx;
    const source = s.trajectoryId ?? s.replayOf!;
    const turns = s.engine.turns.slice(0, turnIndex + 1);
    const original = store.trajectories.get(source);
    // A fork of a record goes on with the tools that record declared: they are still its truth.
    const tools = original.toolSet ? store.toolSets.get(original.toolSet) : undefined;
    const forkOf = { trajectoryId: source, turnIndex };
    const plan = s.planId ? store.plans.get(s.planId).steps : undefined;
    // A fork of a replay goes on as an agent: the recording has no plan to follow.
    const mode: RunMode = s.engine.mode === 'replay' ? 'agent' : s.engine.mode;
    // The fork's world is the source's up to its turn: the same start, and the states its turns recorded.
    const kept = runEnvironment(original.metadata);
    const trajectoryId = this.saveRun(
      forkTitle(original.title, turnIndex),
      s.graphId,
      s.planId,
      turns,
      forkOf,
      tools,
      kept ? { environment: kept } : undefined,
    );
    return this.open({
      trajectoryId,
      graphId: s.graphId,
      planId: s.planId,
      mode,
      forkOf,
      agentFormat,
      ...(plan ? { plan } : {}),
    });
  }

  /** Edits a turn of a run (a replay shows a recording as it is: fork it first). */
  edit(s: RunSession, turnIndex: number, { thought, content, callId, args }: TurnEdit): RunSession {
    if (!s.trajectoryId)
      throw new TrellisError('E3003', 'A replay shows a recorded trajectory as it is; fork it to edit.');
    try {
      s.engine.edit(turnIndex, {
        ...(thought !== undefined ? { thought } : {}),
        ...(content !== undefined ? { content } : {}),
        ...(callId !== undefined ? { callId } : {}),
        ...(args !== undefined ? { args } : {}),
      });
    } catch (error) {
      throw new TrellisError('E3003', (error as Error).message);
    }
    return s;
  }

  /** Sets the debugger's breakpoints, in every open run. */
  setBreakpoints(breakpoints: Breakpoint[]): void {
    this.breakpoints = breakpoints;
    for (const open of this.sessions.values()) open.engine.breakpoints = breakpoints;
  }

  /** What the UI shows of a run; the outcome of one that ended is saved with its trajectory on the way. */
  view(s: RunSession): RunView {
    const { turns, status, nextAction } = s.engine.snapshot();
    // In an environment with a goal, its verdict on the world the run left is the run's outcome.
    this.saveOutcome(s, s.engine.goalOutcome(turns) ?? runOutcome(status, turns, s.engine.endedBecause));
    return {
      id: s.id,
      trajectoryId: s.trajectoryId,
      replayOf: s.replayOf,
      graphId: s.graphId,
      planId: s.planId,
      mode: s.engine.mode,
      status,
      note: s.engine.note,
      consent: s.engine.consent,
      breakpoints: s.engine.breakpoints,
      turns,
      nextAction,
      forkOf: s.forkOf,
      warnings: s.engine.warnings,
      tools: [...new Set([...s.tools, ...callNames(turns)])],
    };
  }

  /** A run that ended keeps its outcome with its trajectory, so the browser can filter runs by it. */
  private saveOutcome(s: RunSession, outcome: Outcome | null): void {
    const text = JSON.stringify(outcome);
    if (!s.trajectoryId || s.savedOutcome === text) return;
    s.savedOutcome = text;
    try {
      this.ctx.store.trajectories.setOutcome(s.trajectoryId, outcome);
    } catch {
      // The run's trajectory was deleted meanwhile: there is nothing to keep the outcome with.
    }
  }

  private saveRun(
    title: string,
    graphId: string | null,
    planId: string | null,
    turns: Turn[],
    forkOf: Trajectory['forkOf'],
    tools?: DeclaredTool[],
    metadata?: TrajectoryMetadata,
  ): string {
    return this.ctx.store.trajectories.insert({
      kind: 'run',
      title,
      source: 'run',
      graphId,
      planId,
      forkOf,
      turns,
      ...(tools?.length ? { tools } : {}),
      ...(metadata ? { metadata } : {}),
    }).id;
  }

  private open(options: OpenOptions): RunSession {
    const { store } = this.ctx;
    const graph: Pick<ToolGraph, 'tools' | 'edges' | 'environment'> = options.graphId
      ? store.graphs.get(options.graphId)
      : { tools: [], edges: [] };
    const record = options.trajectoryId ?? options.replayOf?.id;
    const session: RunSession = {
      id: options.trajectoryId ?? randomUUID(),
      tools: [
        ...graph.tools.map((t) => t.name),
        ...((record ? store.toolSets.ofTrajectory(record) : null) ?? []).map((t) => t.name),
        ...callNames(options.replayOf?.turns ?? []),
      ],
      trajectoryId: options.trajectoryId,
      replayOf: options.replayOf?.id ?? null,
      graphId: options.graphId,
      planId: options.planId,
      forkOf: options.forkOf ?? null,
      agentFormat: options.agentFormat ?? 'tools',
      // onChange runs only after the engine is built, so the closure may refer to the session.
      engine: this.engine(options, graph, () => this.ctx.events.emit('runs.changed', this.view(session))),
    };
    session.engine.breakpoints = this.breakpoints;
    this.sessions.set(session.id, session);
    return session;
  }

  private engine(
    options: OpenOptions,
    graph: Pick<ToolGraph, 'tools' | 'edges' | 'environment'>,
    onChange: () => void,
  ): RunEngine {
    const { store, runtime } = this.ctx;
    const environment = this.runWorld(options, graph);
    // The tools the agent is told of: its record's own (a fork of one), else its graph's.
    const declared = (): DeclaredTool[] =>
      (options.trajectoryId ? store.toolSets.ofTrajectory(options.trajectoryId) : null) ??
      graph.tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
    const decider = () =>
      options.mode === 'agent' && (options.agentFormat ?? 'tools') === 'tools'
        ? this.modelDecider(declared)
        : undefined;
    return new RunEngine({
      graph,
      validateResult: resultValidator(graph),
      mode: options.mode,
      // A replay is saved nowhere: fork it to keep (and edit) its turns.
      turns: options.trajectoryId ? storedRunTurns(store, options.trajectoryId) : memoryTurns(),
      ...(options.plan ? { plan: options.plan } : {}),
      ...(options.replayOf ? { script: options.replayOf.turns } : {}),
      runtime,
      onChange,
      ...(environment ? { environment } : {}),
      // Read at every agent turn: the model in use may change between two steps.
      get decide() {
        return decider();
      },
    });
  }

  /**
   * The world a run's environment tools share: the graph's environment code, from the state the
   * run started in (its metadata's; the graph's own for a run saved without one). A replay shows
   * what was recorded and calls nothing.
   */
  private runWorld(options: OpenOptions, graph: Pick<ToolGraph, 'environment'>) {
    if (!graph.environment || !options.trajectoryId) return undefined;
    const kept = runEnvironment(this.ctx.store.trajectories.get(options.trajectoryId).metadata);
    return { code: graph.environment.code, initialState: kept ? kept.initialState : graph.environment.initialState };
  }

  /** The agent's next move asked of the remote server when one is set, else of the loaded GGUF through its own chat template. */
  private modelDecider(declared: () => DeclaredTool[]) {
    const { router, runtime } = this.ctx;
    const remote = router.chatsWithTools();
    if (!remote && !this.ctx.modelHost().loaded) return undefined;
    const local = remote ? null : localToolChat(this.ctx.modelHost());
    return chatDecider({
      chat: (request, signal) => (local ? local(request, signal) : router.chat(request, signal)),
      tools: declared(),
      maxTokens: 512,
      temperature: 0.3,
      seed: runtime.seed,
      ...(runtime.signal ? { signal: runtime.signal } : {}),
    });
  }
}

/** The names of the tools `turns` call, in the order first called. */
function callNames(turns: readonly Turn[]): string[] {
  return turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.name);
}
