/**
 * Calendar dates as people write them: "Dec 3", "3rd of December", "2026-12-03", "tomorrow",
 * "next Friday". The planner reads an intent's first dates from here (`datesInIntent`,
 * `dateWindowFromIntent`); the trajectory checks read every day a text can mean (`daysInText`).
 */
import { COUNT_WORD, countWord } from './numbers';

/** The dates an intent gives: the first day, and the last when it says a second date or a duration. */
export interface DateWindow {
  start?: string;
  end?: string;
}

export interface IntentContext {
  /** Today as `YYYY-MM-DD`: years left out ("December 10") and "next Friday" are read from it. */
  today?: string;
}

const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const UNTIL = '\\s*(?:-|–|—|to|until|till|through|and)\\s*';
const YEAR = '(?:,?\\s+(\\d{4}))?';
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const UNIT_DAYS: Record<string, number> = { night: 1, day: 1, week: 7, fortnight: 14 };

const monthNumber = (name: string) =>
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].indexOf(
    name.slice(0, 3).toLowerCase(),
  ) + 1;

/** `YYYY-MM-DD` of a calendar day, or null when there is no such day (31 February). */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Day and month without a year take the year the intent states elsewhere, else the next such
 * day from today; without either they are left out rather than guessed.
 */
function dated(month: number, day: number, year: string | undefined, fallbackYear: number | null, today?: string) {
  if (year) return isoDay(Number(year), month, day);
  if (fallbackYear !== null) return isoDay(fallbackYear, month, day);
  if (!today) return null;
  const thisYear = Number(today.slice(0, 4));
  const candidate = isoDay(thisYear, month, day);
  return candidate && candidate < today ? isoDay(thisYear + 1, month, day) : candidate;
}

/** Calendar dates an intent mentions, in the order they appear. */
export function datesInIntent(intent: string, context: IntentContext = {}): string[] {
  const found: { at: number; day: string }[] = [];
  const statedYear = /\b((?:19|20)\d{2})\b(?!-)/.exec(intent.replace(/\d{4}-\d{2}-\d{2}/g, ' '))?.[1];
  const fallbackYear = statedYear ? Number(statedYear) : null;
  let text = intent;
  const take = (pattern: string, read: (m: RegExpExecArray) => (string | null)[]) => {
    // Blank what was read so that a shorter pattern does not read it again.
    text = text.replace(new RegExp(pattern, 'gi'), (...args: unknown[]) => {
      const at = args.find((a) => typeof a === 'number') as number;
      for (const day of read(args.slice(0, -2) as unknown as RegExpExecArray)) if (day) found.push({ at, day });
      return ' '.repeat((args[0] as string).length);
    });
  };
  const on = (month: string, day: string, year: string | undefined) =>
    dated(monthNumber(month), Number(day), year, fallbackYear, context.today);
  take('\\b(\\d{4})-(\\d{2})-(\\d{2})\\b', (m) => [isoDay(Number(m[1]), Number(m[2]), Number(m[3]))]);
  take(`\\b${DAY}${UNTIL}${DAY}(?:\\s+of)?\\s+${MONTH}${YEAR}\\b`, (m) => [
    on(m[3]!, m[1]!, m[4]),
    on(m[3]!, m[2]!, m[4]),
  ]);
  take(`\\b${MONTH}\\s+${DAY}${UNTIL}${DAY}${YEAR}\\b`, (m) => [on(m[1]!, m[2]!, m[4]), on(m[1]!, m[3]!, m[4])]);
  take(`\\b${DAY}(?:\\s+of)?\\s+${MONTH}${YEAR}\\b`, (m) => [on(m[2]!, m[1]!, m[3])]);
  take(`\\b${MONTH}\\s+${DAY}${YEAR}\\b`, (m) => [on(m[1]!, m[2]!, m[3])]);
  const today = context.today;
  if (today) {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    take('\\b(today|tomorrow)\\b', (m) => [addDays(today, m[1]!.toLowerCase() === 'today' ? 0 : 1)]);
    take(`\\bnext\\s+(${WEEKDAYS.join('|')})\\b`, (m) => {
      const target = WEEKDAYS.indexOf(m[1]!.toLowerCase());
      return [addDays(today, ((target - weekday + 6) % 7) + 1)];
    });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.day);
}

/** Days a stated duration covers: "for 2 nights" 2, "a week" 7, "a 3-night stay" 3. */
export function durationInIntent(intent: string): number | null {
  const count = `(\\d{1,3}|${COUNT_WORD})`;
  const unit = `(night|day|week|fortnight)s?`;
  const m =
    new RegExp(`\\b(?:for|stay(?:ing)?|of)\\s+${count}[\\s-]+${unit}\\b`, 'i').exec(intent) ??
    new RegExp(`\\b${count}[\\s-]+${unit}\\s+(?:stay|trip|visit|break|holiday|vacation)\\b`, 'i').exec(intent);
  if (!m) return null;
  const n = countWord(m[1]!) ?? Number(m[1]);
  return n > 0 ? n * UNIT_DAYS[m[2]!.toLowerCase()]! : null;
}

/**
 * The span an intent gives: its first date, and as the end its next later date or the first
 * date plus a stated duration. An end is never the start again: without one it stays unknown.
 */
export function dateWindowFromIntent(intent: string, context: IntentContext = {}): DateWindow {
  const dates = datesInIntent(intent, context);
  const start = dates[0];
  if (!start) return {};
  const later = dates.find((d) => d > start);
  if (later) return { start, end: later };
  const days = durationInIntent(intent);
  return days ? { start, end: addDays(start, days) } : { start };
}

