import { hasOwn, isDict, PyFloat, PyOther, pyEquals, pyRepr, PyTuple, pyType } from '../../bfcl/values';
import { PyError } from '../api';
import { formatFixed, isNumber, num } from '../py-num';

/**
 * Python's built-in operations on the values a model passes to a BFCL method, with the exceptions
 * Python raises when the value has the wrong type: a model's call is not type-checked, so
 * `place_order(price='10')` must fail as the leaderboard's class fails, message for message.
 */

/** Python's `bool(value)`. */
export function pyTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (v instanceof PyFloat) return v.value !== 0;
  if (v instanceof PyTuple) return v.items.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (isDict(v)) return Object.keys(v).length > 0;
  return true;
}

/**
 * A text that two values share exactly when Python's dict lookup treats them as the same key
 * (`1`, `1.0` and `True` are one key); throws Python's TypeError for an unhashable value.
 */
export function hashKey(v: unknown): string {
  if (typeof v === 'string') return `s:${v}`;
  if (isNumber(v)) return `n:${num(v)}`;
  if (v === null || v === undefined) return 'None';
  if (v instanceof PyTuple) return `t:(${v.items.map(hashKey).join(',')})`;
  if (v instanceof PyOther) return `o:${v.repr}`;
  throw new PyError(`unhashable type: '${pyType(v)}'`, 'TypeError');
}

/** `key in dict` for a dict with text keys (the only dicts a scenario or a call can hold). */
export function inDict(dict: Record<string, unknown>, key: unknown): boolean {
  hashKey(key);
  return typeof key === 'string' && hasOwn(dict, key);
}

/** `dict.get(key, fallback)`, with the AttributeError a non-dict gives. */
export function dictGet(dict: unknown, key: unknown, fallback: unknown): unknown {
  if (!isDict(dict)) throw new PyError(`'${pyType(dict)}' object has no attribute 'get'`, 'AttributeError');
  return inDict(dict, key) ? dict[key as string] : fallback;
}

/** `container[key]` for a dict, list or text, with Python's KeyError and TypeError messages. */
export function getItem(container: unknown, key: unknown): unknown {
  if (isDict(container)) {
    if (inDict(container, key)) return container[key as string];
    throw new PyError(pyRepr(key), 'KeyError');
  }
  if (typeof container === 'string')
    throw new PyError(`string indices must be integers, not '${pyType(key)}'`, 'TypeError');
  if (Array.isArray(container) || container instanceof PyTuple) {
    const items = Array.isArray(container) ? container : container.items;
    const kind = Array.isArray(container) ? 'list' : 'tuple';
    if (!(typeof key === 'boolean' || (typeof key === 'number' && Number.isInteger(key))))
      throw new PyError(`${kind} indices must be integers or slices, not ${pyType(key)}`, 'TypeError');
    const index = num(key) < 0 ? items.length + num(key) : num(key);
    if (index < 0 || index >= items.length) throw new PyError(`${kind} index out of range`, 'IndexError');
    return items[index];
  }
  throw new PyError(`'${pyType(container)}' object is not subscriptable`, 'TypeError');
}

/** The items `for x in value` visits: a list's items, a text's characters, a dict's keys. */
export function iterate(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v instanceof PyTuple) return v.items;
  if (typeof v === 'string') return Array.from(v);
  if (isDict(v)) return Object.keys(v);
  throw new PyError(`'${pyType(v)}' object is not iterable`, 'TypeError');
}

/** `value in items` for a list: Python's `==` on each item, no hashing. */
export const inList = (items: readonly unknown[], v: unknown): boolean => items.some((item) => pyEquals(item, v));

/** Compares texts by code point, as Python does (JavaScript's `<` compares UTF-16 units). */
function compareText(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

export type Comparison = '<' | '<=' | '>' | '>=';

/** Python's `a < b` (and `<=`, `>`, `>=`) for numbers or texts; any other pair is a TypeError. */
export function compare(a: unknown, op: Comparison, b: unknown): boolean {
  let x: number;
  let y: number;
  if (isNumber(a) && isNumber(b)) [x, y] = [num(a), num(b)];
  else if (typeof a === 'string' && typeof b === 'string') [x, y] = [compareText(a, b), 0];
  else throw new PyError(`'${op}' not supported between instances of '${pyType(a)}' and '${pyType(b)}'`, 'TypeError');
  if (op === '<') return x < y;
  if (op === '<=') return x <= y;
  if (op === '>') return x > y;
  return x >= y;
}

/** Python's `abs(value)` for an int or a float. */
export function pyAbs(v: unknown): number | PyFloat {
  if (!isNumber(v)) throw new PyError(`bad operand type for abs(): '${pyType(v)}'`, 'TypeError');
  const x = Math.abs(num(v));
  return v instanceof PyFloat || !Number.isInteger(num(v)) ? new PyFloat(x) : x;
}

/** The AttributeError Python raises for a method a value's type lacks (`5 .lower()`). */
export const noAttribute = (v: unknown, name: string) =>
  new PyError(`'${pyType(v)}' object has no attribute '${name}'`, 'AttributeError');

/** Python's `int(x)` for an int, float or bool: toward zero, and the errors NaN and infinity raise. */
export function pyInt(v: unknown): number {
  const x = num(v);
  if (Number.isNaN(x)) throw new PyError('cannot convert float NaN to integer', 'ValueError');
  if (!Number.isFinite(x)) throw new PyError('cannot convert float infinity to integer', 'OverflowError');
  return Math.trunc(x);
}

/** `f"{x:.2f}"` for any float, `inf` and `nan` included. */
export function formatMoney(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  return formatFixed(x, 2);
}
