import { hasOwn, PyFloat, pyRepr, PyTuple, pyType } from '../../bfcl/values';
import { PyError } from '../api';
import { add, isNumber, mul, num, sub } from '../py-num';
import { inDict } from './py-ops';

/**
 * Python builtins the API classes apply to whatever a model passed them, with Python's answer for
 * every type: a call may give a list where the class expects a float, and the leaderboard then
 * records Python's TypeError text, which these reproduce. (Truth, comparison and iteration are
 * py-ops.ts's.)
 */

const isSequence = (v: unknown) => typeof v === 'string' || Array.isArray(v) || v instanceof PyTuple;

/**
 * `a + b`, `a - b`, `a * b` where a number is expected: numbers as py-num does them, `str + str`,
 * and Python's TypeError otherwise. Repeating a sequence by an int is not needed by any class.
 */
export function pyArithmetic(op: '+' | '-' | '*', a: unknown, b: unknown): unknown {
  if (isNumber(a) && isNumber(b)) return op === '+' ? add(a, b) : op === '-' ? sub(a, b) : mul(a, b);
  if (op === '+' && typeof a === 'string') {
    if (typeof b === 'string') return a + b;
    throw new PyError(`can only concatenate str (not "${pyType(b)}") to str`, 'TypeError');
  }
  if (op === '*' && isSequence(a) && isNumber(b) && pyType(b) !== 'int')
    throw new PyError(`can't multiply sequence by non-int of type '${pyType(b)}'`, 'TypeError');
  if (op === '*' && isSequence(a)) throw new PyError('repeating a sequence is not supported here', 'TypeError');
  throw new PyError(`unsupported operand type(s) for ${op}: '${pyType(a)}' and '${pyType(b)}'`, 'TypeError');
}

/** What Python counts as whitespace in text it reads as a number. */
// eslint-disable-next-line no-control-regex -- the file and group separators are whitespace to Python
const PY_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u;
const DECIMAL_DIGIT = /\p{Nd}/u;
const DIGITS = '\\d(?:_?\\d)*';
const DECIMAL = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** The value of a Unicode decimal digit: they come in runs of ten, zero first. */
function digitValue(c: string): number {
  let cp = c.codePointAt(0)!;
  let offset = 0;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(cp - 1))) {
    cp--;
    offset++;
  }
  return offset % 10;
}

/**
 * `float(value)`: a number as a float, a string as Python parses it (any Unicode digits and
 * whitespace, underscores between digits, `inf`, `nan`); Python's ValueError or TypeError otherwise.
 */
export function pyFloat(value: unknown): PyFloat {
  if (isNumber(value)) return new PyFloat(num(value));
  if (typeof value !== 'string')
    throw new PyError(`float() argument must be a string or a real number, not '${pyType(value)}'`, 'TypeError');
  const text = Array.from(value, (c) => (DECIMAL_DIGIT.test(c) ? String(digitValue(c)) : PY_SPACE.test(c) ? ' ' : c))
    .join('')
    .replace(/^ +| +$/g, '');
  const special = SPECIAL.exec(text);
  if (special) {
    const magnitude = special[2]!.toLowerCase() === 'nan' ? NaN : Infinity;
    return new PyFloat(special[1] === '-' ? -magnitude : magnitude);
  }
  if (!DECIMAL.test(text)) throw new PyError(`could not convert string to float: ${pyStrRepr(value)}`, 'ValueError');
  return new PyFloat(Number(text.replaceAll('_', '')));
}

/** Characters `str.isprintable()` refuses (the space aside), which `repr` escapes. */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/**
 * Python's `repr(str)`: single quotes unless the text holds one and no double quote; the backslash,
 * the quote, tab, newline and return escaped, and every character that is not printable written as
 * its code in hex (`\xa0`, `\u2028`, `\U000e0001`). values.ts's `stringRepr` escapes only ASCII controls.
 */
export function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const escaped = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', [quote]: `\\${quote}` } as Record<
    string,
    string
  >;
  const body = Array.from(s, (c) => {
    if (hasOwn(escaped, c)) return escaped[c];
    if (c === ' ' || !NOT_PRINTABLE.test(c)) return c;
    const cp = c.codePointAt(0)!;
    const hex = cp.toString(16);
    return cp < 0x100
      ? `\\x${hex.padStart(2, '0')}`
      : cp < 0x10000
        ? `\\u${hex.padStart(4, '0')}`
        : `\\U${hex.padStart(8, '0')}`;
  });
  return quote + body.join('') + quote;
}

/**
 * `dict[key]` for a dict whose keys are strings, with Python's KeyError, whose text is the key's
 * repr: non-printable characters escaped, where py-ops's `getItem` writes them as they are.
 */
export function pyGetItem(dict: Record<string, unknown>, key: unknown): unknown {
  if (!inDict(dict, key)) throw new PyError(typeof key === 'string' ? pyStrRepr(key) : pyRepr(key), 'KeyError');
  return dict[key as string];
}
