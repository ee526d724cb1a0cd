import type { PlanStep, ToolCall, Turn } from '../domain';
import { orderSteps } from '../plans';
import { callResults } from './results';
import type { NextAction, RunMode } from './types';

/** What decides a run's next turn: its turns so far, and the plan or recording it follows. */
export interface RunProgress {
  mode: RunMode;
  turns: readonly Turn[];
  plan?: readonly PlanStep[];
  /** The recorded turns a replay steps through. */
  script?: readonly Turn[];
}

/**
 * The first call of the last assistant turn that no observation after it answers yet. Only the
 * results after that turn count: a server that numbers calls per reply (`call_0` in every one)
 * gives a new call the id of one answered before, and that older result does not answer it.
 */
export function pendingCall(turns: readonly Turn[]): ToolCall | null {
  const at = turns.findLastIndex((t) => t.role === 'assistant');
  if (at < 0) return null;
  const answered = new Set(
    turns
      .slice(at + 1)
      .filter((t) => t.role === 'tool')
      .map((t) => t.toolCallId),
  );
  return turns[at]!.toolCalls?.find((c) => !answered.has(c.id)) ?? null;
}

/** The first plan step not called yet whose dependencies all have results. */
export function nextPlanStep(plan: readonly PlanStep[], turns: readonly Turn[]): PlanStep | null {
  const called = new Set(turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id));
  const results = callResults(turns);
  return (orderSteps(plan) ?? plan).find((s) => !called.has(s.id) && s.dependsOn.every((d) => results.has(d))) ?? null;
}

/**
 * What Step does next. Derived from the turns alone (which steps were called and answered,
 * which call waits for execution), so an edited, forked or reopened run needs no hidden state.
 */
export function nextAction({ mode, turns, plan = [], script }: RunProgress): NextAction {
  if (mode === 'replay') return nextRecordedTurn(turns, script ?? []);
  const last = turns.at(-1);
  if (last?.role === 'assistant' && !last.toolCalls?.length && last.content) return { kind: 'done' };
  const pending = pendingCall(turns);
  if (pending) return { kind: 'execute', call: pending };
  if (mode === 'agent') return { kind: 'call' };
  const step = nextPlanStep(plan, turns);
  return step ? { kind: 'call', stepId: step.id, tool: step.tool } : { kind: 'answer' };
}

/**
 * A replay's next turn. A recorded observation of a call the replay has shown is that call's
 * execution, as in a live run (so breakpoints, the pending call and the path on the graph work
 * alike); any other recorded turn is replayed as it is.
 */
function nextRecordedTurn(turns: readonly Turn[], script: readonly Turn[]): NextAction {
  const next = script[turns.length];
  if (!next) return { kind: 'done' };
  if (next.role === 'tool') {
    // By the id it answers (the latest call of that id: some logs reuse ids), else the one pending.
    const call = next.toolCallId
      ? turns.flatMap((t) => t.toolCalls ?? []).findLast((c) => c.id === next.toolCallId)
      : pendingCall(turns);
    if (call) return { kind: 'execute', call };
  }
  return { kind: 'replay', role: next.role };
}
