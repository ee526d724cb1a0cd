import type { Environment, Outcome, PlanStep, Tool, ToolCall, ToolGraph, Turn } from '../../shared/domain';
import {
  breakpointAfter,
  breakpointBefore,
  worldState,
  nextAction,
  pendingCall,
  planCallTurn,
  planSummary,
  unfilledCallError,
  type Breakpoint,
  type ConsentRequest,
  type NextAction,
  type ResultWarning,
  type RunMode,
  type RunStatus,
} from '../../shared/runs';
import { agentPrompt, agentSchema, turnFromDecision } from './agent';
import type { AgentDecider } from './agent-chat';
import { endingReason, TurnLimitReached, UnusableAnswer } from './unusable-answer';
import { BranchBatch, readyBranchCalls } from './branch-batch';
import type { RunTurns } from './run-turns';
import { callTool, type Observation, type RuntimeDeps } from './runtimes';
import { RunGoalCheck } from '../environments/goal-check';
import { countOf, formatCount } from '../../shared/text';

export interface EngineOptions {
  graph: Pick<ToolGraph, 'tools' | 'edges'>;
  mode: RunMode;
  /** Where the run's turns live; the engine reads them there before every step and edit. */
  turns: RunTurns;
  plan?: PlanStep[];
  /** The recorded turns a replay steps through. */
  script?: Turn[];
  runtime: RuntimeDeps;
  /**
   * Told after every turn added while the run continues, so the debugger can follow it. A step
   * or an edit is answered with the run itself: an event before that answer would show the new
   * turn while the debugger still counts the step as in progress.
   */
  onChange?(): void;
  /** Agent mode stops with an answer after this many assistant turns. */
  maxAssistantTurns?: number;
  /**
   * Decides agent turns in place of the graph-constrained JSON prompt (agent-chat.ts: the
   * conversation and its tools, as the agent's own client sends them).
   */
  decide?: AgentDecider;
  /**
   * Answers calls in place of each tool's own runtime (an experiment's tool policy), with the
   * runtime deps of this call (the run's world in them).
   */
  callTool?: (tool: Tool, args: unknown, runtime: RuntimeDeps) => Promise<Observation>;
  /**
   * The run's world: the graph's environment code and the state the run started from. Each call
   * sees the state the turns before it left (`worldState`); its goal judges the finished run.
   */
  environment?: Pick<Environment, 'code' | 'initialState'>;
  /** Checks a tool's result against its `returns` schema (ajv, from the backend). */
  validateResult?: (tool: string, result: unknown) => { path: string; message: string }[];
  /**
   * A plan run's independent model-simulated calls start together when it continues (the turns
   * still come one by one, in the same order): on unless false (bench:engine's one-by-one side).
   */
  batchBranches?: boolean;
}

/** The run as the debugger shows it, from one read of its turns. */
export interface RunSnapshot {
  turns: Turn[];
  status: RunStatus;
  nextAction: NextAction;
}

const MAX_ASSISTANT_TURNS = 30;

/** Why an agent run ends when it has no model to ask, as its outcome says it. */
export const NO_MODEL = 'no model loaded: load one in Models or point at a server';

/** A run cannot take its next turn at all (an agent with no model): it ends with `reason`. */
class RunCannotGoOn extends Error {
  constructor(readonly reason: string) {
    super(`${reason[0]!.toUpperCase()}${reason.slice(1)}.`);
  }
}

/**
 * Advances a run one turn at a time. What runs next is derived from the turns alone
 * (`shared/runs`), and the turns are read from where they live at every step, so a run can be
 * edited (here or in curation), forked, saved and reopened without a hidden copy to keep in step.
 */
export class RunEngine {
  /** Why the run paused or stopped, for the user. */
  note: string | null = null;
  consent: ConsentRequest | null = null;
  breakpoints: Breakpoint[] = [];
  warnings: ResultWarning[] = [];
  /** Paused, finished and ready are settled from the turns when read (see `statusOf`). */
  private state: RunStatus = 'ready';
  private pauseRequested = false;
  /**
   * The call a breakpoint paused before, with the turn count it paused at: Continue goes past it
   * instead of pausing again, while a later call of the same id (logs reuse ids) still pauses.
   */
  private releasedCall: string | null = null;
  /** Why the run ended by itself before its answer (no model for an agent); null while it can go on. */
  endedBecause: string | null = null;
  private readonly tools: Map<string, Tool>;
  private readonly branches = new BranchBatch();
  private readonly goal: RunGoalCheck | null;

