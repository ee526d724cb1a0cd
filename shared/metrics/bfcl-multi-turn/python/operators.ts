import { isDict, PyFloat, PyOther, pyEquals, PyTuple, pyType } from '../../bfcl/values';
import { PyError } from '../api';
import { add, floordiv, formatFixed, isNumber, mod, mul, num, sub, truediv } from '../py-num';

/**
 * Python's operators on any value a model passes to a BFCL method, with the exception Python
 * raises when the value has the wrong type: a model's call is not type-checked, so
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

/** The type Python names when it cannot hash a value: a tuple names the first item it cannot hash. */
function unhashableType(v: unknown): string | undefined {
  if (v instanceof PyTuple) return v.items.map(unhashableType).find((type) => type !== undefined);
  if (v instanceof PyOther) return v.typeName === 'set' ? 'set' : undefined;
  if (Array.isArray(v) || isDict(v)) return pyType(v);
  return undefined;
}

/** Raises Python's TypeError when a key cannot be hashed (a dict or set lookup needs the hash). */
export function requireHashable(...keys: unknown[]): void {
  for (const key of keys) {
    const type = unhashableType(key);
    if (type !== undefined) throw new PyError(`unhashable type: '${type}'`, 'TypeError');
  }
}

/**
 * A text that two keys share exactly when Python's dict treats them as the same key (`1`, `1.0`
 * and `True` are one key, `'1'` another); throws Python's TypeError for an unhashable one.
 */
export function hashKey(key: unknown): string {
  requireHashable(key);
  if (typeof key === 'string') return `s${key}`;
  if (isNumber(key)) return `n${num(key)}`;
  if (key === null || key === undefined) return 'None';
  if (key instanceof PyTuple) return `t${JSON.stringify(key.items.map(hashKey))}`;
  return `o${(key as PyOther).typeName}${(key as PyOther).repr}`;
}

/** Orders texts by code point, as Python does (JavaScript's `<` compares UTF-16 units). */
export function compareText(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

export type Comparison = '<' | '<=' | '>' | '>=';

/** Negative, zero or positive as `a` comes before, with or after `b`; NaN when a float NaN makes them unordered. */
function order(a: unknown, op: Comparison, b: unknown): number {
  if (isNumber(a) && isNumber(b)) {
    const [x, y] = [num(a), num(b)];
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
  }
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  if (Array.isArray(a) && Array.isArray(b)) return sequenceOrder(a, op, b);
  if (a instanceof PyTuple && b instanceof PyTuple) return sequenceOrder(a.items, op, b.items);
  throw new PyError(`'${op}' not supported between instances of '${pyType(a)}' and '${pyType(b)}'`, 'TypeError');
}

/** Lexicographic order: the first items that differ decide (by the same operator), else the shorter comes first. */
function sequenceOrder(a: readonly unknown[], op: Comparison, b: readonly unknown[]): number {
  const differ = a.findIndex((item, i) => i < b.length && !pyEquals(item, b[i]));
  return differ >= 0 ? order(a[differ], op, b[differ]) : a.length - b.length;
}

/** Python's `a < b` (and `<=`, `>`, `>=`) for numbers, texts, lists and tuples; any other pair is a TypeError. */
export function compare(a: unknown, op: Comparison, b: unknown): boolean {
  const d = order(a, op, b);
  if (op === '<') return d < 0;
  if (op === '<=') return d <= 0;
  if (op === '>') return d > 0;
  return d >= 0;
}

const isSequence = (v: unknown) => typeof v === 'string' || Array.isArray(v) || v instanceof PyTuple;

/** `sequence * times` for an int `times` (a bool counts as one). */
function repeat(sequence: unknown, times: unknown): unknown {
  if (pyType(times) === 'float') throw new PyError(`can't multiply sequence by non-int of type 'float'`, 'TypeError');
  const count = Math.max(0, num(times));
  if (typeof sequence === 'string') return sequence.repeat(count);
  const items = Array.isArray(sequence) ? sequence : (sequence as PyTuple).items;
  const repeated = Array.from({ length: count }, () => items).flat(1);
  return Array.isArray(sequence) ? repeated : new PyTuple(repeated);
}

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '//' | '%' | '+=' | '-=';

const NUMBER_OPERATIONS: Record<ArithmeticOperator, (a: unknown, b: unknown) => unknown> = {
  '+': add,
  '+=': add,
  '-': sub,
  '-=': sub,
  '*': mul,
  '/': truediv,
  '//': floordiv,
  '%': mod,
};

/**
 * Python's `a + b`, `a - b`, `a * b`, `a / b`, `a // b`, `a % b` (and `+=`, `-=`) on any two values:
 * numbers as py-num does them, `str + str`, `list + list`, a sequence repeated by an int, and
 * Python's TypeError otherwise.
 */
export function arithmetic(op: ArithmeticOperator, a: unknown, b: unknown): unknown {
  if (isNumber(a) && isNumber(b)) return NUMBER_OPERATIONS[op](a, b);
  if ((op === '+' || op === '+=') && typeof a === 'string') {
    if (typeof b === 'string') return a + b;
    throw new PyError(`can only concatenate str (not "${pyType(b)}") to str`, 'TypeError');
  }
  if (op === '+' && Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (op === '+' && a instanceof PyTuple && b instanceof PyTuple) return new PyTuple([...a.items, ...b.items]);
  if (op === '*' && isSequence(a) && isNumber(b)) return repeat(a, b);
  if (op === '*' && isNumber(a) && isSequence(b)) return repeat(b, a);
  throw new PyError(`unsupported operand type(s) for ${op}: '${pyType(a)}' and '${pyType(b)}'`, 'TypeError');
}

/** Python's `abs(value)` for an int or a float. */
export function pyAbs(v: unknown): number | PyFloat {
  if (!isNumber(v)) throw new PyError(`bad operand type for abs(): '${pyType(v)}'`, 'TypeError');
  const x = Math.abs(num(v));
  return v instanceof PyFloat || !Number.isInteger(num(v)) ? new PyFloat(x) : x;
}

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
