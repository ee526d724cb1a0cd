import { randomUUID } from 'node:crypto';
import type { RunView } from '../../shared/contract/runs';
import type { DeclaredTool, Outcome, PlanStep, Trajectory, Turn } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';
import { runOutcome, type Breakpoint, type RunMode } from '../../shared/runs';
import { clipAtWord, forkTitle } from '../../shared/text';
import { RunEngine } from '../executor/engine';
import { memoryTurns } from '../executor/run-turns';
import type { BackendContext } from '../context';
import { resultValidator } from '../checks/argument-validator';
import type { HandlerMap } from '../registry';
import { storedRunTurns } from './stored-turns';
import { chatDecider } from '../executor/agent-chat';
import { localToolChat } from '../llm/local-tool-chat';
import type { AgentFormat } from '../../shared/experiments/types';

interface Session {
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

/**
 * Runs stepped like a debugger. A session holds what is not saved (status, consent); a run's
 * turns live in its trajectory (kind `run`) alone, read at every step and view. Breakpoints are
 * the debugger's, as in an IDE: set on one run, they hold in every run it opens (a replay of a
 * recording, a fork, a live run).
 */
export function runsHandlers(ctx: BackendContext): HandlerMap<'runs'> {
  const { store, events } = ctx;
  const sessions = new Map<string, Session>();
  let breakpoints: Breakpoint[] = [];
  const { runtime } = ctx;

  const view = (s: Session): RunView => {
    const { turns, status, nextAction } = s.engine.snapshot();
    saveOutcome(s, runOutcome(status, turns, s.engine.endedBecause));
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
  };

  /** A run that ended keeps its outcome with its trajectory, so the browser can filter runs by it. */
  const saveOutcome = (s: Session, outcome: Outcome | null) => {
    const text = JSON.stringify(outcome);
    if (!s.trajectoryId || s.savedOutcome === text) return;
    s.savedOutcome = text;
    try {
      store.trajectories.setOutcome(s.trajectoryId, outcome);
    } catch {
      // The run's trajectory was deleted meanwhile: there is nothing to keep the outcome with.
    }
  };

  const graphOf = (graphId: string | null) => (graphId ? store.graphs.get(graphId) : { tools: [], edges: [] });

  /** A session over a run trajectory (its turns stay in the store), or over a recorded one to replay. */
  const open = (options: {
    trajectoryId: string | null;
    replayOf?: Trajectory | null;
    graphId: string | null;
    planId: string | null;
    mode: RunMode;
    plan?: PlanStep[];
    forkOf?: Trajectory['forkOf'];
    agentFormat?: AgentFormat;
  }): Session => {
    const id = options.trajectoryId ?? randomUUID();
    const graph = graphOf(options.graphId);
    const agentFormat = options.agentFormat ?? 'tools';
    // The tools the agent is told of: its record's own (a fork of one), else its graph's.
    const declared = (): DeclaredTool[] =>
      (options.trajectoryId ? store.toolSets.ofTrajectory(options.trajectoryId) : null) ??
      graph.tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
    const record = options.trajectoryId ?? options.replayOf?.id;
    const session: Session = {
      id,
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
      agentFormat,
      // onChange runs only after the engine is built, so the closure may refer to the session.
      engine: new RunEngine({
        graph,
        validateResult: resultValidator(graph),
        mode: options.mode,
        // A replay is saved nowhere: fork it to keep (and edit) its turns.
        turns: options.trajectoryId ? storedRunTurns(store, options.trajectoryId) : memoryTurns(),
        ...(options.plan ? { plan: options.plan } : {}),
        ...(options.replayOf ? { script: options.replayOf.turns } : {}),
        runtime,
        onChange: () => events.emit('runs.changed', view(session)),
        // Read at every agent turn: the model in use may change between two steps.
        get decide() {
          if (options.mode !== 'agent' || agentFormat !== 'tools') return undefined;
          // The remote server when one is set, else the loaded GGUF through its own chat template.
          const remote = ctx.router.chatsWithTools();
          if (!remote && !ctx.modelHost().loaded) return undefined;
          const local = remote ? null : localToolChat(ctx.modelHost());
          return chatDecider({
            chat: (request, signal) => (local ? local(request, signal) : ctx.router.chat(request, signal)),
            tools: declared(),
            maxTokens: 512,
            temperature: 0.3,
            seed: runtime.seed,
            ...(runtime.signal ? { signal: runtime.signal } : {}),
          });
        },
      }),
    };
    session.engine.breakpoints = breakpoints;
    sessions.set(id, session);
    return session;
  };

  const newRun = (
    title: string,
    graphId: string | null,
    planId: string | null,
    turns: Turn[],
    forkOf: Trajectory['forkOf'],
    tools?: DeclaredTool[],
  ) =>
    store.trajectories.insert({
      kind: 'run',
      title,
      source: 'run',
      graphId,
      planId,
      forkOf,
      turns,
      ...(tools?.length ? { tools } : {}),
    }).id;

  const session = (runId: string): Session => {
    const found = sessions.get(runId);
    if (!found) throw new TrellisError('E3001', `No open run ${runId}; open it again from the runs list.`);
    return found;
  };

  return {
    'runs.start': ({ graphId, intent, mode, planId, steps, agentFormat }) => {
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
      const trajectoryId = newRun(clipAtWord(intent), graphId, savedPlanId, turns, null);
      return view(open({ trajectoryId, graphId, planId: savedPlanId, mode, agentFormat, ...(plan ? { plan } : {}) }));
    },
    'runs.open': ({ trajectoryId }) => {
      const existing = sessions.get(trajectoryId);
      if (existing) return view(existing);
      const t = store.trajectories.get(trajectoryId);
      if (t.kind === 'imported')
        return view(open({ trajectoryId: null, replayOf: t, graphId: t.graphId, planId: null, mode: 'replay' }));
      const plan = t.planId ? store.plans.get(t.planId).steps : undefined;
      return view(
        open({
          trajectoryId: t.id,
          graphId: t.graphId,
          planId: t.planId,
          mode: plan ? 'plan' : 'agent',
          forkOf: t.forkOf,
          ...(plan ? { plan } : {}),
        }),
      );
    },
    'runs.get': ({ runId }) => view(session(runId)),
    'runs.step': async ({ runId }) => {
      const s = session(runId);
      await s.engine.step();
      return view(s);
    },
    'runs.continue': async ({ runId, untilTurns }) => {
      const s = session(runId);
      await s.engine.continue(untilTurns);
      return view(s);
    },
    'runs.pause': ({ runId }) => {
      const s = session(runId);
      s.engine.pause();
      return view(s);
    },
    'runs.stop': ({ runId }) => {
      const s = session(runId);
      s.engine.stop();
      return view(s);
    },
    'runs.setBreakpoints': ({ runId, breakpoints: set }) => {
      const s = session(runId);
      breakpoints = set;
      for (const open of sessions.values()) open.engine.breakpoints = breakpoints;
      return view(s);
    },
    'runs.edit': ({ runId, turnIndex, thought, content, callId, args }) => {
      const s = session(runId);
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
      return view(s);
    },
    'runs.fork': ({ runId, turnIndex, agentFormat }) => {
      const s = session(runId);
      const source = s.trajectoryId ?? s.replayOf!;
      const turns = s.engine.turns.slice(0, turnIndex + 1);
      const original = store.trajectories.get(source);
      const title = forkTitle(original.title, turnIndex);
      // A fork of a record goes on with the tools that record declared: they are still its truth.
      const tools = original.toolSet ? store.toolSets.get(original.toolSet) : undefined;
      const forkOf = { trajectoryId: source, turnIndex };
      const plan = s.planId ? store.plans.get(s.planId).steps : undefined;
      // A fork of a replay goes on as an agent: the recording has no plan to follow.
      const mode: RunMode = s.engine.mode === 'replay' ? 'agent' : s.engine.mode;
      const trajectoryId = newRun(title, s.graphId, s.planId, turns, forkOf, tools);
      const fork = open({
        trajectoryId,
        graphId: s.graphId,
        planId: s.planId,
        mode,
        forkOf,
        agentFormat,
        ...(plan ? { plan } : {}),
      });
      return view(fork);
    },
    'runs.allow': ({ runId, kind, key }) => {
      const s = session(runId);
      runtime.allow(kind, key);
      s.engine.consentGiven();
      return view(s);
    },
    'runs.tree': ({ graphId }) => store.trajectoryQueries.runs(graphId),
  };
}

/** The names of the tools `turns` call, in the order first called. */
function callNames(turns: readonly Turn[]): string[] {
  return turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.name);
}
