import { PyError } from './api';
import { floatRepr, isDict, PyFloat, PyOther, pyRepr, PyTuple } from '../bfcl/values';

/**
 * Python's numbers and text forms for the BFCL classes: an int is an integer JS number, a float a
 * `PyFloat` (an integer-valued float must stay one: `3.0` prints as `3.0`, never `3`).
 */

export const isFloat = (v: unknown): v is PyFloat | number =>
  v instanceof PyFloat || (typeof v === 'number' && !Number.isInteger(v));
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
export const isNumber = (v: unknown): boolean =>
  typeof v === 'number' || v instanceof PyFloat || typeof v === 'boolean';

/** The number of an int, float or bool. */
export function num(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v instanceof PyFloat) return v.value;
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new TypeError(`not a number: ${pyRepr(v)}`);
}

/** A float of this value: `float(x)`. */
export const float = (x: unknown): PyFloat => new PyFloat(num(x));

/** A result that is a float when either operand is one, else an int. */
const mixed = (a: unknown, b: unknown, value: number): number | PyFloat =>
  isFloat(a) || isFloat(b) ? new PyFloat(value) : value;

export const add = (a: unknown, b: unknown) => mixed(a, b, num(a) + num(b));
export const sub = (a: unknown, b: unknown) => mixed(a, b, num(a) - num(b));
export const mul = (a: unknown, b: unknown) => mixed(a, b, num(a) * num(b));
/** Python's ZeroDivisionError, with its text. */
const zeroDivision = (message: string) => new PyError(message, 'ZeroDivisionError');

/** `a / b`: always a float; Python raises ZeroDivisionError on 0. */
export function truediv(a: unknown, b: unknown): PyFloat {
  if (num(b) === 0) throw zeroDivision(isFloat(a) || isFloat(b) ? 'float division by zero' : 'division by zero');
  return new PyFloat(num(a) / num(b));
}
/** `a // b`. */
export function floordiv(a: unknown, b: unknown): number | PyFloat {
  if (num(b) === 0)
    throw zeroDivision(
      isFloat(a) || isFloat(b) ? 'float floor division by zero' : 'integer division or modulo by zero',
    );
  return mixed(a, b, Math.floor(num(a) / num(b)));
}
/** `a % b` with the sign of `b`. */
export function mod(a: unknown, b: unknown): number | PyFloat {
  if (num(b) === 0)
    throw zeroDivision(isFloat(a) || isFloat(b) ? 'float modulo' : 'integer division or modulo by zero');
  const x = num(a);
  const y = num(b);
  const r = x % y;
  return mixed(a, b, r !== 0 && r < 0 !== y < 0 ? r + y : r);
}

/** Whether `x * 10 ** digits` lies exactly halfway between two integers (the binary value, not its text). */
function exactTie(x: number, digits: number): boolean {
  if (!Number.isFinite(x) || x === 0 || digits < 0) return false;
  // x = m * 2 ** e exactly, with m an integer.
  let e = 0;
  let m = Math.abs(x);
  while (!Number.isInteger(m)) {
    m *= 2;
    e--;
  }
  if (e === 0) return false;
  const scaled = BigInt(m) * 10n ** BigInt(digits);
  const denominator = 1n << BigInt(-e);
  return scaled % denominator === denominator / 2n;
}

/**
 * Python's `round(x, digits)` for a float: the exact binary value rounded to `digits` decimals,
 * ties to even (`round(2.675, 2)` is 2.67, `round(0.125, 2)` is 0.12). Returns the number.
 */
export function roundFloat(x: number, digits = 0): number {
  if (!Number.isFinite(x)) return x;
  if (digits > 22) return x;
  const fixed = x.toFixed(Math.max(0, digits));
  if (digits >= 0 && exactTie(x, digits)) {
    // toFixed takes the tie away from zero; Python takes the even neighbour.
    const away = Number(fixed);
    const step = 10 ** -digits;
    const last = Math.round(Math.abs(away) / step);
    if (last % 2 === 1) return Number((Math.sign(x) * (Math.abs(away) - step)).toFixed(digits));
    return away;
  }
  if (digits < 0) {
    const p = 10 ** -digits;
    const q = x / p;
    const r = Math.round(q);
    const even = Math.abs(q - Math.trunc(q)) === 0.5 ? 2 * Math.round(q / 2) : r;
    return even * p;
  }
  return Number(fixed);
}

/**
 * `round(value)` / `round(value, digits)` as Python gives it: `round(float)` is an int,
 * `round(float, n)` a float, `round(int, n)` an int.
 */
export function round(value: unknown, digits?: number): number | PyFloat {
  if (isInt(value) || typeof value === 'boolean') {
    const n = num(value);
    return digits === undefined || digits >= 0 ? n : roundFloat(n, digits);
  }
  const x = num(value);
  if (digits === undefined) return roundFloat(x, 0);
  return new PyFloat(roundFloat(x, digits));
}

/** `f"{x:.{digits}f}"`: the exact value rounded half to even, as Python formats it. */
export const formatFixed = (x: number, digits: number): string =>
  roundFloat(x, digits)
    .toFixed(digits)
    .replace(/^-(0\.?0*)$/, Object.is(x, -0) || x < 0 ? '-$1' : '$1');

/** Python's `str(value)`: a string as it is, anything else as `repr`. */
export const pyStr = (v: unknown): string => (typeof v === 'string' ? v : pyRepr(v));

/** `json.dumps` can't write it: a set or an object of a class of the leaderboard's own. */
export class NotJsonSerializable extends Error {}

const jsonString = (s: string): string =>
  '"' +
  // eslint-disable-next-line no-control-regex -- control characters are what json.dumps escapes
  s.replace(/[\\"\u0000-\u001f\u007f-\uffff]/g, (c) => {
    if (c === '"') return '\\"';
    if (c === '\\') return '\\\\';
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    if (c === '\b') return '\\b';
    if (c === '\f') return '\\f';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }) +
  '"';

/** Python's `json.dumps(value)` with its defaults: `", "` and `": "`, ASCII only, `NaN`/`Infinity`. */
export function pyJsonDumps(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return jsonString(v);
  if (typeof v === 'number' || v instanceof PyFloat) {
    const x = num(v);
    if (Number.isNaN(x)) return 'NaN';
    if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
    return isFloat(v) ? floatRepr(x) : String(x);
  }
  if (v instanceof PyTuple) return `[${v.items.map(pyJsonDumps).join(', ')}]`;
  if (Array.isArray(v)) return `[${v.map(pyJsonDumps).join(', ')}]`;
  // An int beyond 2 ** 53 is carried as its digits.
  if (v instanceof PyOther && v.typeName === 'int') return v.repr;
  if (v instanceof PyOther) throw new NotJsonSerializable(`Object of type ${v.typeName} is not JSON serializable`);
  if (isDict(v))
    return `{${Object.entries(v)
      .map(([k, x]) => `${jsonString(k)}: ${pyJsonDumps(x)}`)
      .join(', ')}}`;
  throw new NotJsonSerializable('Object is not JSON serializable');
}
