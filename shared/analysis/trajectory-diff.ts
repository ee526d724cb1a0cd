import { canonicalJson } from '../json';
import type { ToolCall, Turn } from '../domain';

/** One row of a side-by-side diff: a turn of each trajectory (or a gap) and whether they agree. */
export interface DiffRow {
  a: number | null;
  b: number | null;
  same: boolean;
}

export interface TrajectoryDiff {
  rows: DiffRow[];
  /** Index in `rows` of the first row where the trajectories differ; null when they agree. */
  firstDivergence: number | null;
}

/** What makes two turns the same for a diff: role, text, thought and calls (ids ignored). */
function signature(turn: Turn): string {
  const calls = (turn.toolCalls ?? []).map((c) => [c.name, canonicalJson(c.args)]);
  return canonicalJson([turn.role, turn.thought ?? '', (turn.content ?? '').trim(), calls]);
}

const MAX_CELLS = 4_000_000;

/**
 * Aligns two trajectories turn by turn: equal turns are paired by a longest common
 * subsequence, and the turns between two such anchors are paired in order, so an edited turn
 * shows beside its original and an inserted one beside a gap.
 */
export function diffTrajectories(a: Turn[], b: Turn[]): TrajectoryDiff {
  const sa = a.map(signature);
  const sb = b.map(signature);
  const anchors = a.length * b.length <= MAX_CELLS ? commonSubsequence(sa, sb) : [];
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  const pairUpTo = (ai: number, bj: number) => {
    while (i < ai || j < bj) {
      const left = i < ai ? i++ : null;
      const right = j < bj ? j++ : null;
      rows.push({ a: left, b: right, same: false });
    }
  };
  for (const [ai, bj] of anchors) {
    pairUpTo(ai, bj);
    rows.push({ a: i++, b: j++, same: true });
  }
  pairUpTo(a.length, b.length);
  const first = rows.findIndex((r) => !r.same);
  return { rows, firstDivergence: first < 0 ? null : first };
}

/** Index pairs of a longest common subsequence of two lists of strings. */
function commonSubsequence(a: string[], b: string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const table = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[at(i, j)] =
        a[i] === b[j] ? table[at(i + 1, j + 1)]! + 1 : Math.max(table[at(i + 1, j)]!, table[at(i, j + 1)]!);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[at(i + 1, j)]! >= table[at(i, j + 1)]!) i++;
    else j++;
  }
  return pairs;
}

export interface StepAccuracy {
  steps: { gold: ToolCall | null; pred: ToolCall | null; name: boolean; args: boolean }[];
  /** Correct tool names over max(|pred|, |gold|) steps, so extra calls count against. */
  toolNameAccuracy: number;
  /** Steps with the right tool and the same arguments (canonical JSON), over the same count. */
  argumentAccuracy: number;
}

/** Tool-name and argument accuracy per step of a predicted trajectory against a gold one. */
export function stepAccuracy(pred: Turn[], gold: Turn[]): StepAccuracy {
  const calls = (turns: Turn[]) => turns.flatMap((t) => t.toolCalls ?? []);
  const p = calls(pred);
  const g = calls(gold);
  const length = Math.max(p.length, g.length);
  const steps = Array.from({ length }, (_, i) => {
    const name = Boolean(p[i] && g[i] && p[i]!.name === g[i]!.name);
    return {
      gold: g[i] ?? null,
      pred: p[i] ?? null,
      name,
      args: name && canonicalJson(p[i]!.args) === canonicalJson(g[i]!.args),
    };
  });
  const share = (n: number) => (length ? n / length : 1);
  return {
    steps,
    toolNameAccuracy: share(steps.filter((s) => s.name).length),
    argumentAccuracy: share(steps.filter((s) => s.args).length),
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
  } else if (canonicalJson(a) !== canonicalJson(b)) into.push({ path, before: shown(a), after: shown(b) });
}

/**
 * What differs between two turns paired by the diff, down to the argument that changed
 * (`toolCalls[0].args.celsius: 21 → "twenty-one"`), so a changed row says why it is changed.
 */
export function turnChanges(a: Turn, b: Turn): TurnChange[] {
  const changes: TurnChange[] = [];
  for (const field of ['role', 'thought', 'content'] as const) {
    const left = field === 'content' ? a.content?.trim() : a[field];
    const right = field === 'content' ? b.content?.trim() : b[field];
    if ((left ?? '') !== (right ?? '')) changes.push({ path: field, before: shown(left), after: shown(right) });
  }
  const calls = Math.max(a.toolCalls?.length ?? 0, b.toolCalls?.length ?? 0);
  for (let i = 0; i < calls; i++) {
    const left = a.toolCalls?.[i];
    const right = b.toolCalls?.[i];
    const at = `toolCalls[${i}]`;
    if (!left || !right || left.name !== right.name)
      changes.push({ path: `${at}.name`, before: left?.name ?? '—', after: right?.name ?? '—' });
    else changedLeaves(left.args, right.args, `${at}.args`, changes);
  }
  return changes;
}
