import { answeredWithError } from '../runs/results';
import type { Turn } from '../domain';

/** What the review and the checks said about a trajectory, as far as training on it goes. */
export interface TrainingVerdict {
  /** Rated 1–2 in review: none of its assistant turns is trained on. */
  lowRated: boolean;
  /** Turns with an error finding. */
  errorTurns?: ReadonlySet<number> | undefined;
  /** Calls the record says failed (`recordedToolErrors`), whatever their result's text. */
  failedCalls?: ReadonlySet<string> | undefined;
}

/**
 * The `weight` of each turn in an OpenAI chat export (0 or 1; read on assistant messages only,
 * as REFERENCE.md states the format). A turn is not trained on when its trajectory is low-rated,
 * when a check found an error on it, or when it made a call that failed: the weight goes on the
 * assistant message that made the call, since the tool message carrying the error has none. The
 * turns after a failed call (a retry, an answer that says it failed) keep theirs.
 */
export function trainingWeights(turns: readonly Turn[], verdict: TrainingVerdict): (0 | 1)[] {
  const weights = turns.map((): 0 | 1 => 1);
  // Which turn made each call: looked up only once a result failed (most records have none).
  let caller: Map<string, number> | undefined;
  turns.forEach((t, i) => {
    if (t.role === 'assistant' && (verdict.lowRated || verdict.errorTurns?.has(i))) weights[i] = 0;
    // An error found on a result, or a result that is an error, is the calling turn's.
    const failed = t.role === 'tool' && (answeredWithError(t, verdict.failedCalls) || verdict.errorTurns?.has(i));
    if (!failed) return;
    caller ??= callers(turns);
    const call = caller.get(t.toolCallId ?? '');
    if (call !== undefined) weights[call] = 0;
  });
  return weights;
}

/** The turn that made each call, by call id (the last one, should two make the same id). */
function callers(turns: readonly Turn[]): Map<string, number> {
  const caller = new Map<string, number>();
  turns.forEach((t, i) => t.toolCalls?.forEach((c) => caller.set(c.id, i)));
  return caller;
}