  constructor(private readonly options: EngineOptions) {
    this.tools = new Map(options.graph.tools.map((t) => [t.name, t as Tool]));
    this.goal = options.environment ? new RunGoalCheck(options.environment, options.runtime.mocks) : null;
  }

  get mode(): RunMode {
    return this.options.mode;
  }

  /** The turns as stored now. */
  get turns(): Turn[] {
    return this.options.turns.read();
  }

  get status(): RunStatus {
    return this.statusOf(this.turns);
  }

  snapshot(): RunSnapshot {
    const turns = this.turns;
    return { turns, status: this.statusOf(turns), nextAction: this.nextAction(turns) };
  }

  /** The first call of the last assistant turn that no observation answers yet. */
  pendingCall(turns: readonly Turn[] = this.turns): ToolCall | null {
    return pendingCall(turns);
  }

  nextAction(turns: readonly Turn[] = this.turns): NextAction {
    const { mode, plan, script } = this.options;
    return nextAction({ mode, turns, ...(plan ? { plan } : {}), ...(script ? { script } : {}) });
  }

  /** Adds exactly one turn: a call, an observation, an answer, or the next recorded turn. */
  async step(): Promise<void> {
    const turns = this.turns;
    const action = this.nextAction(turns);
    // Nothing added to an unfinished run: the call waits for the user's consent, or the run ended.
    if ((await this.advanceOrEnd(turns, action)) || action.kind === 'done') this.state = 'paused';
    await this.judge();
  }

  /**
   * Steps until the run ends, a breakpoint hits, Pause is pressed, or (Run to here) the run
   * has `untilTurns` turns; a run that finished is judged by its environment's goal.
   */
  async continue(untilTurns?: number): Promise<void> {
    await this.advanceUntil(untilTurns);
    await this.judge();
  }

  /** Runs the environment's goal check on the run once it has finished (once for the same turns). */
  async judge(): Promise<void> {
    const turns = this.turns;
    if (this.goal && this.statusOf(turns) === 'finished') await this.goal.judge(turns);
  }

  /** The goal check's outcome of these turns when it has judged them; null otherwise (or when there is no goal). */
  goalOutcome(turns: readonly Turn[] = this.turns): Outcome | null {
    if (!this.goal || this.statusOf(turns) !== 'finished') return null;
    return this.goal.outcome(turns);
  }

  /** The runtime deps of a call made after `turns`: the run's world as they left it, in an environment. */
  private callRuntime(turns: readonly Turn[]): RuntimeDeps {
    const { runtime, environment } = this.options;
    if (!environment) return runtime;
    return { ...runtime, world: { code: environment.code, state: worldState(turns, environment.initialState) } };
  }

  private async advanceUntil(untilTurns?: number): Promise<void> {
    this.pauseRequested = false;
    this.note = null;
    this.endedBecause = null;
    this.state = 'running';
    try {
      while (!this.pauseRequested) {
        const turns = this.turns;
        if (untilTurns !== undefined && turns.length >= untilTurns) break;
        const action = this.nextAction(turns);
        if (action.kind === 'done') break;
        const callAt = action.kind === 'execute' ? `${turns.length}:${action.call.id}` : null;
        if (action.kind === 'execute' && this.releasedCall !== callAt) {
          const hit = breakpointBefore(this.breakpoints, action.call);
          if (hit) {
            this.releasedCall = callAt;
            return this.pauseWith(hit);
          }
        }
        this.startReadyBranches(turns);
        const added = await this.advanceOrEnd(turns, action);
        if (this.state !== 'running') return; // stopped, ended, or waiting for consent
        const hit = added && breakpointAfter(this.breakpoints, added);
        if (hit) return this.pauseWith(hit);
      }
    } finally {
      // A failed step (no model loaded…) leaves the run paused where it was, not running.
      if (this.state === 'running') this.state = 'paused';
    }
  }

  pause(): void {
    this.pauseRequested = true;
  }

  stop(): void {
    this.branches.clear();
    this.pauseRequested = true;
    this.state = 'stopped';
    this.endedBecause = null;
    this.note = 'Stopped by the user.';
  }

