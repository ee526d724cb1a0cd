import { daysInText, dayIsRead, type DaysRead } from './dates';
import { currenciesInText, currencyValue, numberIsRead, numbersInText, numberValue } from './numbers';
import { timesInText, timeValue, wallClock, zonesInText } from './times';

export * from './dates';
export * from './numbers';
export * from './times';

/** E-mail addresses a text holds, quoted, in angle brackets or bare, as written. */
export const emailsInText = (text: string): string[] =>
  [...text.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)].map((m) => m[0]);

/** What a text states, read once: days, times, numbers, currencies (each as a set). */
export interface ValuesRead {
  days: DaysRead;
  times: Set<string>;
  numbers: Set<number>;
  currencies: Set<string>;
  /** Time zones the text names, in which a date-time's instant may be read. */
  zones: Set<string>;
}

export function valuesInText(text: string, today?: string): ValuesRead {
  return {
    days: daysInText(text, today ? { today } : {}),
    times: timesInText(text),
    numbers: numbersInText(text),
    currencies: currenciesInText(text),
    zones: zonesInText(text),
  };
}

/** Several texts' values together (the turns of a trajectory so far). */
export function mergeValues(into: ValuesRead, more: ValuesRead): void {
  for (const d of more.days.days) into.days.days.add(d);
  for (const d of more.days.monthDays) into.days.monthDays.add(d);
  for (const t of more.times) into.times.add(t);
  for (const n of more.numbers) into.numbers.add(n);
  for (const c of more.currencies) into.currencies.add(c);
  for (const z of more.zones) into.zones.add(z);
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Whether a value that is a date, time, date-time, number, amount or currency code is one the
 * read values state, compared as what it means: `2026-12-03T14:00:00Z` by "Dec 3 … 2pm",
 * `200000` by "$200,000", `JPY` by "yen". Null when the value is none of these kinds.
 */
export function valueIsRead(value: string | number, read: ValuesRead, today?: string): boolean | null {
  if (typeof value === 'number') return numberIsRead(value, read.numbers);
  const dateTime = DATE_TIME.exec(value.trim());
  if (dateTime) {
    const [, day, time] = dateTime;
    if (!time) return dayIsRead(day!, read.days, today);
    const clock = timeValue(time);
    if (!clock) return false;
    if (dayIsRead(day!, read.days, today) && read.times.has(clock)) return true;
    // 2pm in a zone the text names, written in UTC or another offset: 2026-12-03T19:00:00Z for "2pm, America/New_York".
    const instant = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()) ? Date.parse(value.trim()) : NaN;
    if (!Number.isNaN(instant))
      for (const zone of read.zones) {
        const local = wallClock(instant, zone);
        if (local && dayIsRead(local.day, read.days, today) && read.times.has(local.time)) return true;
      }
    // Midnight at the end of a day said: 2026-12-04T00:00 for "Dec 3 … until midnight".
    const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    return clock === '00:00' && read.times.has('24:00') && dayIsRead(before, read.days, today);
  }
  const time = timeValue(value);
  if (time) return read.times.has(time);
  const n = numberValue(value);
  if (n !== null) return numberIsRead(n, read.numbers);
  const currency = currencyValue(value);
  if (currency) return read.currencies.has(currency);
  return null;
}
