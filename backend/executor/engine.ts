import type { PlanStep, Tool, ToolCall, ToolGraph, Turn } from '../../shared/domain';
import { orderSteps, resolveRefs } from '../../shared/plans';
import { agentPrompt, agentSchema } from './agent';
import { callTool, type ConsentRequest, type RuntimeDeps } from './runtimes';

export type RunMode = 'plan' | 'agent' | 'replay';
export type RunStatus = 'ready' | 'paused' | 'running' | 'finished' | 'stopped' | 'needs-consent';

/** Where a run pauses by itself: before calling a tool, on an error, or on an argument value. */
export type Breakpoint =
  { kind: 'tool'; tool: string } | { kind: 'error' } | { kind: 'argument'; param: string; pattern: string };

/** What Step does next, shown to the user before they press it. */
export type NextAction =
  | { kind: 'call'; stepId?: string; tool?: string }
  | { kind: 'execute'; call: ToolCall }
  | { kind: 'answer' }
  | { kind: 'replay'; role: Turn['role'] }
  | { kind: 'done' };

export interface EngineOptions {
  graph: Pick<ToolGraph, 'tools' | 'edges'>;
  mode: RunMode;
  turns: Turn[];
  plan?: PlanStep[];
  /** The recorded turns a replay steps through. */
  script?: Turn[];
  runtime: RuntimeDeps;
  /** Saves the turns after every change (the run is a trajectory). */
  persist(turns: Turn[]): void;
  /** Agent mode stops with an answer after this many assistant turns. */
  maxAssistantTurns?: number;
  /** Checks a tool's result against its `returns` schema (ajv, from the backend). */
  validateResult?: (tool: string, result: unknown) => { path: string; message: string }[];
}

/** A result that does not match its tool's `returns` schema, on the observation turn. */
export interface ResultWarning {
  turnIndex: number;
  path: string;
  message: string;
}

const MAX_ASSISTANT_TURNS = 30;
const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

/** The result of a call from its observation turn (JSON when it parses), or an error marker. */
function resultOf(turn: Turn): unknown {
  try {
    return JSON.parse(turn.content ?? 'null');
  } catch {
    return turn.content;
  }
}

/** Observations of failed calls are `{"error": …}`. */
const isErrorResult = (result: unknown) => typeof result === 'object' && result !== null && 'error' in result;

/**
 * Advances a run one turn at a time. Everything is derived from the turns themselves (which
 * plan steps were called and answered, which call waits for execution), so a run can be
 * edited, forked from any turn, saved and reopened without a hidden state to keep in step.
 */
export class RunEngine {
  turns: Turn[];
  status: RunStatus = 'ready';
  /** Why the run paused or stopped, for the user. */
  note: string | null = null;
  consent: ConsentRequest | null = null;
  breakpoints: Breakpoint[] = [];
  warnings: ResultWarning[] = [];
  private pauseRequested = false;
  /** The call a breakpoint paused before: Continue goes past it instead of pausing again. */
  private releasedCall: string | null = null;
  private readonly tools: Map<string, Tool>;

  constructor(private readonly options: EngineOptions) {
    this.turns = options.turns;
    this.tools = new Map(options.graph.tools.map((t) => [t.name, t as Tool]));
    if (this.nextAction().kind === 'done') this.status = 'finished';
  }

  get mode(): RunMode {
    return this.options.mode;
  }

  /** The first call of the last assistant turn that no observation answers yet. */
  pendingCall(): ToolCall | null {
    const answered = new Set(this.turns.filter((t) => t.role === 'tool').map((t) => t.toolCallId));
    const last = [...this.turns].reverse().find((t) => t.role === 'assistant');
    return last?.toolCalls?.find((c) => !answered.has(c.id)) ?? null;
  }

  nextAction(): NextAction {
    if (this.options.mode === 'replay') {
      const next = this.options.script?.[this.turns.length];
      return next ? { kind: 'replay', role: next.role } : { kind: 'done' };
    }
    const last = this.turns.at(-1);
    if (last?.role === 'assistant' && !last.toolCalls?.length && last.content) return { kind: 'done' };
    const pending = this.pendingCall();
    if (pending) return { kind: 'execute', call: pending };
    if (this.options.mode === 'agent') return { kind: 'call' };
    const step = this.nextPlanStep();
    return step ? { kind: 'call', stepId: step.id, tool: step.tool } : { kind: 'answer' };
  }

