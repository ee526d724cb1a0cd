/** A JSON object: not null, not an array. The one plain-object check of the code base. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a parsed JSON value nests arrays and objects deeper than `limit` (measured without
 * recursion, so a hostile value cannot exhaust the stack while it is measured).
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  // Two parallel stacks of containers only (no pair, no values array per node): imports run this
  // over every record.
  const nodes: object[] = [];
  const depths: number[] = [];
  if (typeof value === 'object' && value !== null) {
    nodes.push(value);
    depths.push(0);
  }
  while (nodes.length) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth >= limit) return true;
    if (Array.isArray(node)) {
      for (const child of node as unknown[])
        if (typeof child === 'object' && child !== null) {
          nodes.push(child);
          depths.push(depth + 1);
        }
    } else
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        const child = (node as Record<string, unknown>)[key];
        if (typeof child === 'object' && child !== null) {
          nodes.push(child);
          depths.push(depth + 1);
        }
      }
  }
  return false;
}

/**
 * What a tool's arguments and result may be, whatever made them (a mock, fixed responses, a
 * replayed recording, an HTTP or MCP answer, the model): the importer's nesting limit, and a size
 * a model's context can still take. Values within them stay far below the ~3,000 levels at which
 * `JSON.stringify` and structured clone run out of stack, so they reach every transport safely.
 */
export const TOOL_VALUE_LIMITS = { depth: 256, bytes: 2 ** 20 } as const;

/**
 * Why `value` is beyond `limits`, as words that follow its name ("nests more than 256 levels
 * deep"), or null when it is within them. Walks without recursion and stops at the first excess,
 * so a hostile value (deep, huge, even cyclic) is measured in bounded time and stack. Sizes are
 * counted as JSON text, escapes aside.
 */
export function beyondJsonLimits(value: unknown, limits: { depth: number; bytes?: number }): string | null {
  const maxBytes = limits.bytes ?? Infinity;
  let bytes = 0;
  // Two parallel stacks (values, their depths): no pair allocated per node of a large value.
  const nodes: unknown[] = [value];
  const depths: number[] = [0];
  while (nodes.length) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (typeof node === 'string') bytes += node.length + 2;
    else if (typeof node !== 'object' || node === null) bytes += String(node).length;
    else if (depth >= limits.depth) return `nests more than ${limits.depth} levels deep`;
    else if (Array.isArray(node)) {
      bytes += 2 + node.length;
      for (let i = node.length - 1; i >= 0; i--) {
        nodes.push(node[i]);
        depths.push(depth + 1);
      }
    } else {
      bytes += 2;
      for (const key of Object.keys(node)) {
        bytes += key.length + 4;
        nodes.push((node as Record<string, unknown>)[key]);
        depths.push(depth + 1);
      }
    }
    if (bytes > maxBytes) return `is more than ${formatSize(maxBytes)} of JSON`;
  }
  return null;
}

/** Whether `error` is the stack running out (`JSON.stringify`, structured clone or a walk of a very deep value). */
export function ranOutOfStack(error: unknown): boolean {
  return error instanceof RangeError && /call stack|too much recursion/i.test(error.message);
}

/** Why a value could not be written as JSON or cloned, for the user (from the error the writer threw). */
export function whyNotSerialisable(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (ranOutOfStack(error)) return 'it nests so deeply that writing it out ran out of stack';
  if (/circular|cyclic/i.test(message)) return 'it refers to itself (a cycle)';
  if (/bigint/i.test(message)) return 'it holds a BigInt, which JSON cannot carry';
  return `it cannot be written out (${message})`;
}

/** `1.0 MiB`, `640 KiB`: sizes in the limits' own units. */
export const formatSize = (bytes: number): string =>
  bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : `${Math.ceil(bytes / 2 ** 10)} KiB`;

/** Canonical JSON: object keys sorted, so `{a,b}` and `{b,a}` compare equal. */
export function canonicalJson(value: unknown): string {
  return canonical(value, false);
}

/**
 * The key two JSON values are "the same" by, wherever Trellis decides so (a re-run's divergence,
 * replay matching, deduplication, the trajectory diff): canonical JSON of the values, so key order,
 * whitespace and number spelling (`1`, `1.0`, `1e0`) do not matter, where a string that holds a
 * JSON object or array counts as that value (arguments and results are often JSON sent as text).
 */
export function jsonValueKey(value: unknown): string {
  return canonical(value, true);
}

/** Whether two JSON values are the same value (see `jsonValueKey`). */
export const sameJsonValue = (a: unknown, b: unknown): boolean => jsonValueKey(a) === jsonValueKey(b);

/**
 * What a text stands for when compared: the JSON value it holds (a tool's result, arguments sent
 * as text), else the text without its surrounding whitespace.
 */
export function textValue(text: string | undefined): unknown {
  const trimmed = (text ?? '').trim();
  return parsedJson(trimmed) ?? trimmed;
}

/** `text` parsed when it is JSON (not nested beyond the tool limits), else undefined. */
function parsedJson(text: string): unknown {
  if (!/^[[{"\-\d]|^(true|false|null)$/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return nestedDeeperThan(value, TOOL_VALUE_LIMITS.depth) ? undefined : value;
  } catch {
    return undefined;
  }
}

function canonical(value: unknown, readStrings: boolean): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, readStrings)).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k], readStrings)}`)
      .join(',')}}`;
  // Only objects and arrays held as text are read: "42" stays a string, unlike 42.
  if (readStrings && typeof value === 'string' && /^\s*[[{]/.test(value)) {
    const held = parsedJson(value.trim());
    if (held !== undefined && typeof held === 'object' && held !== null) return canonical(held, true);
  }
  return JSON.stringify(value) ?? 'null';
}
