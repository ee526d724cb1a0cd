/**
 * Paths into a tool's result. Keys are joined by dots (`top_place.lat`); a key followed by
 * brackets goes into the list it holds and picks one element:
 *
 * - `rooms[].room_id`: an element's `room_id`; the first element at run time. This is the only
 *   form a graph edge uses (an edge means "one element's field fills this parameter").
 * - `rooms[2].room_id`: the element at index 2 (from 0), for a plan that chooses one.
 * - `rooms[name=bedroom].room_id`: the first element whose `name` equals `bedroom` (ignoring case).
 */
export type ElementPick =
  { by: 'first' } | { by: 'index'; index: number } | { by: 'match'; field: string; value: string };

export type PathStep = { kind: 'key'; key: string } | { kind: 'element'; pick: ElementPick };

const KEY = /^[^.[\]]+/;
const PICK = /^\[([^\]]*)\]/;

function parsePick(text: string): ElementPick | null {
  const trimmed = text.trim();
  if (!trimmed) return { by: 'first' };
  if (/^\d+$/.test(trimmed)) return { by: 'index', index: Number(trimmed) };
  const match = /^([^=]+)=(.*)$/.exec(trimmed);
  return match ? { by: 'match', field: match[1]!.trim(), value: match[2]!.trim() } : null;
}

/** The steps of a path, or null when it is not one (`rooms[`, `a..b`, an empty string). */
export function parseFieldPath(path: string): PathStep[] | null {
  const steps: PathStep[] = [];
  let rest = path;
  for (;;) {
    const key = KEY.exec(rest);
    if (!key) return null;
    steps.push({ kind: 'key', key: key[0] });
    rest = rest.slice(key[0].length);
    for (let pick = PICK.exec(rest); pick; pick = PICK.exec(rest)) {
      const parsed = parsePick(pick[1]!);
      if (!parsed) return null;
      steps.push({ kind: 'element', pick: parsed });
      rest = rest.slice(pick[0].length);
    }
    if (!rest) return steps;
    if (rest[0] !== '.') return null;
    rest = rest.slice(1);
  }
}

const pickText = (pick: ElementPick): string =>
  pick.by === 'first' ? '' : pick.by === 'index' ? String(pick.index) : `${pick.field}=${pick.value}`;

/** Steps back to text; `{ anyElement: true }` writes every pick as `[]` (the form edges and handles use). */
export function formatFieldPath(steps: readonly PathStep[], options: { anyElement?: boolean } = {}): string {
  let text = '';
  for (const step of steps) {
    if (step.kind === 'key') text += text ? `.${step.key}` : step.key;
    else text += `[${options.anyElement ? '' : pickText(step.pick)}]`;
  }
  return text;
}

/** Whether a path goes into a list (`rooms[].room_id`): an element edge or reference. */
export const isElementPath = (path: string): boolean => path.includes('[');

/** `rooms[name=bedroom].room_id` → `rooms[].room_id`; paths that do not parse are returned as they are. */
export function elementPattern(path: string): string {
  const steps = parseFieldPath(path);
  return steps ? formatFieldPath(steps, { anyElement: true }) : path;
}

/** `rooms[].room_id` → `rooms`: the list an element path picks from first, or null for a plain path. */
export function listOfElementPath(path: string): string | null {
  const at = path.indexOf('[');
  return at > 0 ? path.slice(0, at) : null;
}

export type PathRead = { ok: true; value: unknown } | { ok: false; reason: string };

/** Picks one element of a list, or says why none can be picked. */
function pickElement(list: unknown, pick: ElementPick, where: string): PathRead {
  if (list === undefined || list === null) return { ok: false, reason: `there is no ${where}` };
  if (!Array.isArray(list)) return { ok: false, reason: `${where} is not a list` };
  if (!list.length) return { ok: false, reason: `${where} is empty` };
  if (pick.by === 'first') return { ok: true, value: list[0] };
  if (pick.by === 'index') {
    return pick.index < list.length
      ? { ok: true, value: list[pick.index] }
      : { ok: false, reason: `${where} has no element ${pick.index} (it has ${list.length})` };
  }
  const wanted = pick.value.toLowerCase();
  const found = list.find(
    (item) =>
      typeof item === 'object' &&
      item !== null &&
      String((item as Record<string, unknown>)[pick.field]).toLowerCase() === wanted,
  );
  return found === undefined
    ? { ok: false, reason: `no element of ${where} has ${pick.field} "${pick.value}"` }
    : { ok: true, value: found };
}

/**
 * Reads a path from a value. A key that is not there reads as undefined (as JSON drops it); a
 * pick that finds no element (an empty list, an index past the end, no match) is a failure
 * with its reason, because "one element of the list" then has no answer.
 */
export function readFieldPath(value: unknown, path: string): PathRead {
  if (!path) return { ok: true, value };
  const steps = parseFieldPath(path) ?? path.split('.').map((key): PathStep => ({ kind: 'key', key }));
  let current: unknown = value;
  for (const [index, step] of steps.entries()) {
    if (step.kind === 'element') {
      const picked = pickElement(current, step.pick, formatFieldPath(steps.slice(0, index)));
      if (!picked.ok) return picked;
      current = picked.value;
    } else {
      if (current === null || typeof current !== 'object') return { ok: true, value: undefined };
      current = (current as Record<string, unknown>)[step.key];
    }
  }
  return { ok: true, value: current };
}
