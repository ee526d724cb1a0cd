import { isObject } from '../../json';

/**
 * Where a value sits inside a record, as a mapping writes it: field names joined by dots
 * (`metadata.resolved`), `[3]` for one element of an array, `[*]` (or `[]`) for every element,
 * `["a.b"]` for a field whose name holds a dot or bracket, and `$` alone for the value itself.
 * A leading `$.` reads from the record rather than the run (`$.model` beside `runs[*]`).
 * Paths name places in JSON, never files.
 */
export type Segment = { key: string } | { index: number } | { every: true };

const PART = /\.?(?:([^.[\]"]+)|\[(\d+)\]|\[\*?\]|\["((?:[^"\\]|\\.)*)"\])/y;

/** The segments of a path; throws with the place it stops making sense. */
export function parsePath(path: string): Segment[] {
  const text = path.trim().replace(/^\$\.?/, '');
  const segments: Segment[] = [];
  PART.lastIndex = 0;
  while (PART.lastIndex < text.length) {
    const at = PART.lastIndex;
    const match = PART.exec(text);
    if (!match || match.index !== at) throw new Error(`"${path}" is not a path: unexpected "${text.slice(at)}"`);
    if (match[1] !== undefined) segments.push({ key: match[1] });
    else if (match[2] !== undefined) segments.push({ index: Number(match[2]) });
    else if (match[3] !== undefined) segments.push({ key: JSON.parse(`"${match[3]}"`) as string });
    else segments.push({ every: true });
  }
  return segments;
}

/** Whether the path reads from the record itself (`$` or `$.…`) rather than from the run. */
export const fromRecord = (path: string) => /^\s*\$(\.|$)/.test(path);

/** Writes segments back as a path: the inverse of {@link parsePath}. */
export function pathText(segments: readonly Segment[]): string {
  if (!segments.length) return '$';
  return segments
    .map((s, i) => {
      if ('every' in s) return '[*]';
      if ('index' in s) return `[${s.index}]`;
      if (/^[^.[\]"\s]+$/.test(s.key)) return i ? `.${s.key}` : s.key;
      return `[${JSON.stringify(s.key)}]`;
    })
    .join('');
}

/** Every value the path reaches (`[*]` fans out), each with the concrete path it was found at (`runs[2].messages`). */
export function selectEntries(value: unknown, path: string | readonly Segment[]): { value: unknown; at: Segment[] }[] {
  const segments = typeof path === 'string' ? parsePath(path) : path;
  let entries: { value: unknown; at: Segment[] }[] = [{ value, at: [] }];
  for (const segment of segments) {
    const next: typeof entries = [];
    for (const { value: v, at } of entries) {
      if ('every' in segment) {
        if (Array.isArray(v)) (v as unknown[]).forEach((e, index) => next.push({ value: e, at: [...at, { index }] }));
      } else if ('index' in segment) {
        if (Array.isArray(v) && segment.index < v.length) next.push({ value: v[segment.index], at: [...at, segment] });
      } else if (isObject(v) && Object.hasOwn(v, segment.key) && v[segment.key] !== undefined)
        next.push({ value: v[segment.key], at: [...at, segment] });
    }
    entries = next;
  }
  return entries;
}

/** Every value the path reaches (`[*]` fans out); none when a step is missing. */
export const selectAll = (value: unknown, path: string | readonly Segment[]): unknown[] =>
  selectEntries(value, path).map((e) => e.value);

/** The one value a path names: the first it reaches, or undefined. */
export const selectOne = (value: unknown, path: string | readonly Segment[]): unknown => selectAll(value, path)[0];

/** The value at a run-level path: from the record for `$.…` paths, from the run otherwise. */
export const runValue = (run: unknown, record: unknown, path: string): unknown =>
  selectOne(fromRecord(path) ? record : run, path);

/** Whether a path is well formed (for the schema). */
export function isPath(path: string): boolean {
  try {
    parsePath(path);
    return true;
  } catch {
    return false;
  }
}