  /** Adds exactly one turn: a call, an observation, an answer, or the next recorded turn. */
  async step(): Promise<void> {
    const action = this.nextAction();
    const started = performance.now();
    switch (action.kind) {
      case 'done':
        this.status = 'finished';
        return;
      case 'replay':
        this.push(structuredClone(this.options.script![this.turns.length]!));
        break;
      case 'execute':
        if (!(await this.execute(action.call, started))) return;
        break;
      case 'call':
        if (this.options.mode === 'agent') await this.agentTurn();
        else this.planCall(action.stepId!, started);
        break;
      case 'answer':
        this.push({
          role: 'assistant',
          content: this.planSummary(),
          timing: { durationMs: performance.now() - started },
        });
        break;
    }
    this.status = this.nextAction().kind === 'done' ? 'finished' : 'paused';
  }

  /**
   * Steps until the run ends, a breakpoint hits, Pause is pressed, or (Run to here) the run
   * has `untilTurns` turns.
   */
  async continue(untilTurns?: number): Promise<void> {
    this.pauseRequested = false;
    this.note = null;
    this.status = 'running';
    while (!this.pauseRequested) {
      if (untilTurns !== undefined && this.turns.length >= untilTurns) break;
      const action = this.nextAction();
      if (action.kind === 'done') break;
      if (action.kind === 'execute' && this.releasedCall !== action.call.id) {
        const hit = this.breakpointBefore(action.call);
        if (hit) {
          this.releasedCall = action.call.id;
          this.status = 'paused';
          this.note = hit;
          return;
        }
      }
      const before = this.turns.length;
      await this.step();
      if ((this.status as RunStatus) === 'needs-consent' || (this.status as RunStatus) === 'stopped') return;
      const added = this.turns.at(-1);
      if (
        this.turns.length > before &&
        added?.role === 'tool' &&
        isErrorResult(resultOf(added)) &&
        this.breakpoints.some((b) => b.kind === 'error')
      ) {
        this.status = 'paused';
        this.note = `Paused: ${added.toolCallId} returned an error.`;
        return;
      }
    }
    this.status = this.nextAction().kind === 'done' ? 'finished' : 'paused';
  }

  pause(): void {
    this.pauseRequested = true;
  }

  stop(): void {
    this.pauseRequested = true;
    this.status = 'stopped';
    this.note = 'Stopped by the user.';
  }

