import { describe, expect, it } from 'vitest';
import { scoreBins } from '../../../renderer/src/components/score-bins';

describe('the score histogram', () => {
  it('counts every score in its tenth, 1 in the last one', () => {
    const bins = scoreBins([1, 1, 1, 0, 0.05, 0.5, 0.99]);
    expect(bins.map((b) => b.count)).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 4]);
    expect(bins[9]).toMatchObject({ x1: 0.9, x2: 1 });
  });

  it('has a bar as tall as the number of trajectories when all score the same', () => {
    expect(scoreBins(Array<number>(403).fill(1)).at(-1)!.count).toBe(403);
  });
});