  /** The user allowed what the run asked about: the call can be stepped again. */
  consentGiven(): void {
    if (this.state !== 'needs-consent') return;
    this.state = 'paused';
    this.consent = null;
    this.note = null;
  }

  /** Edits a turn as stored now (thought, content, or a call's arguments); later steps use the edit. */
  edit(turnIndex: number, patch: { thought?: string; content?: string; callId?: string; args?: unknown }): void {
    const turn = this.turns[turnIndex];
    if (!turn) throw new RangeError(`This run has no turn ${turnIndex}.`);
    const next: Turn = { ...turn };
    if (patch.thought !== undefined) next.thought = patch.thought;
    if (patch.content !== undefined) next.content = patch.content;
    if (patch.args !== undefined) {
      const calls = turn.toolCalls ?? [];
      const target = patch.callId ?? calls[0]?.id;
      if (!calls.some((c) => c.id === target)) throw new RangeError(`Turn ${turnIndex} has no call ${target ?? ''}.`);
      next.toolCalls = calls.map((c) => (c.id === target ? { ...c, args: patch.args } : c));
    }
    this.options.turns.update(turnIndex, next);
  }

  /** Whether the run is done is read from its turns: an edit (anywhere) can reopen a finished run. */
  private statusOf(turns: readonly Turn[]): RunStatus {
    if (this.state !== 'ready' && this.state !== 'paused' && this.state !== 'finished') return this.state;
    if (this.nextAction(turns).kind === 'done') return 'finished';
    return this.state === 'finished' ? 'paused' : this.state;
  }

  /** A plan run's model-simulated calls that can run now start together (branch-batch.ts). */
  private startReadyBranches(turns: readonly Turn[]): void {
    const { mode, plan, batchBranches, runtime } = this.options;
    // Calls answered by an experiment's tool policy are not the runtimes' to start ahead.
    if (mode !== 'plan' || !plan || batchBranches === false || this.options.callTool) return;
    this.branches.start(readyBranchCalls(plan, turns, this.tools), (tool, args, stopped) =>
      callTool(tool, args, {
        ...runtime,
        signal: runtime.signal ? AbortSignal.any([runtime.signal, stopped]) : stopped,
      }),
    );
  }

  private pauseWith(note: string) {
    this.state = 'paused';
    this.note = note;
  }

  /** Takes `action`; a run that cannot go on at all ends there, saying why (not left running or paused). */
  private async advanceOrEnd(turns: readonly Turn[], action: NextAction): Promise<Turn | null> {
    try {
      return await this.advance(turns, action);
    } catch (error) {
      // An answer the model gave that Trellis cannot use ends the run too, its reason kept as the run's.
      const reason = error instanceof RunCannotGoOn ? error.reason : endingReason(error);
      if (reason === null) throw error;
      this.branches.clear();
      this.state = 'stopped';
      this.endedBecause = reason;
      this.note = (error as Error).message;
      return null;
    }
  }

  /** Takes `action` on `turns`; returns the turn added, or null when none was (done, or consent needed). */
  private async advance(turns: readonly Turn[], action: NextAction): Promise<Turn | null> {
    const started = performance.now();
    const timing = () => ({ durationMs: performance.now() - started });
    switch (action.kind) {
      case 'done':
        return null;
      case 'replay':
        return this.append(structuredClone(this.options.script![turns.length]!));
      case 'execute':
        // A replay executes a call by showing its recorded observation.
        if (this.options.mode === 'replay') return this.append(structuredClone(this.options.script![turns.length]!));
        return this.execute(action.call, timing);
      case 'call':
        if (this.options.mode === 'agent') return this.agentTurn(turns);
        return this.append({
          ...planCallTurn(
            this.options.plan!.find((s) => s.id === action.stepId)!,
            turns,
          ),
          timing: timing(),
        });
      case 'answer':
        return this.append({
          role: 'assistant',
          content: planSummary(this.options.plan ?? [], turns),
          timing: timing(),
        });
    }
  }

  private append(turn: Turn): Turn {
    this.options.turns.append(turn);
    this.changed();
    return turn;
  }

  private changed() {
    if (this.state === 'running') this.options.onChange?.();
  }

