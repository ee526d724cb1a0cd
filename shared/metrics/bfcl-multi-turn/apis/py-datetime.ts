import { pyType, stringRepr } from '../../bfcl/values';
import { PyError } from '../api';

/**
 * Python's `datetime.strptime` for the numeric directives the BFCL classes use (`%Y %m %d %H %M
 * %S`), with its exact matching rules (`2024-1-5` is accepted, any Unicode digit counts, runs of
 * whitespace match any whitespace) and its ValueError and TypeError messages.
 */

/**
 * A parsed date and time as `YYYY-MM-DD HH:MM:SS.ffffff`: fixed width, so comparing two of them
 * as text orders them as Python orders datetimes.
 */
export type SortableDateTime = string & { readonly sortable: unique symbol };

/** `datetime.min` and `datetime.max`. */
export const DATETIME_MIN = '0001-01-01 00:00:00.000000' as SortableDateTime;
export const DATETIME_MAX = '9999-12-31 23:59:59.999999' as SortableDateTime;

// CPython's _strptime patterns, `\d` being any Unicode decimal digit as in Python's `re`.
const DIRECTIVES: Record<string, string> = {
  Y: '(?<Y>\\p{Nd}\\p{Nd}\\p{Nd}\\p{Nd})',
  m: '(?<m>1[0-2]|0[1-9]|[1-9])',
  d: '(?<d>3[01]|[12]\\p{Nd}|0[1-9]|[1-9]| [1-9])',
  H: '(?<H>2[0-3]|[01]\\p{Nd}|\\p{Nd})',
  M: '(?<M>[0-5]\\p{Nd}|\\p{Nd})',
  S: '(?<S>6[01]|[0-5]\\p{Nd}|\\p{Nd})',
};

const PY_WHITESPACE = '[\\s\\x1c-\\x1f]';

function formatRegex(format: string): RegExp {
  let source = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c === '%') {
      const directive = DIRECTIVES[format[++i] ?? ''];
      if (!directive) throw new Error(`strptime here does not support %${format[i]}`);
      source += directive;
    } else if (/\s/.test(c)) {
      while (/\s/.test(format[i + 1] ?? '')) i++;
      source += `${PY_WHITESPACE}+`;
    } else source += c.replace(/[\\.^$*+?(){}[\]|/]/g, '\\$&');
  }
  return new RegExp(`^(?:${source})`, 'iu');
}

/** Python's `int()` of a run of Unicode decimal digits (a digit's value is its place in its block of ten). */
function digitsValue(text: string): number {
  let value = 0;
  for (const c of text.trim()) {
    let start = c.codePointAt(0)!;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
    value = value * 10 + ((c.codePointAt(0)! - start) % 10);
  }
  return value;
}

const daysInMonth = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `datetime.strptime(text, format)`. */
export function strptime(text: unknown, format: string): SortableDateTime {
  if (typeof text !== 'string') {
    const type = text === null || text === undefined ? 'None' : pyType(text);
    throw new PyError(`strptime() argument 1 must be str, not ${type}`, 'TypeError');
  }
  const found = formatRegex(format).exec(text);
  if (!found)
    throw new PyError(`time data ${stringRepr(text)} does not match format ${stringRepr(format)}`, 'ValueError');
  if (found[0].length !== text.length)
    throw new PyError(`unconverted data remains: ${text.slice(found[0].length)}`, 'ValueError');
  const field = (name: string, fallback: number) => {
    const digits = found.groups?.[name];
    return digits === undefined ? fallback : digitsValue(digits);
  };
  const year = field('Y', 1900);
  const month = field('m', 1);
  const day = field('d', 1);
  const second = field('S', 0);
  if (year < 1) throw new PyError(`year ${year} is out of range`, 'ValueError');
  if (day > daysInMonth(year, month)) throw new PyError('day is out of range for month', 'ValueError');
  if (second > 59) throw new PyError('second must be in 0..59', 'ValueError');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)} ${pad(field('H', 0), 2)}:${pad(field('M', 0), 2)}:${pad(second, 2)}.000000` as SortableDateTime;
}
