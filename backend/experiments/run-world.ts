import type { Environment, Outcome, Trajectory } from '../../shared/domain';
import { isGoalOutcome, runEnvironment } from '../../shared/runs';
import { RunGoalCheck } from '../environments/goal-check';
import type { MockRunner } from '../executor/runtimes/mock-runner';

/** The world an experiment's run starts in: a fresh copy of the environment's initial state. */
export function freshWorld(environment: Environment): Pick<Environment, 'code' | 'initialState'> {
  return { code: environment.code, initialState: structuredClone(environment.initialState ?? null) };
}

/**
 * The goal check's verdict on the recording an experiment re-runs: the one it carries, else the
 * goal run on the state its turns left (a run made in this environment before its goal was
 * written); null for a record that never ran in the environment (its turns keep no state).
 */
export async function goalOfSource(
  mocks: MockRunner,
  source: Trajectory,
  environment: Environment | null | undefined,
): Promise<Outcome | null> {
  if (isGoalOutcome(source.outcome)) return source.outcome!;
  if (!environment || !source.turns.some((t) => t.state !== undefined)) return null;
  const initialState = runEnvironment(source.metadata)?.initialState ?? environment.initialState;
  const check = new RunGoalCheck({ code: environment.code, initialState }, mocks);
  await check.judge(source.turns);
  return check.outcome(source.turns);
}
