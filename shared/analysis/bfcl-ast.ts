import { isObject } from '../json';
/** A BFCL function definition (`parameters.type` is `dict`, types are Python-ish names). */
export interface BfclFunction {
  name: string;
  parameters: {
    type?: string;
    properties?: Record<string, { type?: string; items?: { type?: string } }>;
    required?: string[];
  };
}

/** One decoded model call: `{name, args}`. */
export interface BfclCall {
  name: string;
  args: Record<string, unknown>;
}

/** Possible answer for one call: each parameter lists its acceptable values; `""` means it may be omitted. */
export type BfclExpected = Record<string, Record<string, unknown[]>>;

export interface BfclVerdict {
  valid: boolean;
  /** Why the call failed, in BFCL's terms (wrong name, missing parameter, type, value…). */
  error?: string;
}

const TYPE_CHECKS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  float: (v) => typeof v === 'number', // an int is promoted to float
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  array: Array.isArray,
  tuple: Array.isArray,
  dict: isObject,
  object: isObject,
};

/** BFCL compares strings after dropping spaces and `,./-_*^` and lowercasing. */
export const normalizeString = (s: string) => s.replace(/[\s,./\-_*^]/g, '').toLowerCase();

function sameValue(actual: unknown, acceptable: unknown): boolean {
  if (typeof actual === 'string' && typeof acceptable === 'string')
    return normalizeString(actual) === normalizeString(acceptable);
  if (Array.isArray(actual) && Array.isArray(acceptable))
    return actual.length === acceptable.length && actual.every((a, i) => sameValue(a, acceptable[i]));
  if (isObject(actual) && isObject(acceptable)) return sameDict(actual, acceptable);
  return actual === acceptable;
}

/** A dict answer lists acceptable values per key (or one value); keys absent from the call need `""`. */
function sameDict(actual: Record<string, unknown>, expected: Record<string, unknown>): boolean {
  for (const key of Object.keys(actual)) if (!(key in expected)) return false;
  return Object.entries(expected).every(([key, options]) => {
    const list = Array.isArray(options) ? options : [options];
    return key in actual ? list.some((o) => sameValue(actual[key], o)) : list.includes('');
  });
}

/** BFCL's AST check of one call against its function definition and possible answer. */
export function checkBfclCall(call: BfclCall, fn: BfclFunction, expected: BfclExpected): BfclVerdict {
  const [expectedName, answer] = Object.entries(expected)[0] ?? ['', {}];
  if (call.name !== expectedName)
    return { valid: false, error: `wrong function: ${call.name}, expected ${expectedName}` };
  const properties = fn.parameters.properties ?? {};
  for (const required of fn.parameters.required ?? [])
    if (!(required in call.args)) return { valid: false, error: `missing required parameter "${required}"` };
  for (const [param, value] of Object.entries(call.args)) {
    if (!(param in properties)) return { valid: false, error: `unexpected parameter "${param}"` };
    if (!(param in answer)) return { valid: false, error: `parameter "${param}" is not in the possible answer` };
    const type = properties[param]!.type ?? 'any';
    const typeOk = TYPE_CHECKS[type]?.(value) ?? true;
    if (!typeOk) return { valid: false, error: `parameter "${param}" should be ${type}, got ${JSON.stringify(value)}` };
    if (!answer[param]!.some((acceptable) => acceptable !== '' && sameValue(value, acceptable)))
      return { valid: false, error: `parameter "${param}" has value ${JSON.stringify(value)}, not an acceptable one` };
  }
  for (const [param, options] of Object.entries(answer))
    if (!(param in call.args) && !options.includes(''))
      return { valid: false, error: `optional parameter "${param}" is missing and has no default in the answer` };
  return { valid: true };
}

/** The test category from a BFCL id (`simple_0`, `parallel_multiple_12`…). */
export function bfclCategory(id: string): 'simple' | 'multiple' | 'parallel' | 'parallel_multiple' {
  const match = id.match(/(parallel_multiple|parallel|multiple|simple)_\d+$/);
  return (match?.[1] as ReturnType<typeof bfclCategory>) ?? 'simple';
}

/**
 * Checks one BFCL entry: "parallel" categories match calls unordered with equal counts;
 * "simple" and "multiple" check the first call against the one expected.
 */
export function checkBfclEntry(
  id: string,
  calls: BfclCall[],
  functions: BfclFunction[],
  groundTruth: BfclExpected[],
): BfclVerdict {
  const byName = new Map(functions.map((f) => [f.name, f]));
  const check = (call: BfclCall, expected: BfclExpected): BfclVerdict => {
    const fn = byName.get(Object.keys(expected)[0] ?? '');
    return fn
      ? checkBfclCall(call, fn, expected)
      : { valid: false, error: 'the possible answer names no known function' };
  };
  if (!bfclCategory(id).startsWith('parallel')) {
    if (calls.length !== 1) return { valid: false, error: `expected one call, got ${calls.length}` };
    return check(calls[0]!, groundTruth[0] ?? {});
  }
  if (calls.length !== groundTruth.length)
    return { valid: false, error: `expected ${groundTruth.length} calls, got ${calls.length}` };
  // Unordered: find an assignment of calls to expected answers (small n, so a search is fine).
  const used = new Set<number>();
  const assign = (k: number): boolean => {
    if (k === groundTruth.length) return true;
    for (let c = 0; c < calls.length; c++) {
      if (used.has(c) || !check(calls[c]!, groundTruth[k]!).valid) continue;
      used.add(c);
      if (assign(k + 1)) return true;
      used.delete(c);
    }
    return false;
  };
  return assign(0) ? { valid: true } : { valid: false, error: 'no one-to-one match between the calls and the answers' };
}
