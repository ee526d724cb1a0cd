import { describe, expect, it } from 'vitest';
import { proseDatesIn } from '../../../shared/text-values/prose-dates';

describe('days said in prose', () => {
  // Wednesday 25 November 2026.
  const read = (text: string) => proseDatesIn(text, '2026-11-25').map((d) => [d.text, d.value]);

  it('reads relative days, weekdays and day/month numbers against today, forward', () => {
    expect(read('the day after tomorrow')).toEqual([['the day after tomorrow', '2026-11-27']]);
    // chrono reads "a week" as the span, a week on; "today" stays a day of its own after it.
    expect(read('a week from today')[0]).toEqual(['a week', '2026-12-02']);
    expect(read('in 3 days')).toEqual([['in 3 days', '2026-11-28']]);
    expect(read('on Monday')).toEqual([['Monday', '2026-11-30']]);
    expect(read('on 21/12')).toEqual([['21/12', '2026-12-21']]);
  });

  it('leaves a clock time alone to its own reader', () => {
    expect(read('at noon')).toEqual([]);
    expect(read('call me at 9am')).toEqual([]);
  });
});
