import { isObject } from '../json';
import type { TrajectoryMetadata, Turn } from '../domain';
import { contentStems, wordsOf } from '../plans/intent-words';
import {
  currenciesInText,
  datesInIntent,
  daysInText,
  numbersInText,
  timesInText,
  valueIsRead,
  valuesInText,
  zonesInText,
  type ValuesRead,
} from '../text-values';

/**
 * Whether an argument's value was given before it was used: by the user's (or system's) words,
 * an earlier tool result (at any path, under any key) or the assistant's own earlier words. A
 * value counts as given as people write it: `2026-12-03T14:00:00Z` by "Dec 3 … 2pm",
 * `200000` by "$200,000", `QX7T2M` by "QX7-T2M", `all_attendees` by "all attendees".
 */

/** Strings that are a yes/no choice, not a value one could invent (as JSON booleans are not checked). */
const CHOICE_WORDS = new Set(['true', 'false', 'yes', 'no', 'y', 'n', 'on', 'off', 'enabled', 'disabled', 'none']);

/** Text read for values at most this long per turn: longer tool output is still searched as text. */
const MAX_READ = 50_000;

const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * A value's literal occurrence, case aside, as a whole token: "r9" is not in "r90", nor
 * "ana@acme.io" in "dana@acme.io", nor 500 in 1500 or 1,500 ("mug" in "mugs" is the words' business).
 */
function literal(needle: string, text: string): boolean {
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const before = text.slice(Math.max(0, at - 2), at);
    const after = text.slice(at + needle.length, at + needle.length + 2);
    if (!/(?:[\p{L}\p{N}]|\d[.,])$/u.test(before) && !/^(?:[\p{L}\p{N}]|[.,]\d)/u.test(after)) return true;
  }
  return false;
}

/** Composed text (a message body, a note): several lines or many words, not a value taken from anywhere. */
export const isProse = (value: string): boolean => /\n/.test(value.trim()) || value.trim().split(/\s+/).length >= 8;

/** What each kind of value is read from a text with, for `SaidSoFar`'s lazy reading. */
const READERS = {
  days: (text: string, today?: string) => daysInText(text, today ? { today } : {}),
  times: timesInText,
  numbers: numbersInText,
  currencies: currenciesInText,
  zones: zonesInText,
} as const;
type ValueKind = keyof typeof READERS;

/**
 * Everything said so far in a trajectory, read once as it grows. Reading values from text
 * (dates, numbers, stems…) costs far more than searching it, and most values are found as
 * written: each kind is read only when a value first needs it, then kept up to date.
 */
export class SaidSoFar {
  private lower = '';
  private compactedText = '';
  /** Texts added since the compacted text was last made. */
  private readonly uncompacted: string[] = [];
  private readonly stemSet = new Set<string>();
  /** Texts added since the stems were last read. */
  private readonly unstemmed: string[] = [];
  private readonly values: ValuesRead;
  /** Per kind of value, the texts added since it was last read. */
  private readonly unread: Record<ValueKind, string[]> = {
    days: [],
    times: [],
    numbers: [],
    currencies: [],
    zones: [],
  };
  /** The values said, each kind read on first use: what `valueIsRead` is given. */
  private readonly read: ValuesRead;

  constructor(private readonly today?: string) {
    this.values = valuesInText('', today);
    const kind = <K extends ValueKind>(k: K) => {
      for (const text of this.unread[k].splice(0)) {
        if (k === 'days') {
          const more = READERS.days(text, this.today);
          for (const d of more.days) this.values.days.days.add(d);
          for (const d of more.monthDays) this.values.days.monthDays.add(d);
        } else
          for (const v of READERS[k as Exclude<ValueKind, 'days'>](text) as Set<unknown>)
            (this.values[k] as Set<unknown>).add(v);
      }
      return this.values[k];
    };
    this.read = {
      get days() {
        return kind('days');
      },
      get times() {
        return kind('times');
      },
      get numbers() {
        return kind('numbers');
      },
      get currencies() {
        return kind('currencies');
      },
      get zones() {
        return kind('zones');
      },
    };
  }

  /** Everything said, lower-case with only its letters and digits (for ids written with other separators). */
  private get compacted(): string {
    for (const text of this.uncompacted.splice(0)) this.compactedText += `\n${compact(text)}`;
    return this.compactedText;
  }

  private get stems(): Set<string> {
    for (const text of this.unstemmed.splice(0)) for (const s of contentStems(text)) this.stemSet.add(s);
    return this.stemSet;
  }

  /** Adds a turn's text; a JSON result also by its keys and decoded values, wherever they sit. */
  add(text: string): this {
    if (!text) return this;
    const parts = [text, ...jsonWords(text)];
    const all = parts.join('\n');
    this.lower += `\n${all.toLowerCase()}`;
    this.uncompacted.push(all);
    this.unstemmed.push(all.slice(0, MAX_READ));
    for (const part of parts) {
      const read = part.slice(0, MAX_READ);
      for (const k of Object.keys(this.unread) as ValueKind[]) this.unread[k].push(read);
    }
    return this;
  }

