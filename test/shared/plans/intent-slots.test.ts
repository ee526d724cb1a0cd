import { describe, expect, it } from 'vitest';
import { emailsIn, labelledTextIn, namesIn, numbersIn, quotedIn, timesIn } from '../../../shared/plans';

const values = <T>(found: { value: T }[]) => found.map((f) => f.value);

describe('intent slot readers', () => {
  it('reads addresses, quoted text and clock times in order', () => {
    expect(values(emailsIn('Send it to ana@example.com and cc leo.costa+x@mail.example.org.'))).toEqual([
      'ana@example.com',
      'leo.costa+x@mail.example.org',
    ]);
    expect(quotedIn('Create "Sprint planning" and ‘Retro’ but not Mia\'s')).toEqual([
      { at: 8, text: 'Sprint planning', value: 'Sprint planning' },
      { at: 30, text: 'Retro', value: 'Retro' },
    ]);
    expect(values(timesIn('Move it to 2pm, then 3:30 p.m., 14:05, at 9 and noon; not 12.05 or 1:1'))).toEqual([
      '14:00',
      '15:30',
      '14:05',
      '09:00',
      '12:00',
    ]);
    expect(timesIn('at 9 tomorrow')[0]).toEqual({ at: 3, text: '9', value: '09:00' });
  });

  it('reads plain numbers, not those of dates, times or addresses', () => {
    expect(
      values(numbersIn('Buy 2 cables for order 4512 on 2026-12-03 at 2pm, mail bob2@example.com, 3rd time')),
    ).toEqual([2, 4512]);
  });

  it('reads labelled text up to the next clause, and names said as owners or companions', () => {
    const intent = 'Send an email with the subject Lunch and the body See you at noon.';
    expect(labelledTextIn(intent, 'subject')?.value).toBe('Lunch');
    expect(labelledTextIn(intent, 'body')?.value).toBe('See you at noon');
    expect(labelledTextIn('Subject: Budget draft, body: numbers', 'subject')?.value).toBe('Budget draft');
    expect(labelledTextIn(intent, 'title')).toBeNull();
    expect(values(namesIn("Show Mia's latest order and meet with Ana Silva"))).toEqual(['Mia', 'Ana Silva']);
  });
});
