import { casual } from 'chrono-node/en';

/**
 * Days said in prose that the patterns of dates.ts do not read, or read wrong: "the day after
 * tomorrow", "a week from today", "in 3 days", "this Friday", "on Monday", "21/12". Read with
 * chrono-node, a maintained parser of dates in English prose, against today at noon, forward
 * (a weekday said alone is the next one). Only the day is taken: clock times have their own reader.
 */
export interface ProseDate {
  at: number;
  /** The words that say the day, as written. */
  text: string;
  /** `YYYY-MM-DD`. */
  value: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function proseDatesIn(text: string, today?: string): ProseDate[] {
  const [y, m, d] = (today ?? new Date().toISOString().slice(0, 10)).split('-').map(Number) as [number, number, number];
  const reference = new Date(y, m - 1, d, 12);
  return casual
    .parse(text, reference, { forwardDate: true })
    .filter((r) => r.start.isCertain('day') || r.start.isCertain('weekday') || !r.start.isCertain('hour'))
    .map((r) => {
      // "on Monday" says Monday: the preposition stays with the sentence, as with "on Dec 3".
      const lead = /^(?:on|at)\s+/i.exec(r.text)?.[0].length ?? 0;
      return { r, at: r.index + lead, text: r.text.slice(lead) };
    })
    .map(({ r, at, text }) => ({
      at,
      text,
      value: `${r.start.get('year')}-${pad(r.start.get('month') ?? 1)}-${pad(r.start.get('day') ?? 1)}`,
    }));
}
