import type { Recording, Turn } from '../domain';
import { isObject } from '../json';
import { resultOf } from '../runs/results';

/** One call of a trajectory with what answered it. */
export interface RecordedCall extends Recording {
  tool: string;
}

/** What a replay runtime writes in the thought of the turns it answers; such answers are not recordings. */
export const REPLAYED_MARK = 'replayed:';

/** An observation `{"error": "…"}` and nothing else is a failed call, not a result. */
function errorOf(result: unknown): string | null {
  return isObject(result) && typeof result.error === 'string' && Object.keys(result).length === 1 ? result.error : null;
}

/**
 * The calls of a trajectory paired with their observations (by call id), in order. Calls no
 * observation answers are left out, and so are answers a replay runtime gave (they are copies
 * of recordings, possibly of other arguments).
 */
export function recordedCalls(turns: readonly Turn[]): RecordedCall[] {
  const open = new Map<string, { tool: string; args: unknown }>();
  const out: RecordedCall[] = [];
  for (const turn of turns) {
    if (turn.role === 'assistant')
      for (const call of turn.toolCalls ?? [])
        open.set(call.id, call.name ? { tool: call.name, args: call.args } : { tool: '', args: null });
    if (turn.role !== 'tool' || turn.toolCallId === undefined) continue;
    const call = open.get(turn.toolCallId);
    open.delete(turn.toolCallId);
    if (!call?.tool || turn.thought?.startsWith(REPLAYED_MARK)) continue;
    const result = resultOf(turn);
    const error = errorOf(result);
    const answer = error === null ? { result } : { error };
    // The text itself only where writing the answer out again would not give it back.
    const written = JSON.stringify(error === null ? result : { error });
    const text = turn.content !== undefined && turn.content !== written ? { text: turn.content } : {};
    out.push({ tool: call.tool, args: call.args, ...answer, ...text });
  }
  return out;
}
