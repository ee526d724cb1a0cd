import { describe, expect, it } from 'vitest';
import { clipAtWord, countOf, forkTitle, splitForkTitle, TITLE_MAX } from '../../shared/text';

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
});