  /**
   * Whether a string or number was given: literally (case aside); as the date, time, number,
   * amount or currency it means; an id with its separators dropped ("QX7-T2M"); or, for
   * several words, most of them said ("Lunch with Priya", "all_attendees"). Yes/no words and
   * composed prose are not values to ground.
   */
  gives(value: string | number): boolean {
    const text = String(value).trim();
    const lower = text.toLowerCase();
    if (typeof value === 'string' && (CHOICE_WORDS.has(lower) || isProse(text))) return true;
    if (text && literal(lower, this.lower)) return true;
    const typed = valueIsRead(value, this.read, this.today);
    if (typed !== null) return typed;
    // An address or a link is given only as itself.
    if (text.length < 3 || /^[^\s@]+@[^\s@]+$|:\/\//.test(text)) return false;
    const bare = compact(text);
    // One token with digits is an id or a code: only its characters, separators aside, can give it.
    if (!/\s/.test(text) && /\d/.test(bare))
      return bare.length >= 4 && (/\p{L}/u.test(bare) || bare.length >= 7) && this.compacted.includes(bare);
    // Words: most of them said, a number among them as itself ("Agenda: budget review, Dec 3").
    const numbers = wordsOf(text).filter((w) => /\d/.test(w));
    const words = contentStems(text);
    const given = words.filter((w) => this.stems.has(w)).length + numbers.filter((n) => literal(n, this.lower)).length;
    return words.length + numbers.length > 0 && given * 2 > words.length + numbers.length;
  }

  /** Whether every leaf of a value was given (an object or list by all its strings and numbers). */
  givesAll(value: unknown): boolean {
    const leaves = leafValues(value);
    return leaves.length > 0 && leaves.every((v) => this.gives(v));
  }
}

/** Strings and numbers of a value, at any depth. */
function leafValues(value: unknown): (string | number)[] {
  if (typeof value === 'string' || typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(leafValues);
  if (isObject(value)) return Object.values(value).flatMap(leafValues);
  return [];
}

/** The keys and decoded string values of a JSON text (escapes undone), or none when it is not JSON. */
function jsonWords(text: string): string[] {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const words: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') words.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v))
      for (const [key, inner] of Object.entries(v)) {
        words.push(key);
        walk(inner);
      }
  };
  walk(parsed);
  return words.length ? [words.join('\n')] : [];
}

/** Fields that date a record: OpenAI's `created` (Unix seconds), `created_at`, `timestamp` and their kin. */
const DATE_FIELDS =
  /^(?:created|created_?at|creation_?time|timestamp|date|time|started_?at|start_?time|session_?start|conversation_?date)$/i;

/** `YYYY-MM-DD` of a timestamp: Unix seconds or milliseconds, or a date(-time) text. */
function dayOf(value: unknown): string | undefined {
  if (typeof value === 'number' && value > 0) {
    const ms = value < 1e11 ? value * 1000 : value;
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
    return Number.isNaN(date.getTime()) ? value.slice(0, 10) : date.toISOString().slice(0, 10);
  }
  if (typeof value === 'string' && /^\d{9,13}$/.test(value)) return dayOf(Number(value));
  return undefined;
}

/** "Today is Tuesday, 1 December 2026", "Current date: 2026-11-20": the day a system or user message says it is. */
function statedToday(turns: readonly Turn[]): string | undefined {
  for (const turn of turns) {
    if (turn.role !== 'system' && turn.role !== 'user') continue;
    const said =
      /\b(?:today\s+is|today's\s+date\s+is|today’s\s+date\s+is|current\s+date(?:\s+is)?|the\s+date\s+is|date\s*:)\s*(.{0,60})/i.exec(
        turn.content ?? '',
      );
    const day = said && datesInIntent(said[1]!)[0];
    if (day) return day;
  }
  return undefined;
}

/**
 * The day a trajectory happened on, to read "tomorrow" and "Friday" from: the date its system
 * or user message states, else its record's own timestamp (`created`, `created_at`,
 * `timestamp`… in its metadata, also one level down), else when its first timed turn started,
 * else, for a run made in Trellis, when it was made. Undefined when it carries none (an import
 * time is not the day the conversation took place).
 */
export function trajectoryDay(trajectory: {
  turns: readonly Turn[];
  metadata?: TrajectoryMetadata | undefined;
  kind?: string;
  createdAt?: string;
}): string | undefined {
  const stated = statedToday(trajectory.turns);
  if (stated) return stated;
  const fields = (meta: unknown, depth: number): string | undefined => {
    if (!isObject(meta)) return undefined;
    for (const [key, value] of Object.entries(meta)) if (DATE_FIELDS.test(key) && dayOf(value)) return dayOf(value);
    if (depth > 0)
      for (const value of Object.values(meta)) {
        const found = fields(value, depth - 1);
        if (found) return found;
      }
    return undefined;
  };
  return (
    fields(trajectory.metadata, 1) ??
    dayOf(trajectory.turns.find((t) => t.timing?.startedAt)?.timing?.startedAt) ??
    (trajectory.kind === 'run' ? dayOf(trajectory.createdAt) : undefined)
  );
}
