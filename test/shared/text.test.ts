import { describe, expect, it } from 'vitest';
import { clipAtWord, countOf, formatCount, forkTitle, splitForkTitle, TITLE_MAX, shortWhen } from '../../shared/text';

const intent = 'Find the cheapest flight from Lisbon to Paris on 2026-06-01 and book it for Ana Silva';

describe('titles made from an intent', () => {
  it('keeps a title that fits, and cuts a longer one at a word boundary with "…"', () => {
    expect(clipAtWord('Book a hotel in Kyoto')).toBe('Book a hotel in Kyoto');
    const cut = clipAtWord(intent);
    expect(cut.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(cut).toBe('Find the cheapest flight from Lisbon to Paris on 2026-06-01 and book it for Ana…');
  });

  it('keeps the whole "(fork at N)" of a fork and cuts the intent instead', () => {
    const source = clipAtWord(intent);
    const fork = forkTitle(source, 1);
    expect(fork.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(fork).toBe('Find the cheapest flight from Lisbon to Paris on 2026-06-01 and… (fork at 1)');
    expect(splitForkTitle(fork)).toEqual({
      text: 'Find the cheapest flight from Lisbon to Paris on 2026-06-01 and…',
      forkAt: 1,
    });
    expect(splitForkTitle(source)).toEqual({ text: source, forkAt: null });
  });

  it('cuts a single overlong word where it must', () => {
    expect(clipAtWord('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('counts with their noun', () => {
  it('says "1 turn" and "2 turns"', () => {
    expect(countOf(1, 'turn')).toBe('1 turn');
    expect(countOf(2, 'turn')).toBe('2 turns');
  });

  it('groups thousands the one way every count is shown ("3,018")', () => {
    expect(countOf(3018, 'trajectory', 'trajectories')).toBe('3,018 trajectories');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
  });
});

describe('shortWhen', () => {
  const now = new Date(2026, 11, 1, 15, 30);
  it('gives the time for today, the day for another day this year, and the year for another year', () => {
    expect(shortWhen(new Date(2026, 11, 1, 9, 5).toISOString(), now)).toMatch(/^0?9[:.]05/);
    const day = shortWhen(new Date(2026, 2, 14, 9, 5).toISOString(), now);
    expect(day).toMatch(/14/);
    expect(day).not.toMatch(/2026|9[:.]05/);
    expect(shortWhen(new Date(2025, 2, 14).toISOString(), now)).toMatch(/2025/);
  });
});