  /** Edits a turn in place (thought, content, or a call's arguments); later steps use the edit. */
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
    this.turns = this.turns.map((t, i) => (i === turnIndex ? next : t));
    this.options.persist(this.turns);
    if (this.status === 'finished' && this.nextAction().kind !== 'done') this.status = 'paused';
  }

  private push(turn: Turn) {
    this.turns = [...this.turns, turn];
    this.options.persist(this.turns);
  }

  /** Results of answered calls by call id (plan step ids in plan mode). */
  private results(): Map<string, unknown> {
    return new Map(this.turns.filter((t) => t.role === 'tool').map((t) => [t.toolCallId ?? '', resultOf(t)]));
  }

  private nextPlanStep(): PlanStep | null {
    const plan = this.options.plan ?? [];
    const called = new Set(this.turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id));
    const results = this.results();
    return (
      (orderSteps(plan) ?? plan).find((s) => !called.has(s.id) && s.dependsOn.every((d) => results.has(d))) ?? null
    );
  }

  private planCall(stepId: string, started: number) {
    const step = this.options.plan!.find((s) => s.id === stepId)!;
    const args = resolveRefs(step.args, this.results());
    const deps = step.dependsOn.length ? ` using ${step.dependsOn.join(', ')}` : '';
    this.push({
      role: 'assistant',
      thought: `Step ${step.id}: ${step.tool}${deps}.`,
      toolCalls: [{ id: step.id, name: step.tool, args }],
      timing: { durationMs: performance.now() - started },
    });
  }

  private planSummary(): string {
    const results = this.results();
    const plan = this.options.plan ?? [];
    const failed = plan.filter((s) => isErrorResult(results.get(s.id)));
    const last = plan.at(-1);
    return (
      `Plan complete: ${plan.length - failed.length} of ${plan.length} steps succeeded` +
      (failed.length ? ` (failed: ${failed.map((s) => s.id).join(', ')})` : '') +
      (last ? `. ${last.tool} returned ${short(results.get(last.id))}` : '.')
    );
  }

  /** Runs a call with its tool's runtime; false when the user must consent first. */
  private async execute(call: ToolCall, started: number): Promise<boolean> {
    const tool = this.tools.get(call.name);
    const observation = tool
      ? await callTool(tool, call.args, this.options.runtime)
      : { ok: false as const, error: `${call.name} is not a tool of this graph.` };
    if (!observation.ok && observation.consent) {
      this.status = 'needs-consent';
      this.consent = observation.consent;
      this.note = observation.consent.message;
      return false;
    }
    this.consent = null;
    if (observation.ok)
      for (const problem of this.options.validateResult?.(call.name, observation.result) ?? [])
        this.warnings.push({
          turnIndex: this.turns.length,
          path: problem.path,
          message: `${call.name} returned a result its returns schema does not allow: ${problem.message}`,
        });
    this.push({
      role: 'tool',
      toolCallId: call.id,
      content: JSON.stringify(observation.ok ? observation.result : { error: observation.error }),
      timing: { durationMs: performance.now() - started },
    });
    return true;
  }

  private breakpointBefore(call: ToolCall): string | null {
    for (const b of this.breakpoints) {
      if (b.kind === 'tool' && b.tool === call.name) return `Paused before ${call.name} (breakpoint on the tool).`;
      if (b.kind === 'argument') {
        const value = (call.args as Record<string, unknown> | null)?.[b.param];
        if (value === undefined) continue;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        let matches: boolean;
        try {
          matches = new RegExp(b.pattern).test(text);
        } catch {
          matches = text.includes(b.pattern); // not a valid pattern: match it as plain text
        }
        if (matches) return `Paused before ${call.name}: ${b.param} matches ${b.pattern}.`;
      }
    }
    return null;
  }

  /** One ReAct turn: the model picks a tool call (constrained to the graph) or answers. */
  private async agentTurn() {
    const generate = this.options.runtime.generate;
    if (!generate) throw new Error('The agent loop needs a model: load one in Models, or run a plan instead.');
    const assistantTurns = this.turns.filter((t) => t.role === 'assistant').length;
    if (assistantTurns >= (this.options.maxAssistantTurns ?? MAX_ASSISTANT_TURNS)) {
      this.push({ role: 'assistant', content: `Stopped after ${assistantTurns} assistant turns without an answer.` });
      return;
    }
    const started = performance.now();
    const { text } = await generate(
      {
        prompt: agentPrompt([...this.tools.values()], this.turns),
        chat: true,
        maxTokens: 512,
        temperature: 0.3,
        seed: this.options.runtime.seed + this.turns.length,
        jsonSchema: agentSchema([...this.tools.values()]),
      },
      this.options.runtime.signal,
    );
    const durationMs = performance.now() - started;
    let decision: { action: string; thought?: string; tool?: string; args?: unknown; answer?: string };
    try {
      decision = JSON.parse(text) as typeof decision;
    } catch {
      this.push({
        role: 'assistant',
        content: `The model's answer was cut off: ${short(text)}`,
        timing: { durationMs },
      });
      return;
    }
    this.push(
      decision.action === 'call'
        ? {
            role: 'assistant',
            thought: decision.thought ?? '',
            toolCalls: [{ id: `call_${this.turns.length}`, name: decision.tool ?? '', args: decision.args ?? {} }],
            timing: { durationMs },
          }
        : {
            role: 'assistant',
            thought: decision.thought ?? '',
            content: decision.answer || '(no answer)',
            timing: { durationMs },
          },
    );
  }
}
