import { PyFloat, pyRepr, pyType } from '../../bfcl/values';
import { PyError } from '../api';
import { isNumber, num } from '../py-num';

/**
 * Python's str methods and the text builtins read (`float()`, `int()`), with the errors Python raises
 * when the value is not a str, for the BFCL classes whose arguments arrive as whatever the model
 * wrote (`cat(file_name=5)`).
 */

/** The AttributeError Python raises for a method a value's type lacks (`5 .lower()`). */
export const noAttribute = (v: unknown, name: string) =>
  new PyError(`'${pyType(v)}' object has no attribute '${name}'`, 'AttributeError');

/** `value.method` on a value that must be a str: Python's AttributeError otherwise. */
export function requireStr(value: unknown, method: string): string {
  if (typeof value === 'string') return value;
  throw noAttribute(value, method);
}

/** `value.lower()`. */
export const pyLower = (value: unknown): string => requireStr(value, 'lower').toLowerCase();

/** The length Python gives a str: code points, not UTF-16 units. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The bytes of `text.encode("utf-8")`. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

// The line boundaries of str.splitlines, \r\n counting as one.
// eslint-disable-next-line no-control-regex -- Python counts these separators as line breaks
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/g;

/** Python's `text.splitlines()`: no empty last line after a trailing break. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(LINE_BREAK);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

// What str.isspace() accepts; JavaScript's \s differs (it has \ufeff, lacks \x1c-\x1f and \x85).
// eslint-disable-next-line no-control-regex -- Python counts these separators as whitespace
const PY_WHITESPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const PY_WHITESPACE_RUNS = new RegExp(`${PY_WHITESPACE.source}+`, 'g');

/** Python's `text.split()` with no separator: runs of whitespace, no empty words. */
export function splitWords(text: string): string[] {
  return text.split(PY_WHITESPACE_RUNS).filter((word) => word !== '');
}

/** Python's `text.rstrip(chars)`. */
export function rstripChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Python's `text.strip(chars)`. */
export function stripChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start]!)) start++;
  return rstripChars(text.slice(start), chars);
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

const DIGITS = String.raw`\d(?:_?\d)*`;
const DECIMAL = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/**
 * Python's `float(value)`: a number as a float, a text as Python parses it (any Unicode digits,
 * Python's whitespace around it, `_` between digits, `inf`, `nan`); ValueError or TypeError otherwise.
 */
export function toFloat(value: unknown): PyFloat {
  if (isNumber(value)) return new PyFloat(num(value));
  if (typeof value !== 'string')
    throw new PyError(`float() argument must be a string or a real number, not '${pyType(value)}'`, 'TypeError');
  const text = toAsciiDigits(Array.from(value, (c) => (PY_WHITESPACE.test(c) ? ' ' : c)).join('')).replace(
    /^ +| +$/g,
    '',
  );
  const special = SPECIAL.exec(text);
  if (special) {
    const magnitude = special[2]!.toLowerCase() === 'nan' ? NaN : Infinity;
    return new PyFloat(special[1] === '-' ? -magnitude : magnitude);
  }
  if (!DECIMAL.test(text)) throw new PyError(`could not convert string to float: ${pyRepr(value)}`, 'ValueError');
  return new PyFloat(Number(text.replaceAll('_', '')));
}

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
