import type { Finding, PlanStep, ToolGraph, Turn } from '../../shared/domain';
import type { Random } from '../../shared/random';
import { callResults } from '../../shared/runs';
import { isErrorResult, resultOf } from '../../shared/runs/results';
import { describeChoice, pickElements, type ElementChoice } from '../../shared/synth/element-picks';
import { RunEngine } from '../executor/engine';
import { freshWorld } from '../experiments/run-world';
import { isSandboxBusy } from '../executor/runtimes/mock-runner';
import { memoryTurns } from '../executor/run-turns';
import type { RuntimeDeps } from '../executor/runtimes';

export interface SampleRun {
  /** The plan as run: element picks made concrete (`rooms[name=bedroom].room_id`). */
  steps: PlanStep[];
  turns: Turn[];
  finished: boolean;
  note: string | null;
  findings: Finding[];
}

/**
 * Runs one drawn sample step by step: before a step is called, its "any element" references
 * take an element of the list its producer actually returned (seeded), so an id comes from the
 * run and never from the sampler; the user turn then says which element was meant. The finished
 * turns are checked with Trellis's own checks.
 */
export async function runSample(
  graph: Pick<ToolGraph, 'tools' | 'edges' | 'environment'>,
  plan: readonly PlanStep[],
  intent: string,
  random: Random,
  deps: {
    runtime: RuntimeDeps;
    validateResult: NonNullable<ConstructorParameters<typeof RunEngine>[0]['validateResult']>;
    /** Trellis's checks for a trajectory of this graph (`ctx.checker().turns`). */
    check: (turns: readonly Turn[]) => Finding[];
  },
): Promise<SampleRun> {
  const steps = [...plan];
  const turns = memoryTurns([{ role: 'user', content: intent }]);
  const engine = new RunEngine({
    graph,
    mode: 'plan',
    plan: steps,
    turns,
    runtime: deps.runtime,
    validateResult: deps.validateResult,
    // Each sample in a world of its own, from the environment's initial state.
    ...(graph.environment ? { environment: freshWorld(graph.environment) } : {}),
  });
  const choices: ElementChoice[] = [];
  // Two turns per step and the answer: a bound, should a runtime wait for consent.
  for (let guard = 0; guard <= 2 * steps.length + 1; guard++) {
    const action = engine.nextAction();
    if (action.kind === 'done') break;
    if (action.kind === 'call' && action.stepId) {
      const at = steps.findIndex((s) => s.id === action.stepId);
      const picked = pickElements(steps[at]!, callResults(engine.turns), random);
      steps[at] = picked.step;
      choices.push(...picked.choices);
    }
    const before = engine.turns.length;
    await engine.step();
    if (engine.turns.length === before) break;
  }
  if (choices.length) {
    const which = [...new Set(choices.map(describeChoice))];
    turns.update(0, { role: 'user', content: `${intent} Take ${which.join(' and ')}.` });
  }
  const finished = engine.status === 'finished';
  const final = engine.turns;
  return { steps, turns: final, finished, note: engine.note, findings: deps.check(final) };
}

/** Runs of one draw made again when a mock call waited too long for the sandbox. */
export const SANDBOX_BUSY_RETRIES = 2;

/**
 * Whether a call of the run waited too long for a free mock sandbox and never ran: an error of
 * Trellis's own making (too many samples at once), not the tool's answer, so never training data.
 */
export function sandboxWasBusy(turns: readonly Turn[]): boolean {
  return turns.some((turn) => {
    if (turn.role !== 'tool') return false;
    const result = resultOf(turn);
    return isErrorResult(result) && isSandboxBusy(String((result as { error: unknown }).error));
  });
}

/** `runSample`, made again (up to SANDBOX_BUSY_RETRIES times) while a mock call found the sandbox too busy to run. */
export async function runSampleWhenSandboxFree(
  ...[graph, plan, intent, random, deps, signal]: [...Parameters<typeof runSample>, signal?: AbortSignal]
): Promise<SampleRun> {
  for (let retry = 0; ; retry++) {
    const run = await runSample(graph, plan, intent, random, deps);
    if (!sandboxWasBusy(run.turns) || retry >= SANDBOX_BUSY_RETRIES || signal?.aborted) return run;
  }
}
