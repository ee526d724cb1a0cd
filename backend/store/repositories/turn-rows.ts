import { createHash } from 'node:crypto';
import type { Turn } from '../../../shared/domain';
import { fromJson, toJson } from './json';

/** A row of the `turns` table, as read. */
export interface TurnRow {
  role: Turn['role'];
  thought: string | null;
  content: string | null;
  tool_calls: string | null;
  tool_call_id: string | null;
  timing: string | null;
  tokens: string | null;
  /** The environment's state after the turn (JSON), for tool turns of runs in an environment. */
  state: string | null;
}

/** A turn's stored columns after the trajectory id and index: role, thought, content, calls, call id, timing, tokens, state. */
export type TurnColumns = [
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
];

export function turnColumns(turn: Turn): TurnColumns {
  return [
    turn.role,
    turn.thought ?? null,
    turn.content ?? null,
    turn.toolCalls ? toJson(turn.toolCalls) : null,
    turn.toolCallId ?? null,
    turn.timing ? toJson(turn.timing) : null,
    turn.tokens ? toJson(turn.tokens) : null,
    turn.state !== undefined ? toJson(turn.state) : null,
  ];
}

export function toTurn(row: TurnRow): Turn {
  const turn: Turn = { role: row.role };
  if (row.thought !== null) turn.thought = row.thought;
  if (row.content !== null) turn.content = row.content;
  if (row.tool_calls !== null) turn.toolCalls = fromJson(row.tool_calls) ?? [];
  if (row.tool_call_id !== null) turn.toolCallId = row.tool_call_id;
  if (row.timing !== null) turn.timing = fromJson(row.timing) ?? undefined;
  if (row.tokens !== null) turn.tokens = fromJson(row.tokens) ?? undefined;
  if (row.state !== null && row.state !== undefined) turn.state = fromJson(row.state);
  return turn;
}

/** A turn without its timing and token counts: what an export writes of it. */
export type WrittenTurn = Omit<Turn, 'timing' | 'tokens'>;

/** The values of a turn's role, thought, content, tool_calls and tool_call_id columns, in that order. */
export type WrittenTurnValues = [Turn['role'], string | null, string | null, string | null, string | null];

/** A turn from its written columns, as `toTurn` reads them. */
export function toWrittenTurn(values: WrittenTurnValues): WrittenTurn {
  const turn: WrittenTurn = { role: values[0] };
  if (values[1] !== null) turn.thought = values[1];
  if (values[2] !== null) turn.content = values[2];
  if (values[3] !== null) turn.toolCalls = fromJson<WrittenTurn['toolCalls']>(values[3]) ?? [];
  if (values[4] !== null) turn.toolCallId = values[4];
  return turn;
}

const STATE_COLUMN = 7;

/**
 * Same turns, same content hash: re-importing a log does not duplicate it. Hashes the stored
 * columns (so the JSON made for the rows is made once), with a separator no text can contain
 * ambiguously: each value's length precedes it.
 */
export function hashColumns(
  rows: readonly TurnColumns[],
  toolSet: string | null = null,
  more: readonly (string | null)[] = [],
): string {
  const hash = createHash('sha256');
  for (const row of rows)
    row.forEach((value, i) => {
      // A turn without a state hashes as it did before turns had one.
      if (i === STATE_COLUMN && value === null) return;
      hash.update(value === null ? '-1:' : `${value.length}:${value}`);
    });
  if (toolSet) hash.update(`tools:${toolSet}`);
  // Absent extras add nothing, so records without outcome or metadata keep the hashes they had.
  more.forEach((value, i) => value !== null && hash.update(`more${i}:${value.length}:${value}`));
  return hash.digest('hex');
}

/** The values of a call's arguments as text for the full-text index (keys and JSON syntax left out). */
function searchableValues(args: unknown): string {
  if (args === null || args === undefined) return '';
  if (typeof args !== 'object') return String(args);
  return Object.values(args as object)
    .map(searchableValues)
    .join(' ');
}

/** What the trajectory browser searches a trajectory by: calls per tool, and its text. */
export function searchEntries(turns: readonly Turn[]): { calls: Map<string, number>; text: string } {
  const calls = new Map<string, number>();
  const text: string[] = [];
  for (const turn of turns) {
    if (turn.thought) text.push(turn.thought);
    if (turn.content) text.push(turn.content);
    for (const call of turn.toolCalls ?? []) {
      calls.set(call.name, (calls.get(call.name) ?? 0) + 1);
      text.push(call.name, searchableValues(call.args));
    }
  }
  return { calls, text: text.join(' ') };
}