/** Every day a text can mean, read leniently (for grounding, not for filling arguments). */
export interface DaysRead {
  /** `YYYY-MM-DD` days: ISO dates, dated month-days, relative days from today, and a stated span's ends. */
  days: Set<string>;
  /** `MM-DD` of month-days said without a year ("Dec 3"): any year may be meant. */
  monthDays: Set<string>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthDayOf = (month: number, day: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= 31 ? `${pad(month)}-${pad(day)}` : null;

/**
 * Every day a text names or implies: what `datesInIntent` reads, ISO days inside date-times
 * (`2026-12-10T07:35`), month-days without a year, numeric `12/3` (read both ways), and with
 * today known a bare weekday (its next occurrence, today included), "next Friday" (the coming
 * one or the one after), "the 10th", "yesterday", "the day after tomorrow", "in 3 days", and each
 * day plus a stated stay ("for 3 nights").
 */
export function daysInText(text: string, context: IntentContext = {}): DaysRead {
  const days = new Set(datesInIntent(text, context));
  const monthDays = new Set<string>();
  const today = context.today;
  for (const m of text.matchAll(/(\d{4})-(\d{2})-(\d{2})(?=T|\b)/g)) {
    const day = isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
    if (day) days.add(day);
  }
  const yearless = (month: number, day: number) => {
    const md = monthDayOf(month, day);
    if (md) monthDays.add(md);
  };
  // Month and day without a year right after them (a year makes them a dated day, read above).
  const noYear = `(?!,?\\s+\\d{4})`;
  for (const m of text.matchAll(new RegExp(`\\b${MONTH}\\s+${DAY}(?:${UNTIL}${DAY})?\\b${noYear}`, 'gi'))) {
    yearless(monthNumber(m[1]!), Number(m[2]));
    if (m[3]) yearless(monthNumber(m[1]!), Number(m[3]));
  }
  for (const m of text.matchAll(new RegExp(`\\b${DAY}(?:${UNTIL}${DAY})?(?:\\s+of)?\\s+${MONTH}\\b${noYear}`, 'gi'))) {
    yearless(monthNumber(m[3]!), Number(m[1]));
    if (m[2]) yearless(monthNumber(m[3]!), Number(m[2]));
  }
  for (const m of text.matchAll(/(?<![\d/.-])(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?![\d/])/g)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const year = m[3] ? Number(m[3].length === 2 ? `20${m[3]}` : m[3]) : null;
    for (const [month, day] of [
      [a, b],
      [b, a],
    ] as const) {
      if (year === null) yearless(month, day);
      else {
        const iso = isoDay(year, month, day);
        if (iso) days.add(iso);
      }
    }
  }
  if (today) {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const thisYear = Number(today.slice(0, 4));
    for (const md of monthDays) {
      const [month, day] = md.split('-').map(Number) as [number, number];
      const day_ = dated(month, day, undefined, null, today);
      if (day_) days.add(day_);
    }
    for (const m of text.matchAll(new RegExp(`\\b(next|this|coming)?\\s*(${WEEKDAYS.join('|')})\\b`, 'gi'))) {
      const ahead = (WEEKDAYS.indexOf(m[2]!.toLowerCase()) - weekday + 7) % 7;
      if (m[1]?.toLowerCase() === 'next') {
        days.add(addDays(today, ahead || 7));
        days.add(addDays(today, (ahead || 7) + 7));
      } else days.add(addDays(today, ahead));
    }
    const relative: Record<string, number> = { yesterday: -1, today: 0, tonight: 0, tomorrow: 1 };
    for (const m of text.matchAll(/\b(?:the\s+)?(day\s+after\s+tomorrow|yesterday|today|tonight|tomorrow)\b/gi)) {
      const word = m[1]!.toLowerCase();
      days.add(addDays(today, relative[word] ?? 2));
    }
    for (const m of text.matchAll(new RegExp(`\\bin\\s+(\\d{1,3}|${COUNT_WORD})\\s+(day|week)s?\\b`, 'gi'))) {
      const n = countWord(m[1]!) ?? Number(m[1]);
      days.add(addDays(today, n * (m[2]!.toLowerCase() === 'week' ? 7 : 1)));
    }
    // "the 10th": this month's, or next month's once it has passed.
    for (const m of text.matchAll(/\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+of\b|\s+[a-z]{3})/gi)) {
      const month = Number(today.slice(5, 7));
      const here = isoDay(thisYear, month, Number(m[1]));
      const next = month === 12 ? isoDay(thisYear + 1, 1, Number(m[1])) : isoDay(thisYear, month + 1, Number(m[1]));
      const day = here && here >= today ? here : next;
      if (day) days.add(day);
    }
  }
  const stay = durationInIntent(text);
  if (stay) for (const day of [...days]) days.add(addDays(day, stay));
  return { days, monthDays };
}

/** Whether a `YYYY-MM-DD` day is one a text means; a month-day said without a year stands for this year's or next. */
export function dayIsRead(day: string, read: DaysRead, today?: string): boolean {
  if (read.days.has(day)) return true;
  if (!read.monthDays.has(day.slice(5))) return false;
  if (!today) return true;
  const year = Number(day.slice(0, 4));
  const thisYear = Number(today.slice(0, 4));
  return year === thisYear || year === thisYear + 1;
}
