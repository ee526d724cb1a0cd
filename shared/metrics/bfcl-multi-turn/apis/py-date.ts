import { pyRepr, pyType } from '../../bfcl/values';
import { PyError } from '../api';
import { toAsciiDigits } from './py-operators';

/** A calendar date as `datetime.strptime(text, "%Y-%m-%d")` reads it. */
export interface PyDate {
  year: number;
  month: number;
  day: number;
}

/**
 * The pattern Python's `_strptime` builds for `%Y-%m-%d`: its `\d` is any decimal digit, its
 * alternatives are tried in this order, and a day may be a space and one digit.
 */
const ISO_DATE = /^(\p{Nd}{4})-(1[0-2]|0[1-9]|[1-9])-(3[01]|[12]\p{Nd}|0[1-9]|[1-9]| [1-9])/u;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

const digitValue = (text: string) => Number(toAsciiDigits(text.trim()));

/**
 * `datetime.strptime(text, "%Y-%m-%d")`: TypeError for a non-string, ValueError (the callers
 * here only catch it, never print it) for text that is not such a date.
 */
export function strptimeIsoDate(text: unknown): PyDate {
  if (typeof text !== 'string')
    // CPython's argument check names None by itself and anything else by its type.
    throw new PyError(`strptime() argument 1 must be str, not ${text === null ? 'None' : pyType(text)}`, 'TypeError');
  const match = ISO_DATE.exec(text);
  const invalid = () => new PyError(`time data ${pyRepr(text)} does not match format '%Y-%m-%d'`, 'ValueError');
  if (!match || match[0].length !== text.length) throw invalid();
  const [year, month, day] = [digitValue(match[1]!), digitValue(match[2]!), digitValue(match[3]!)];
  const monthDays = month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  if (year < 1 || day > monthDays) throw invalid();
  return { year, month, day };
}

/** `datetime.today()`'s date, in local time as Python takes it. */
export function today(): PyDate {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}
