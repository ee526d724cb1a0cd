import type { Turn, TrajectoryMetadata } from '../domain';

/** The result of a call from its observation turn (JSON when it parses, the text otherwise). */
export function resultOf(turn: Turn): unknown {
  try {
    return JSON.parse(turn.content ?? 'null');
  } catch {
    return turn.content;
  }
}

/**
 * Observations of failed calls are `{"error": …}`: an object whose own top-level `error` says
 * something. `{"error": null}` (or `false`) is an API saying there was none, and an `error` deeper
 * in the result (one item of a list, say) is data, not the call failing.
 */
export const isErrorResult = (result: unknown): boolean => {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return false;
  const error = (result as { error?: unknown }).error;
  return Object.hasOwn(result, 'error') && error !== null && error !== undefined && error !== false;
};

/** Text that may hold an `"error":` key: the cheap test before parsing a turn's content. */
const MAY_REPORT_ERROR = /"error"\s*:/;

/**
 * Whether a tool turn reports that its call failed: its result is an error (`isErrorResult`), or
 * the record says that call failed (`failedCalls`, from `recordedToolErrors`) whatever its text.
 * The one question the checks, the training weights and the outcomes ask.
 */
export function answeredWithError(turn: Turn, failedCalls?: ReadonlySet<string>): boolean {
  if (turn.role !== 'tool') return false;
  if (failedCalls?.has(turn.toolCallId ?? '')) return true;
  return MAY_REPORT_ERROR.test(turn.content ?? '') && isErrorResult(resultOf(turn));
}

/** Results of answered calls by call id (plan step ids in plan mode). */
export function callResults(turns: readonly Turn[]): Map<string, unknown> {
  return new Map(turns.filter((t) => t.role === 'tool').map((t) => [t.toolCallId ?? '', resultOf(t)]));
}

/**
 * Calls whose tool the record itself says failed, by call id: `metadata.tool_errors` as an OTLP
 * trace's failed tool spans (`toolCallId`) and an Inspect log's tool errors (`tool_call_id`)
 * give them, though the result's text ("Error: …") need not read as an error.
 */
export function recordedToolErrors(metadata: TrajectoryMetadata | undefined): ReadonlySet<string> {
  const errors = metadata?.tool_errors;
  if (!Array.isArray(errors)) return NO_ERRORS;
  const ids = new Set<string>();
  for (const e of errors as unknown[]) {
    if (typeof e !== 'object' || e === null) continue;
    const { toolCallId, tool_call_id: snake } = e as { toolCallId?: unknown; tool_call_id?: unknown };
    const id = typeof toolCallId === 'string' ? toolCallId : snake;
    if (typeof id === 'string' && id) ids.add(id);
  }
  return ids;
}
const NO_ERRORS: ReadonlySet<string> = new Set();
