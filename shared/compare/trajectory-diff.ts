import { canonicalJson, sameJsonValue, textValue } from '../json';
import type { Turn } from '../domain';
import { inCallOrder, pairCalls } from './parallel-calls';
import { alignTurns, turnSignature } from './turn-alignment';

/** How a row of the diff reads, left to right: the same turn, an edit, a turn only on one side. */
export type DiffRowKind = 'same' | 'changed' | 'removed' | 'inserted';

/** One row of a side-by-side diff: a turn of each trajectory (or a gap) and whether they agree. */
export interface DiffRow {
  a: number | null;
  b: number | null;
  same: boolean;
  kind: DiffRowKind;
}

export interface TrajectoryDiff {
  rows: DiffRow[];
  /**
   * Index in `rows` of the first row where the conversations differ; null when they agree. A
   * system message on one side only is the records' setup, not a turn the runs diverged at: it
   * shows as removed or inserted and is named in `systemOnlyIn`, but it is not the divergence.
   */
  firstDivergence: number | null;
  /** The side whose system message the other side lacks, if one does. */
  systemOnlyIn: 'a' | 'b' | null;
  /** Rows of each kind, the lone system message's row (see `systemOnlyIn`) not counted. */
  counts: Record<DiffRowKind, number>;
}

/**
 * Aligns two trajectories turn by turn by content (see `alignTurns`): equal turns side by side,
 * an edited turn beside its original, an inserted or removed one beside a gap. The results of
 * parallel calls are aligned by the call they answer, whatever order they came back in (a row
 * holds the indices of the turns as given).
 */
export function diffTrajectories(a: Turn[], b: Turn[]): TrajectoryDiff {
  const left = inCallOrder(a);
  const right = inCallOrder(b);
  const rows = alignTurns(left.turns, right.turns).map(({ a: i, b: j }): DiffRow => {
    const same = i !== null && j !== null && turnSignature(left.turns[i]!) === turnSignature(right.turns[j]!);
    const kind: DiffRowKind = same ? 'same' : j === null ? 'removed' : i === null ? 'inserted' : 'changed';
    return { a: i === null ? null : left.order[i]!, b: j === null ? null : right.order[j]!, same, kind };
  });
  const systemOnly = (row: DiffRow) =>
    (row.kind === 'removed' && a[row.a!]!.role === 'system') ||
    (row.kind === 'inserted' && b[row.b!]!.role === 'system');
  const lone = rows.find(systemOnly);
  const first = rows.findIndex((r) => !r.same && !systemOnly(r));
  // The counts are of the conversation, as the divergence is: the lone system message is left out.
  const counts: Record<DiffRowKind, number> = { same: 0, changed: 0, removed: 0, inserted: 0 };
  for (const row of rows) if (row !== lone) counts[row.kind]++;
  return {
    rows,
    firstDivergence: first < 0 ? null : first,
    systemOnlyIn: lone ? (lone.kind === 'removed' ? 'a' : 'b') : null,
    counts,
  };
}

/** One thing that differs between two paired turns: where, and its value on each side. */
export interface TurnChange {
  path: string;
  before: string;
  after: string;
}

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : canonicalJson(value);

/** The leaves of two values that differ, by JSON path (`args.celsius`, `args.rooms[1]`). */
function changedLeaves(a: unknown, b: unknown, path: string, into: TurnChange[]): void {
  const objects = a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (objects) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const next = Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`;
      changedLeaves((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], next, into);
    }
  } else if (!sameJsonValue(a, b)) into.push({ path, before: shown(a), after: shown(b) });
}

/**
 * What differs between two turns paired by the diff, down to the argument that changed
 * (`toolCalls[0].args.celsius: 21 → "twenty-one"`), so a changed row says why it is changed.
 * Text is compared by value (JSON text as JSON); parallel calls are paired by id, then by tool
 * and arguments (`pairCalls`), and named by their index in `a` (in `b` for one `a` lacks).
 */
export function turnChanges(a: Turn, b: Turn): TurnChange[] {
  const changes: TurnChange[] = [];
  for (const field of ['role', 'thought'] as const)
    if ((a[field] ?? '') !== (b[field] ?? ''))
      changes.push({ path: field, before: shown(a[field]), after: shown(b[field]) });
  if (!sameJsonValue(textValue(a.content), textValue(b.content)))
    changes.push({ path: 'content', before: shown(a.content?.trim()), after: shown(b.content?.trim()) });
  for (const pair of pairCalls(a.toolCalls ?? [], b.toolCalls ?? [])) {
    const left = pair.a === null ? undefined : a.toolCalls![pair.a];
    const right = pair.b === null ? undefined : b.toolCalls![pair.b];
    const at = `toolCalls[${pair.a ?? pair.b}]`;
    if (!left || !right || left.name !== right.name)
      changes.push({ path: `${at}.name`, before: left?.name ?? '—', after: right?.name ?? '—' });
    else changedLeaves(left.args, right.args, `${at}.args`, changes);
  }
  return changes;
}
