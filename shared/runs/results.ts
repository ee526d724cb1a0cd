import type { Turn } from '../domain';

/** The result of a call from its observation turn (JSON when it parses, the text otherwise). */
export function resultOf(turn: Turn): unknown {
  try {
    return JSON.parse(turn.content ?? 'null');
  } catch {
    return turn.content;
  }
}

/** Observations of failed calls are `{"error": …}`. */
export const isErrorResult = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && 'error' in result;

/** Results of answered calls by call id (plan step ids in plan mode). */
export function callResults(turns: readonly Turn[]): Map<string, unknown> {
  return new Map(turns.filter((t) => t.role === 'tool').map((t) => [t.toolCallId ?? '', resultOf(t)]));
}
