import type { Outcome, Turn } from '../domain';
import type { RunStatus } from './types';
import { isErrorResult, resultOf } from './results';

/** How a run's calls went: how many were made and answered, and which observations are errors. */
export interface CallOutcome {
  /** Calls the assistant turns made. */
  made: number;
  /** Calls an observation answered (a call waiting for execution is not counted). */
  answered: number;
  /** Indexes of the observation turns whose result is `{"error": …}`, in order. */
  failedTurns: number[];
}

/** What a run's calls say about it: all failed, some failed, none failed, or no call answered yet. */
export type OutcomeLevel = 'error' | 'warning' | 'ok' | 'none';

/** How the calls of a run (or any trajectory) went, from its turns alone. */
export function callOutcome(turns: readonly Turn[]): CallOutcome {
  let made = 0;
  let answered = 0;
  const failedTurns: number[] = [];
  turns.forEach((turn, i) => {
    made += turn.toolCalls?.length ?? 0;
    if (turn.role !== 'tool') return;
    answered++;
    if (isErrorResult(resultOf(turn))) failedTurns.push(i);
  });
  return { made, answered, failedTurns };
}

export function outcomeLevel({ answered, failedTurns }: CallOutcome): OutcomeLevel {
  if (!answered) return 'none';
  if (!failedTurns.length) return 'ok';
  return failedTurns.length === answered ? 'error' : 'warning';
}

/** "3 of 3 calls failed", "1 of 4 calls failed", "1 of 1 call failed"; null when none failed. */
export function failedCallsText({ answered, failedTurns }: CallOutcome): string | null {
  if (!failedTurns.length) return null;
  return `${failedTurns.length} of ${answered} ${answered === 1 ? 'call' : 'calls'} failed`;
}

/**
 * The outcome of a run made in Trellis once it has ended: finished with every call answered
 * without error (success), finished with failed calls (failure), or stopped by the user
 * (unknown). Null while it can still go on (ready, paused, running, waiting for consent).
 */
export function runOutcome(status: RunStatus, turns: readonly Turn[]): Outcome | null {
  if (status === 'stopped') return { status: 'unknown', by: 'Trellis run', value: 'stopped' };
  if (status !== 'finished') return null;
  const calls = callOutcome(turns);
  return calls.failedTurns.length
    ? { status: 'failure', by: 'Trellis run', value: failedCallsText(calls) }
    : { status: 'success', by: 'Trellis run', value: 'finished' };
}
