import type { EnvironmentCall, Outcome, TrajectoryMetadata, Turn } from '../domain';
import { isObject } from '../json';
import { answeredWithError, resultOf } from './results';

/** What a run in an environment keeps in its metadata: the world it started from. */
export interface RunEnvironment {
  initialState: unknown;
  source?: string;
}

/** The world a run started from (`metadata.environment`), or null for a run outside any environment. */
export function runEnvironment(metadata: TrajectoryMetadata | undefined): RunEnvironment | null {
  const kept = metadata?.environment;
  if (!isObject(kept) || !Object.hasOwn(kept, 'initialState')) return null;
  return {
    initialState: kept.initialState,
    ...(typeof kept.source === 'string' ? { source: kept.source } : {}),
  };
}

/**
 * The environment's state after `turns`: the state the last tool turn that recorded one left,
 * else the state the run started from. A fork (the turns up to one) thus starts from the world
 * as it was at that turn, and an edit of a turn never changes a state recorded after it.
 */
export function worldState(turns: readonly Turn[], initialState: unknown): unknown {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    if (turn.role === 'tool' && turn.state !== undefined) return turn.state;
  }
  return initialState;
}

/**
 * The run's calls as the goal check sees them, in order, each paired with the tool turn that
 * answered it: the first after it with its call id (logs reuse ids from one turn to the next).
 */
export function environmentCalls(turns: readonly Turn[]): EnvironmentCall[] {
  const calls: EnvironmentCall[] = [];
  const waiting = new Map<string, number[]>();
  for (const turn of turns) {
    for (const call of turn.toolCalls ?? []) {
      waiting.set(call.id, [...(waiting.get(call.id) ?? []), calls.length]);
      calls.push({ name: call.name, args: call.args, ok: false, error: 'no answer' });
    }
    if (turn.role !== 'tool') continue;
    const at = waiting.get(turn.toolCallId ?? '')?.shift();
    if (at === undefined) continue;
    const { name, args } = calls[at]!;
    const result = resultOf(turn);
    const error = isObject(result) ? result.error : result;
    calls[at] = answeredWithError(turn)
      ? { name, args, ok: false, error: typeof error === 'string' ? error : JSON.stringify(error) }
      : { name, args, ok: true, result };
  }
  return calls;
}

/** What an outcome given by an environment's goal check says it was given by. */
export const GOAL_CHECK = 'environment goal';

/** Whether an outcome is the verdict of an environment's goal check. */
export const isGoalOutcome = (outcome: Outcome | null | undefined): boolean => outcome?.by === GOAL_CHECK;

/** The run's outcome from the goal check's verdict, or from the error the check threw (unknown). */
export function goalOutcome(verdict: { success: boolean; reason: string } | { error: string }): Outcome {
  if ('error' in verdict) return { status: 'unknown', by: GOAL_CHECK, value: verdict.error };
  return { status: verdict.success ? 'success' : 'failure', by: GOAL_CHECK, value: verdict.reason };
}
