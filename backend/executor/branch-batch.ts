/**
 * A plan's independent branches as simultaneous model requests. When a plan run continues, every
 * step whose dependencies all have results could run next in any order; where the model simulates
 * its tool, its observation is a generation that depends on the tool, its arguments and the run's
 * seed alone. Those generations start together, so the llama helper decodes them in one batch
 * (its sequences), while the engine still adds the turns one at a time in the order of a run one
 * by one. Each observation is kept under its tool and arguments: a call edited in between finds
 * none and is made as before.
 */
import type { PlanStep, Tool, ToolCall, Turn } from '../../shared/domain';
import { callResults, pendingCall, planCallTurn, unfilledCallError } from '../../shared/runs';
import { usesModel } from '../../shared/runtimes';
import type { Observation } from './runtimes';

/** A call the model answers (a tool whose runtime uses the model) that the run makes before any new result. */
export interface BranchCall {
  tool: Tool;
  args: unknown;
}

const keyOf = (name: string, args: unknown) => `${name}\u0000${JSON.stringify(args)}`;

/**
 * The model-answered calls a plan run makes whatever order its ready steps take: the call waiting
 * for execution, and each step not called yet whose dependencies all have results (its arguments
 * resolved from them now, as its call turn will have them).
 */
export function readyBranchCalls(
  plan: readonly PlanStep[],
  turns: readonly Turn[],
  tools: ReadonlyMap<string, Tool>,
): BranchCall[] {
  const simulated = (name: string) => {
    const tool = tools.get(name);
    return tool && usesModel(tool.runtime) ? tool : null;
  };
  const calls: BranchCall[] = [];
  const add = (call: ToolCall) => {
    const tool = simulated(call.name);
    if (tool && !unfilledCallError(call, turns)) calls.push({ tool, args: call.args });
  };
  const pending = pendingCall(turns);
  if (pending) add(pending);
  const called = new Set(turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id));
  const results = callResults(turns);
  for (const step of plan) {
    if (called.has(step.id) || !step.dependsOn.every((d) => results.has(d)) || !simulated(step.tool)) continue;
    add(planCallTurn(step, turns).toolCalls![0]!);
  }
  return calls;
}

/** Observations started ahead for a run, each taken once by the call it belongs to. */
export class BranchBatch {
  private readonly started = new Map<string, { observation: Promise<Observation>; abort: AbortController }>();

  /**
   * Starts what is not started yet, when there are two or more calls to make together; `call`
   * gets a signal that `clear` aborts while no call has taken its observation.
   */
  start(
    calls: readonly BranchCall[],
    call: (tool: Tool, args: unknown, signal: AbortSignal) => Promise<Observation>,
  ): void {
    const fresh = calls.filter((c) => !this.started.has(keyOf(c.tool.name, c.args)));
    if (fresh.length + this.started.size < 2) return;
    for (const { tool, args } of fresh) {
      const key = keyOf(tool.name, args);
      const abort = new AbortController();
      const observation = call(tool, args, abort.signal).then((answer) => {
        // One that asks for consent (a model server not approved yet) is asked again when its turn comes.
        if (!answer.ok && answer.consent && this.started.get(key)?.abort === abort) this.started.delete(key);
        return answer;
      });
      this.started.set(key, { observation, abort });
    }
  }

  /** The observation started for this call, if one was (and is then forgotten). */
  take(call: ToolCall): Promise<Observation> | undefined {
    const key = keyOf(call.name, call.args);
    const started = this.started.get(key);
    this.started.delete(key);
    return started?.observation;
  }

  /** Forgets what was started (a stopped run), cancelling the generations no call waits for. */
  clear(): void {
    for (const { abort } of this.started.values()) abort.abort();
    this.started.clear();
  }
}
