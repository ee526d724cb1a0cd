import type { Random } from '../random';

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?)$/;

/**
 * The days one sample speaks of: every date it draws falls in them, so that a hotel, a flight
 * and a calendar event are one trip and not months apart.
 */
export interface Trip {
  /** Midnight UTC of the first day. */
  start: number;
  /** Days after the first that the trip lasts (its last day is `start + days`). */
  days: number;
}

/** The day part and the rest of a date or date-time literal; null for anything else. */
function parts(value: unknown): { day: string; time: string } | null {
  if (typeof value !== 'string') return null;
  if (DATE.test(value)) return Number.isNaN(Date.parse(value)) ? null : { day: value, time: '' };
  const match = DATE_TIME.exec(value);
  return match && !Number.isNaN(Date.parse(match[1]!)) ? { day: match[1]!, time: match[2]! } : null;
}

const dayOf = (trip: Trip, offset: number) => new Date(trip.start + offset * DAY).toISOString().slice(0, 10);

/** A trip of 2–7 days that starts on the day of `value`, when it is a date or a date-time. */
export function tripFrom(value: unknown, random: Random): Trip | null {
  const p = parts(value);
  return p ? { start: Date.parse(p.day), days: 2 + Math.floor(random() * 6) } : null;
}

/** A drawn date or time moved to a day of the trip before its last (so that an end can follow); other values as they are. */
export function intoTrip(value: unknown, trip: Trip, random: Random): unknown {
  const p = parts(value);
  return p ? dayOf(trip, Math.floor(random() * trip.days)) + p.time : value;
}

/**
 * The end that goes with `start` in the trip: a later day up to the trip's last for dates (a
 * check-out), 1–3 hours later for times; for a start the run will give (a departure time), the
 * trip's last day at the drawn end's time. Null when `end` is not a date.
 */
export function endInTrip(start: unknown, end: unknown, trip: Trip, random: Random): string | null {
  const e = parts(end);
  if (!e) return null;
  const s = parts(start);
  if (!s) return dayOf(trip, trip.days) + e.time;
  if (!s.time) {
    const from = Math.round((Date.parse(s.day) - trip.start) / DAY);
    const offset = Math.min(trip.days, from + 1 + Math.floor(random() * Math.max(1, trip.days - from)));
    return dayOf(trip, offset) + e.time;
  }
  // A time without a zone is read as UTC, as it is written back: the same on every machine.
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(start as string) ? (start as string) : `${start as string}Z`;
  const later = new Date(Date.parse(zoned) + (1 + Math.floor(random() * 3)) * (DAY / 24)).toISOString();
  // The start's own way of writing a time: with or without seconds' fraction and zone.
  const written = later.replace('.000', '');
  return (start as string).endsWith('Z') ? written : written.replace(/Z$/, '');
}
