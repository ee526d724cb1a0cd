import { describe, expect, it } from 'vitest';
import { PyError } from '../../../../shared/metrics/bfcl-multi-turn/api';
import { DATETIME_MAX, DATETIME_MIN, strptime } from '../../../../shared/metrics/bfcl-multi-turn/apis/py-datetime';

const DATE_TIME = '%Y-%m-%d %H:%M:%S';

/** The message strptime fails with, or null when it parses. */
function failure(text: unknown, format: string): string | null {
  try {
    strptime(text, format);
    return null;
  } catch (error) {
    if (error instanceof PyError) return `${error.pyType}: ${error.message}`;
    throw error;
  }
}

// What Python 3.11's datetime.strptime gives for each of these was printed by Python itself.
describe("strptime reads dates as Python's datetime.strptime does", () => {
  it('accepts short fields, runs of any whitespace, a space-padded day and any Unicode digit', () => {
    expect(strptime('2024-09-01  10:30:59', DATE_TIME)).toBe('2024-09-01 10:30:59.000000');
    expect(strptime('2024-09-01\t7:5:9', DATE_TIME)).toBe('2024-09-01 07:05:09.000000');
    expect(strptime('２０２４-9-1', '%Y-%m-%d')).toBe('2024-09-01 00:00:00.000000');
    expect(strptime('2024-09- 1', '%Y-%m-%d')).toBe('2024-09-01 00:00:00.000000');
    expect(strptime('2024-02-29', '%Y-%m-%d')).toBe('2024-02-29 00:00:00.000000');
  });

  it('fails with the ValueError and TypeError texts Python gives', () => {
    expect(failure('2024-09-01 10:30:60', DATE_TIME)).toBe('ValueError: second must be in 0..59');
    expect(failure('2023-02-29', '%Y-%m-%d')).toBe('ValueError: day is out of range for month');
    expect(failure('2024-09-01 24:00:00', DATE_TIME)).toBe(
      "ValueError: time data '2024-09-01 24:00:00' does not match format '%Y-%m-%d %H:%M:%S'",
    );
    expect(failure("it's", '%Y-%m-%d')).toBe(`ValueError: time data "it's" does not match format '%Y-%m-%d'`);
    expect(failure('2024-09-01x', '%Y-%m-%d')).toBe('ValueError: unconverted data remains: x');
    expect(failure('0000-01-01', '%Y-%m-%d')).toBe('ValueError: year 0 is out of range');
    expect(failure(5, '%Y-%m-%d')).toBe('TypeError: strptime() argument 1 must be str, not int');
    expect(failure(null, '%Y-%m-%d')).toBe('TypeError: strptime() argument 1 must be str, not None');
  });

  it('gives values that order as datetimes do, between datetime.min and datetime.max', () => {
    const dates = ['2024-9-1 9:0:0', '2024-09-01 10:00:00', '2023-12-31 23:59:59'].map((d) => strptime(d, DATE_TIME));
    expect([...dates].sort()).toEqual([dates[2], dates[0], dates[1]]);
    expect(dates.every((d) => DATETIME_MIN <= d && d <= DATETIME_MAX)).toBe(true);
  });
});
