import type { Outcome, Trajectory, Turn } from '../domain';
import type { RunStatus } from './types';
import { answeredWithError, recordedToolErrors } from './results';

/** How a run's calls went: how many were made and answered, and which observations are errors. */
export interface CallOutcome {
  /** Calls the assistant turns made. */
  made: number;
  /** Calls an observation answered (a call waiting for execution is not counted). */
  answered: number;
  /** Indexes of the observation turns whose result is `{"error": …}`, in order. */
  failedTurns: number[];
  /**
   * Calls no observation answers, in order: one waiting for execution while the run goes on, a
   * call that never got a result once it has ended (a replayed record without its result).
   */
  unanswered: { turnIndex: number; name: string }[];
}

/** What a run's calls say about it: all failed, some failed, none failed, or no call answered yet. */
/** The turns of a trajectory whose call failed: the inspector and the diff mark them alike. */
export function failedTurnsOf(trajectory: Pick<Trajectory, 'turns' | 'metadata'>): ReadonlySet<number> {
  return new Set(callOutcome(trajectory.turns, recordedToolErrors(trajectory.metadata)).failedTurns);
}

export type OutcomeLevel = 'error' | 'warning' | 'ok' | 'none';

/**
 * How the calls of a run (or any trajectory) went, from its turns and the calls its record says
 * failed (`recordedToolErrors`): an observation is failed when it reads `{"error": …}` or answers one of those.
 */
export function callOutcome(turns: readonly Turn[], failedCalls: ReadonlySet<string> = new Set()): CallOutcome {
  let made = 0;
  let answered = 0;
  const failedTurns: number[] = [];
  const answeredIds = new Set(turns.flatMap((t) => (t.role === 'tool' && t.toolCallId ? [t.toolCallId] : [])));
  const unanswered: CallOutcome['unanswered'] = [];
  turns.forEach((turn, i) => {
    for (const call of turn.toolCalls ?? [])
      if (!answeredIds.has(call.id)) unanswered.push({ turnIndex: i, name: call.name });
    made += turn.toolCalls?.length ?? 0;
    if (turn.role !== 'tool') return;
    answered++;
    if (answeredWithError(turn, failedCalls)) failedTurns.push(i);
  });
  return { made, answered, failedTurns, unanswered };
}

/**
 * Failed calls against the calls answered; once the run has `ended`, a call left without a
 * result counts as failed too (while it goes on, that call is only waiting).
 */
export function outcomeLevel({ answered, failedTurns, unanswered }: CallOutcome, ended = false): OutcomeLevel {
  const missing = ended ? unanswered.length : 0;
  const calls = answered + missing;
  const bad = failedTurns.length + missing;
  if (!calls) return 'none';
  if (!bad) return 'ok';
  return bad === calls ? 'error' : 'warning';
}

/**
 * "3 of 3 calls failed", "1 of 4 calls failed", "1 of 1 call failed"; once the run has `ended`,
 * also "no result for search_flights (turn 1)"; null when nothing went wrong.
 */
export function failedCallsText({ answered, failedTurns, unanswered }: CallOutcome, ended = false): string | null {
  const parts: string[] = [];
  if (failedTurns.length)
    parts.push(`${failedTurns.length} of ${answered} ${answered === 1 ? 'call' : 'calls'} failed`);
  if (ended && unanswered.length) {
    const named = unanswered.map((c) => `${c.name} (turn ${c.turnIndex})`).join(', ');
    parts.push(
      unanswered.length === 1 ? `no result for ${named}` : `no result for ${unanswered.length} calls: ${named}`,
    );
  }
  return parts.length ? parts.join('; ') : null;
}

/**
 * The outcome of a run made in Trellis once it has ended: finished with every call answered
 * without error (success), finished with failed calls or calls that got no result (failure), or
 * stopped by the user or by itself (unknown, with the reason it `endedBecause`: no model loaded…).
 * Null while it can still go on (ready, paused, running, waiting for consent).
 */
export function runOutcome(status: RunStatus, turns: readonly Turn[], endedBecause?: string | null): Outcome | null {
  if (status === 'stopped') return { status: 'unknown', by: 'Trellis run', value: endedBecause ?? 'stopped' };
  if (status !== 'finished') return null;
  const problems = failedCallsText(callOutcome(turns), true);
  return problems
    ? { status: 'failure', by: 'Trellis run', value: problems }
    : { status: 'success', by: 'Trellis run', value: 'finished' };
}
