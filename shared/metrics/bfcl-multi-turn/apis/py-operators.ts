import { isDict, PyFloat, pyEquals, pyRepr, PyTuple, pyType } from '../../bfcl/values';
import { PyError } from '../api';
import { add, float, isNumber, mul, num, sub, truediv } from '../py-num';

/**
 * Python's operators and builtins as the BFCL classes meet them with any argument a model may
 * pass: the value they give for the types Python accepts, and Python's exception text otherwise.
 */

const isStr = (v: unknown): v is string => typeof v === 'string';

/** Whether Python can hash it (lists and dicts cannot; a tuple can when its items can). */
export function isHashable(v: unknown): boolean {
  if (Array.isArray(v) || isDict(v)) return false;
  if (v instanceof PyTuple) return v.items.every(isHashable);
  return true;
}

/** The first unhashable part of a value being hashed, as Python's TypeError names it. */
function unhashableType(v: unknown): string {
  if (v instanceof PyTuple) return unhashableType(v.items.find((item) => !isHashable(item)));
  return pyType(v);
}

/** Raises Python's TypeError when `key` cannot be hashed (a dict or set lookup needs the hash). */
export function requireHashable(...keys: unknown[]): void {
  for (const key of keys)
    if (!isHashable(key)) throw new PyError(`unhashable type: '${unhashableType(key)}'`, 'TypeError');
}

/** `key in dict` for a dict whose keys are all strings. */
export function dictHas(dict: Record<string, unknown>, key: unknown): boolean {
  requireHashable(key);
  return isStr(key) && Object.hasOwn(dict, key);
}

/** `dict[key]` for a dict whose keys are all strings: KeyError names the key by its repr. */
export function dictGet(dict: Record<string, unknown>, key: unknown): unknown {
  if (!dictHas(dict, key)) throw new PyError(pyRepr(key), 'KeyError');
  return dict[key as string];
}

const codePoints = (s: string) => Array.from(s, (c) => c.codePointAt(0)!);

/** Python's `a < b` for numbers, strings, lists and tuples. */
export function pyLess(a: unknown, b: unknown): boolean {
  if (isNumber(a) && isNumber(b)) return num(a) < num(b);
  if (isStr(a) && isStr(b)) return sequenceLess(codePoints(a), codePoints(b));
  if (Array.isArray(a) && Array.isArray(b)) return sequenceLess(a, b);
  if (a instanceof PyTuple && b instanceof PyTuple) return sequenceLess(a.items, b.items);
  throw new PyError(`'<' not supported between instances of '${pyType(a)}' and '${pyType(b)}'`, 'TypeError');
}

/** Lexicographic order: the first items that differ decide, else the shorter is less. */
function sequenceLess(a: readonly unknown[], b: readonly unknown[]): boolean {
  const differ = a.findIndex((item, i) => i < b.length && !pyEquals(item, b[i]));
  return differ >= 0 ? pyLess(a[differ], b[differ]) : a.length < b.length;
}

/** `target += value` on a number or a string. */
export function addInPlace(target: unknown, value: unknown): unknown {
  if (isNumber(target) && isNumber(value)) return add(target, value);
  if (isStr(target)) {
    if (isStr(value)) return target + value;
    throw new PyError(`can only concatenate str (not "${pyType(value)}") to str`, 'TypeError');
  }
  throw new PyError(`unsupported operand type(s) for +=: '${pyType(target)}' and '${pyType(value)}'`, 'TypeError');
}

/** `target -= value`. */
export function subtractInPlace(target: unknown, value: unknown): unknown {
  if (isNumber(target) && isNumber(value)) return sub(target, value);
  throw new PyError(`unsupported operand type(s) for -=: '${pyType(target)}' and '${pyType(value)}'`, 'TypeError');
}

/** `value * factor` where `factor` is a number: strings, lists and tuples repeat by an int. */
export function multiply(value: unknown, factor: number | PyFloat): unknown {
  if (isNumber(value)) return mul(value, factor);
  const sequence = isStr(value) || Array.isArray(value) || value instanceof PyTuple;
  if (sequence && factor instanceof PyFloat)
    throw new PyError("can't multiply sequence by non-int of type 'float'", 'TypeError');
  const times = Math.max(0, num(factor));
  if (isStr(value)) return value.repeat(times);
  if (Array.isArray(value)) return Array.from({ length: times }, () => value).flat(1);
  if (value instanceof PyTuple) return new PyTuple(Array.from({ length: times }, () => value.items).flat(1));
  throw new PyError(`unsupported operand type(s) for *: '${pyType(value)}' and '${pyType(factor)}'`, 'TypeError');
}