  /** Runs a call with its tool's runtime; null when the user must consent first. */
  private async execute(call: ToolCall, timing: () => { durationMs: number }): Promise<Turn | null> {
    const tool = this.tools.get(call.name);
    const turns = this.turns;
    // A pick into an empty list leaves its reference in the call: the step fails, saying why.
    const unfilled = unfilledCallError(call, turns);
    const runtime = this.callRuntime(turns);
    const observation: Observation = unfilled
      ? { ok: false as const, error: unfilled }
      : tool
        ? await (this.branches.take(call) ??
            this.options.callTool?.(tool, call.args, runtime) ??
            callTool(tool, call.args, runtime))
        : { ok: false as const, error: `${call.name} is not a tool of this graph.` };
    if (!observation.ok && observation.consent) {
      this.state = 'needs-consent';
      this.consent = observation.consent;
      this.note = observation.consent.message;
      return null;
    }
    this.consent = null;
    // Nothing can answer the call (the recording replayed ends on it): the run ends where it does.
    if (!observation.ok && observation.end) {
      this.state = 'stopped';
      this.note = observation.end;
      return null;
    }
    const problems = observation.ok ? (this.options.validateResult?.(call.name, observation.result) ?? []) : [];
    const turn: Turn = {
      role: 'tool',
      toolCallId: call.id,
      // Where the observation came from when the runtime says (a replayed recording, a default response).
      ...(observation.note ? { thought: observation.note } : {}),
      // A replayed answer is the recorded text, byte for byte; any other is the value written out.
      content: observation.text ?? JSON.stringify(observation.ok ? observation.result : { error: observation.error }),
      timing: timing(),
      ...(observation.tokens ? { tokens: observation.tokens } : {}),
      // The world as this call left it (an environment tool's): what later calls and a fork start from.
      ...(observation.state !== undefined ? { state: observation.state } : {}),
    };
    const turnIndex = this.options.turns.append(turn);
    for (const problem of problems)
      this.warnings.push({
        kind: 'result-schema',
        turnIndex,
        path: problem.path,
        message: `${call.name} returned a result its returns schema does not allow: ${problem.message}`,
      });
    this.changed();
    return turn;
  }

  /** One ReAct turn: the model picks a tool call (constrained to the graph) or answers. */
  private async agentTurn(turns: readonly Turn[]): Promise<Turn> {
    const generate = this.options.runtime.generate;
    if (!generate && !this.options.decide) throw new RunCannotGoOn(NO_MODEL);
    const assistantTurns = turns.filter((t) => t.role === 'assistant').length;
    // Trellis's own words are the run's error, never a turn in the model's name.
    if (assistantTurns >= (this.options.maxAssistantTurns ?? MAX_ASSISTANT_TURNS))
      throw new TurnLimitReached(assistantTurns);
    if (this.options.decide || !generate)
      return this.append(await this.keepingUnusable(() => this.options.decide!(turns)));
    const started = performance.now();
    const { text, tokens, contextSize } = await generate(
      {
        prompt: agentPrompt([...this.tools.values()], turns),
        chat: true,
        maxTokens: 512,
        temperature: 0.3,
        seed: this.options.runtime.seed + turns.length,
        jsonSchema: agentSchema([...this.tools.values()]),
      },
      this.options.runtime.signal,
    );
    // What the turn cost, shown in the run's timeline: time, and tokens read and written.
    const measured = { timing: { durationMs: performance.now() - started }, ...(tokens ? { tokens } : {}) };
    if (tokens && contextSize && tokens.prompt + tokens.completion > contextSize)
      this.warnings.push({
        kind: 'context',
        turnIndex: turns.length,
        path: '',
        message: `The prompt (${countOf(tokens.prompt, 'token')}) and the answer (${formatCount(tokens.completion)}) did not fit the model's context of ${countOf(contextSize, 'token')}, so the model no longer saw the start of the prompt. Load the model with a larger context size in Models.`,
      });
    return this.append(
      await this.keepingUnusable(() => turnFromDecision(text, turns.length, [...this.tools.keys()], measured)),
    );
  }

  /** The turn decided; an answer Trellis cannot use stops the run, the call the model made kept as its turn. */
  private async keepingUnusable(decide: () => Turn | Promise<Turn>): Promise<Turn> {
    try {
      return await decide();
    } catch (error) {
      if (error instanceof UnusableAnswer && error.kept) this.append(error.kept);
      throw error;
    }
  }
}
