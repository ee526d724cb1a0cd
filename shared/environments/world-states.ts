import type { Turn } from '../domain';

/** The state of a run's environment around one tool turn. */
export interface TurnWorld {
  /** The state before the call; undefined when the run does not say where its world started. */
  before: unknown;
  after: unknown;
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
