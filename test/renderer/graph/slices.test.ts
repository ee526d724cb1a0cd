import { describe, expect, it } from 'vitest';
import { sliceSizer } from '../../../renderer/src/workspaces/graph/canvas/slices';
import { elkGraph } from '../../../renderer/src/workspaces/graph/canvas/layout-request';

/** Runs a sizer against a cost model until `items` are done; returns the slice sizes. */
function run(items: number, cost: (count: number) => number, options: Parameters<typeof sliceSizer>[0]): number[] {
  const sizer = sliceSizer(options);
  const sizes: number[] = [];
  for (let left = items; left > 0;) {
    const count = Math.min(left, sizer.size());
    sizes.push(count);
    sizer.spent(count, cost(count));
    left -= count;
  }
  return sizes;
}

/** The sizes once past the probe (the last slice is what was left). */
const steady = (sizes: number[]) => sizes.slice(8, -1);
const mean = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0) / sizes.length;

describe('slices sized by what they cost', () => {
  it('grows from its probe to what fits in the budget, at most doubling', () => {
    const sizes = run(2000, (n) => n * 0.02, { first: 50, budgetMs: 10 });
    // 0.02 ms an item: 500 fit in 10 ms.
    expect(sizes.slice(0, 5)).toEqual([50, 100, 200, 400, 500]);
  });

  it('shrinks when items are dear, at most halving a slice', () => {
    const sizes = run(300, (n) => n * 5, { first: 40, budgetMs: 10 });
    expect(sizes.slice(0, 5)).toEqual([40, 20, 10, 5, 3]);
    // 5 ms an item: two fit in 10 ms.
    expect(mean(steady(sizes))).toBeCloseTo(2, 0);
    expect(Math.max(...steady(sizes))).toBeLessThanOrEqual(3);
  });

  it('leaves the fixed cost of a slice out of what an item costs, varying its sizes to tell them apart', () => {
    // 5 ms whatever moves, 0.01 ms an item: the items have the other 5 ms, 500 of them; counted
    // as all per item, it would be 1,000.
    const sizes = run(20_000, (n) => 5 + n * 0.01, { first: 20, budgetMs: 10 });
    expect(Math.abs(mean(steady(sizes)) - 500) / 500).toBeLessThan(0.1);
    expect(new Set(steady(sizes)).size).toBeGreaterThan(1);
  });

  it('gives the items a third of the budget where the fixed cost alone is over it', () => {
    const sizes = run(3000, (n) => 30 + n * 0.1, { first: 10, budgetMs: 9 });
    // 3 ms for the items: about 30 a slice, not one.
    expect(Math.abs(mean(steady(sizes)) - 30) / 30).toBeLessThan(0.1);
  });

  it('never goes under its minimum', () => {
    const sizes = run(300, (n) => 100 * n, { first: 10, min: 4, budgetMs: 10 });
    expect(sizes.slice(0, 3)).toEqual([10, 5, 4]);
    expect(Math.min(...sizes.slice(0, -1))).toBe(4);
  });
});

describe('the layout request', () => {
  it('makes the same ELK graph as one built from the tools and edges', () => {
    const request = {
      id: 1,
      layoutOptions: { 'elk.algorithm': 'layered' },
      names: ['a', 'b', 'c'],
      sizes: Float64Array.from([240, 160, 200, 120, 100, 80]),
      edges: Int32Array.from([0, 0, 1, 3, 1, 2]),
    };
    expect(elkGraph(request)).toEqual({
      id: 'root',
      layoutOptions: { 'elk.algorithm': 'layered' },
      children: [
        { id: 'a', width: 240, height: 160 },
        { id: 'b', width: 200, height: 120 },
        { id: 'c', width: 100, height: 80 },
      ],
      edges: [
        { id: 'e0', sources: ['a'], targets: ['b'] },
        { id: 'e3', sources: ['b'], targets: ['c'] },
      ],
    });
  });
});
