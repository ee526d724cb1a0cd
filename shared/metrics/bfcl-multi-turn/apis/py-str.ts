import { PyError } from '../api';
import { hasOwn, isDict, PyFloat, pyIn, PyTuple, pyType } from '../../bfcl/values';

/**
 * Python's str methods and the errors Python raises when the value is not a str, for the BFCL
 * classes whose arguments arrive as whatever the model wrote (`cat(file_name=5)`).
 */

/** `value.method` on a value that must be a str: Python's AttributeError otherwise. */
export function requireStr(value: unknown, method: string): string {
  if (typeof value === 'string') return value;
  throw new PyError(`'${pyType(value)}' object has no attribute '${method}'`, 'AttributeError');
}

/** Python's `needle in container` where `needle` is a one-character str. */
export function pyContains(container: unknown, needle: string): boolean {
  if (typeof container === 'string') return container.includes(needle);
  if (Array.isArray(container)) return pyIn(needle, container);
  if (container instanceof PyTuple) return pyIn(needle, container.items);
  if (isDict(container)) return hasOwn(container, needle);
  throw new PyError(`argument of type '${pyType(container)}' is not iterable`, 'TypeError');
}

/** Python's `needle in text` for a str `text`: a substring test that wants a str needle. */
export function pySubstring(needle: unknown, text: string): boolean {
  if (typeof needle === 'string') return text.includes(needle);
  throw new PyError(`'in <string>' requires string as left operand, not ${pyType(needle)}`, 'TypeError');
}

/** Whether `key` can be a dict key (lists and dicts can't: Python's TypeError when looked up). */
export function requireHashable(key: unknown): void {
  if (Array.isArray(key) || isDict(key)) throw new PyError(`unhashable type: '${pyType(key)}'`, 'TypeError');
}

/** Python's `bool(value)`. */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof PyTuple) return value.items.length > 0;
  if (isDict(value)) return Object.keys(value).length > 0;
  if (value instanceof PyFloat) return value.value !== 0;
  return true;
}

/** Python's `len(value)`. */
export function pyLen(value: unknown): number {
  if (typeof value === 'string') return codePointLength(value);
  if (Array.isArray(value)) return value.length;
  if (value instanceof PyTuple) return value.items.length;
  if (isDict(value)) return Object.keys(value).length;
  throw new PyError(`object of type '${pyType(value)}' has no len()`, 'TypeError');
}

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
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/** Python's `text.splitlines()`: no empty last line after a trailing break. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(new RegExp(LINE_BREAK.source, 'g'));
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

// What str.isspace() accepts; JavaScript's \s differs (it has \ufeff, lacks \x1c-\x1f and \x85).
// eslint-disable-next-line no-control-regex -- Python counts these separators as whitespace
const PY_WHITESPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/** Python's `text.split()` with no separator: runs of whitespace, no empty words. */
export function splitWords(text: string): string[] {
  return text.split(new RegExp(PY_WHITESPACE.source, 'g')).filter((word) => word !== '');
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

/** Python's str ordering: by code point (JavaScript's `<` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