/** `value / divisor` where `divisor` is a non-zero number. */
export function divide(value: unknown, divisor: number | PyFloat): PyFloat {
  if (isNumber(value)) return truediv(value, divisor);
  throw new PyError(`unsupported operand type(s) for /: '${pyType(value)}' and '${pyType(divisor)}'`, 'TypeError');
}

/** Python's `float(value)`. */
export function toFloat(value: unknown): PyFloat {
  if (isNumber(value)) return float(value);
  if (isStr(value)) {
    const parsed = parseFloatText(value);
    if (parsed === undefined) throw new PyError(`could not convert string to float: ${pyRepr(value)}`, 'ValueError');
    return new PyFloat(parsed);
  }
  throw new PyError(`float() argument must be a string or a real number, not '${pyType(value)}'`, 'TypeError');
}

const DIGITS = String.raw`\d(?:_?\d)*`;
const DECIMAL = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** The text `float()` accepts: surrounding whitespace, any decimal digits, `_` between digits. */
function parseFloatText(text: string): number | undefined {
  const ascii = toAsciiDigits(text.trim());
  const special = SPECIAL.exec(ascii);
  if (special) return special[2]!.toLowerCase() === 'nan' ? NaN : special[1] === '-' ? -Infinity : Infinity;
  return DECIMAL.test(ascii) ? Number(ascii.replace(/_/g, '')) : undefined;
}

const DECIMAL_DIGIT = /\p{Nd}/u;

/** A decimal digit's value: Unicode lays each script's digits out as a run from 0 to 9. */
function decimalValue(char: string): number {
  let cp = char.codePointAt(0)!;
  let value = 0;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(cp - 1)) && value < 9) {
    cp--;
    value++;
  }
  return value;
}

/** Text with every decimal digit written as its ASCII digit, as `float()` and `int()` read it. */
export const toAsciiDigits = (text: string) =>
  Array.from(text, (c) => (/[0-9]/.test(c) || !DECIMAL_DIGIT.test(c) ? c : String(decimalValue(c)))).join('');

/** Digits `str.isdigit` accepts beyond the decimal ones (superscripts, circled digits), which `int()` refuses. */
const OTHER_DIGIT =
  /[\u00B2\u00B3\u00B9\u1369-\u1371\u19DA\u2070\u2074-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247C\u2488-\u2490\u24EA\u24F5-\u24FD\u24FF\u2776-\u277E\u2780-\u2788\u278A-\u2792\u{10A40}-\u{10A43}\u{1F100}-\u{1F10A}]/u;

/** Python's `str.isdigit()`. */
export const isDigitText = (s: string): boolean =>
  s.length > 0 && Array.from(s).every((c) => DECIMAL_DIGIT.test(c) || OTHER_DIGIT.test(c));

/** The parity of `int(s)` for a string `str.isdigit` accepted; `int()` refuses digits that are not decimal. */
export function intParity(s: string): number {
  const chars = Array.from(s);
  if (!chars.every((c) => DECIMAL_DIGIT.test(c)))
    throw new PyError(`invalid literal for int() with base 10: ${pyRepr(s)}`, 'ValueError');
  return decimalValue(chars.at(-1)!) % 2;
}

/** What `for item in value` visits: a string's characters, a list's or tuple's items, a dict's keys. */
export function iterate(value: unknown): unknown[] {
  if (isStr(value)) return Array.from(value);
  if (Array.isArray(value)) return value;
  if (value instanceof PyTuple) return value.items;
  if (isDict(value)) return Object.keys(value);
  throw new PyError(`'${pyType(value)}' object is not iterable`, 'TypeError');
}

/** A string method called on something else: Python's AttributeError. */
export function requireStr(value: unknown, method: string): string {
  if (isStr(value)) return value;
  throw new PyError(`'${pyType(value)}' object has no attribute '${method}'`, 'AttributeError');
}
