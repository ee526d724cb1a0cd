import type { Outcome, Trajectory, Turn } from '../domain';
import { isObject } from '../json';

/** The state of a run's environment around one tool turn. */
export interface TurnWorld {
  /** The state before the call; undefined when the run does not say where its world started. */
  before: unknown;
  after: unknown;
}

/** What a run recorded of its environment: `metadata.environment`, when it ran in one. */
export interface RunEnvironment {
  initialState: unknown;
  source?: string;
}

/** The environment a run started in, from its metadata; null when it ran without one. */
export function runEnvironment(metadata: Trajectory['metadata']): RunEnvironment | null {
  const environment = metadata?.environment;
  if (!isObject(environment) || !Object.hasOwn(environment, 'initialState')) return null;
  return {
    initialState: environment.initialState,
    ...(typeof environment.source === 'string' ? { source: environment.source } : {}),
  };
}

/**
 * The state before and after each tool turn that recorded one, by turn index: a turn's state
 * before is the previous recording turn's state after, or the run's initial state for the first.
 * Turns that recorded none (calls answered by other runtimes, the model's turns) are left out.
 */
export function worldsByTurn(turns: readonly Turn[], initialState?: unknown): Map<number, TurnWorld> {
  const worlds = new Map<number, TurnWorld>();
  let current = initialState;
  turns.forEach((turn, index) => {
    if (turn.role !== 'tool' || turn.state === undefined) return;
    worlds.set(index, { before: current, after: turn.state });
    current = turn.state;
  });
  return worlds;
}

/** The environment's goal check as the run's outcome names it. */
export const ENVIRONMENT_GOAL = 'environment goal';

/** The run's verdict from its environment's goal check, when its outcome came from one. */
export function goalVerdictOf(outcome: Outcome | null | undefined): Outcome | null {
  return outcome && outcome.by === ENVIRONMENT_GOAL ? outcome : null;
}
