import { describe, expect, it } from 'vitest';
import { assignSplits, type SplitRatio } from '../../../shared/curation/splits';

const counts = (m: Map<string, string>) =>
  [...m.values()].reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
const items = (n: number, strata: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `t${i}`, s: `s${i % strata}` }));
const ratio: SplitRatio = { train: 0.8, validation: 0.1, test: 0.1 };

describe('splits give every share asked for at least one item', () => {
  it.each([1, 3, 4, 9])('0.8/0.1/0.1 of 9 items in %i strata has a test item', (strata) => {
    const split = assignSplits(items(9, strata), ratio, 1, (i) => i.s);
    expect(counts(split)).toEqual({ train: 7, validation: 1, test: 1 });
  });

  it('stay the same for the same seed, whatever the order of the items', () => {
    const a = assignSplits(items(9, 9), ratio, 5, (i) => i.s);
    const b = assignSplits([...items(9, 9)].reverse(), ratio, 5, (i) => i.s);
    expect([...a].sort()).toEqual([...b].sort());
  });

  it('give the larger shares their item first when there are fewer items than shares', () => {
    expect(counts(assignSplits(items(2, 2), { train: 0.5, validation: 0.2, test: 0.3 }, 1, (i) => i.s))).toEqual({
      train: 1,
      test: 1,
    });
  });

  it('leave a share of 0 empty', () => {
    expect(counts(assignSplits(items(9, 9), { train: 0.9, validation: 0, test: 0.1 }, 1, (i) => i.s))).toEqual({
      train: 8,
      test: 1,
    });
  });
});
