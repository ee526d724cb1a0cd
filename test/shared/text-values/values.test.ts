import { describe, expect, it } from 'vitest';
import {
  countWord,
  currenciesInText,
  daysInText,
  durationsInText,
  numbersInText,
  numberValue,
  timesInText,
  timeValue,
  valueIsRead,
  valuesInText,
} from '../../../shared/text-values';

const TODAY = '2026-12-01'; // a Tuesday
const days = (text: string, today?: string) => [...daysInText(text, today ? { today } : {}).days].sort();

describe('days as people write them', () => {
  it('reads month names, abbreviations, ordinals and ISO days', () => {
    expect(days('Dec 3, 2026')).toEqual(['2026-12-03']);
    expect(days('on the 10th of December 2026')).toEqual(['2026-12-10']);
    expect(days('departs 2026-12-10T07:35:00+00:00')).toEqual(['2026-12-10']);
    expect(days('Dec. 14', TODAY)).toEqual(['2026-12-14']);
    expect(days('January 4th', TODAY)).toEqual(['2027-01-04']);
  });

  it('keeps a month-day without a year as such when no day is known', () => {
    const read = daysInText('Dec 3 and 4 to 7 December');
    expect(read.days.size).toBe(0);
    expect([...read.monthDays].sort()).toEqual(['12-03', '12-04', '12-07']);
  });

  it('reads relative days from today', () => {
    expect(days('tomorrow', TODAY)).toEqual(['2026-12-02']);
    expect(days('yesterday', TODAY)).toEqual(['2026-11-30']);
    expect(days('the day after tomorrow', TODAY)).toContain('2026-12-03');
    expect(days('on Friday', TODAY)).toEqual(['2026-12-04']);
    expect(days('on Tuesday', TODAY)).toEqual(['2026-12-01']);
    expect(days('next Monday', TODAY)).toEqual(['2026-12-07', '2026-12-14']);
    expect(days('in 3 days', TODAY)).toEqual(['2026-12-04']);
    expect(days('in two weeks', TODAY)).toEqual(['2026-12-15']);
    expect(days('in twelve days', TODAY)).toEqual(['2026-12-13']);
    expect(days('on the 10th', TODAY)).toEqual(['2026-12-10']);
    // Relative days need a day to count from.
    expect(days('tomorrow on Friday')).toEqual([]);
  });

  it('adds a stated stay to each day', () => {
    expect(days('from next Friday for 3 nights', '2026-11-27')).toEqual(
      expect.arrayContaining(['2026-12-04', '2026-12-07']),
    );
  });

  it('reads a numeric day both ways', () => {
    expect([...daysInText('on 12/3').monthDays].sort()).toEqual(['03-12', '12-03']);
    expect(days('on 12/3/2026')).toEqual(['2026-03-12', '2026-12-03']);
  });
});

describe('times and durations', () => {
  const times = (text: string) => [...timesInText(text)].sort();

  it('reads 12- and 24-hour clocks, noon and midnight', () => {
    expect(times('at 2pm')).toEqual(['14:00']);
    expect(times('2:30 pm')).toEqual(['14:30']);
    expect(times('12am or 12 p.m.')).toEqual(['00:00', '12:00']);
    expect(times('14:00 and 9h30')).toEqual(['09:30', '14:00']);
    expect(times('noon')).toEqual(['12:00']);
    expect(times('until midnight')).toEqual(['00:00', '24:00']);
    expect(times('half past 3')).toEqual(['03:30', '15:30']);
    expect(times('2-3pm')).toEqual(['14:00', '15:00']);
    expect(times('at 4')).toEqual(['04:00', '16:00']);
    expect(times('at 4%')).toEqual([]);
  });

  it('adds a stated duration to each time (an end)', () => {
    expect(durationsInText('for an hour, then 90 minutes, then half an hour')).toEqual(
      expect.arrayContaining([60, 90, 30]),
    );
    expect(times('2pm for an hour')).toEqual(['14:00', '15:00']);
    // Every count word, the same as dates read: "seven", "forty-five".
    expect(durationsInText('seven minutes, then forty-five minutes, then eleven hours')).toEqual([7, 45, 660]);
    expect(durationsInText('a dozen ideas')).toEqual([]);
  });

  it('reads a value that is a time alone', () => {
    expect(['14:00', '14:00:00', '2pm', '2:00 PM'].map(timeValue)).toEqual(['14:00', '14:00', '14:00', '14:00']);
    expect(timeValue('14:00:30')).toBeNull();
    expect(timeValue('room 14')).toBeNull();
  });
});

