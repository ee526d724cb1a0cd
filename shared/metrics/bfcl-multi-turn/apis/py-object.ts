import {
  PyFloat,
  PyOther,
  PyTuple,
  getOwn,
  hasOwn,
  isDict,
  pyEquals,
  pyType,
  setOwn,
  stringRepr,
} from '../../bfcl/values';
import { PyError } from '../api';

/**
 * Python's object behaviour that the BFCL classes lean on when a call passes a value of a type they
 * did not expect: truthiness, `.lower()`, `list.extend`, `list.remove`, `d[key]`, and the exact
 * exception texts Python gives for each.
 */

/** `bool(value)`. */
export function pyTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (v instanceof PyFloat) return v.value !== 0;
  if (v instanceof PyTuple) return v.items.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyOther) return true;
  if (isDict(v)) return Object.keys(v).length > 0;
  return true;
}

export const attributeError = (value: unknown, attr: string) =>
  new PyError(`'${pyType(value)}' object has no attribute '${attr}'`, 'AttributeError');

/** `value.lower()`: only a str has it. */
export function pyLower(value: unknown): string {
  if (typeof value !== 'string') throw attributeError(value, 'lower');
  return value.toLowerCase();
}

/** `dict[key]` on a dict with str keys: Python's KeyError names the key with its quotes. */
export function pyItem(dict: Record<string, unknown>, key: string): unknown {
  if (!hasOwn(dict, key)) throw new PyError(stringRepr(key), 'KeyError');
  return getOwn(dict, key);
}

/** The items `for x in value` visits: a str's characters, a dict's keys. */
export function pyIterate(value: unknown): unknown[] {
  if (typeof value === 'string') return [...value];
  if (Array.isArray(value)) return [...value];
  if (value instanceof PyTuple) return [...value.items];
  if (isDict(value) && !(value instanceof PyOther)) return Object.keys(value);
  throw new PyError(`'${pyType(value)}' object is not iterable`, 'TypeError');
}

/** `target.extend(items)`: `target` must be a list. */
export function pyExtend(target: unknown, items: unknown) {
  if (!Array.isArray(target)) throw attributeError(target, 'extend');
  target.push(...pyIterate(items));
}

/** `list.remove(value)`: drops the first item equal to it. */
export function pyRemove(list: unknown[], value: unknown): boolean {
  const index = list.findIndex((item) => pyEquals(item, value));
  if (index < 0) return false;
  list.splice(index, 1);
  return true;
}

/** `value in list` for a list (by `==`, no hashing). */
export const pyListContains = (list: readonly unknown[], value: unknown) => list.some((item) => pyEquals(item, value));

/** `copy.deepcopy` of a plain Python value (PyFloat, PyTuple and PyOther are immutable and kept). */
export function pyDeepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(pyDeepCopy) as T;
  if (value instanceof PyTuple) return new PyTuple(value.items.map(pyDeepCopy)) as T;
  if (isDict(value) && value.constructor === Object) {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(copy, k, pyDeepCopy(v));
    return copy as T;
  }
  return value;
}

/** `scenario.get(key, fallback)`. */
export const scenarioValue = (scenario: Record<string, unknown>, key: string, fallback: unknown): unknown =>
  hasOwn(scenario, key) ? pyDeepCopy(scenario[key]) : fallback;