describe('numbers, amounts and currencies', () => {
  const numbers = (text: string) => [...numbersInText(text)];

  it('reads separators, scales, currencies, cents and percentages', () => {
    expect(numbers('$200,000')).toEqual(expect.arrayContaining([200000, 20000000]));
    expect(numbers('1.5k shares')).toContain(1500);
    expect(numbers('2.5 million yen')).toContain(2500000);
    expect(numbers('€1.200,50')).toContain(1200.5);
    expect(numbers('20%')).toEqual(expect.arrayContaining([20, 0.2]));
    expect(numbers('a dozen, five hundred')).toEqual(expect.arrayContaining([12, 500]));
    // "30m" is thirty minutes or metres, not thirty million.
    expect(numbers('30m')).toEqual([30]);
  });

  it('reads a value that is a number alone', () => {
    expect([200000, '200000', '200,000', '$200,000.00', '1.5k'].map(numberValue)).toEqual([
      200000, 200000, 200000, 200000, 1500,
    ]);
    expect(numberValue('A-10492')).toBeNull();
  });

  it('names currencies by code, symbol or word', () => {
    expect([...currenciesInText('2.5 million yen, $40 and 12 euros')].sort()).toEqual(['EUR', 'JPY', 'USD']);
    expect([...currenciesInText('a pound of flour')]).toEqual(['GBP']);
  });
});

describe('count words', () => {
  it('reads one table for dates, times and numbers', () => {
    expect(['a', 'An', 'seven', 'twelve', 'forty-five', 'ninety'].map(countWord)).toEqual([1, 1, 7, 12, 45, 90]);
    expect(['hundred', 'forty-five-six', 'several', 'ten-twenty'].map(countWord)).toEqual([null, null, null, null]);
  });
});

describe('a value compared as what it means', () => {
  const read = valuesInText('Book it for Dec 3 at 2pm for an hour; budget $200,000, paid in yen.', TODAY);
  const is = (value: string | number) => valueIsRead(value, read, TODAY);

  it('grounds dates, times, date-times, amounts and currency codes the text gives', () => {
    expect(['2026-12-03', '14:00', '2026-12-03T14:00:00Z', '2026-12-03T15:00:00+01:00', 200000, 'JPY'].map(is)).toEqual(
      [true, true, true, true, true, true],
    );
  });

  it('does not ground what the text does not give', () => {
    expect(['2026-12-10', '15:30', '2026-12-03T16:00:00Z', 20000, '2000', 'EUR'].map(is)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('grounds a month-day said without a year in this year or the next only', () => {
    expect(is('2027-12-03')).toBe(true);
    expect(is('2030-12-03')).toBe(false);
  });

  it('grounds midnight at the end of a day said as the next day at 00:00', () => {
    const night = valuesInText('December 3rd from 09:30 to midnight', TODAY);
    expect(valueIsRead('2026-12-04T00:00:00Z', night, TODAY)).toBe(true);
    expect(valueIsRead('2026-12-05T00:00:00Z', night, TODAY)).toBe(false);
  });

  it('says null for values of none of these kinds', () => {
    expect(is('Budget review')).toBeNull();
  });
});

describe('date-times in a zone the text names', () => {
  it('grounds 2pm New York time written in UTC, and not 2pm UTC written for it', () => {
    const read = valuesInText('The user is in America/New_York. Call on Dec 3 at 2pm.', TODAY);
    expect(valueIsRead('2026-12-03T19:00:00Z', read, TODAY)).toBe(true);
    expect(valueIsRead('2026-12-03T14:00:00-05:00', read, TODAY)).toBe(true);
    expect(valueIsRead('2026-12-03T20:00:00Z', read, TODAY)).toBe(false);
  });

  it('reads offsets and abbreviations', () => {
    const read = valuesInText('Dec 3, 9am PST', TODAY);
    expect(valueIsRead('2026-12-03T17:00:00Z', read, TODAY)).toBe(true);
    expect(valueIsRead('2026-12-03T18:00:00Z', read, TODAY)).toBe(false);
  });
});
