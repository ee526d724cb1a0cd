import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/random';
import { networkxTopologicalSorts, TopologicalSortError } from '../../../shared/metrics/topological-sorts';

const RECORDED = path.join(__dirname, '..', '..', 'fixtures', 'worfbench', 'networkx-topological-sorts.json');

/**
 * networkx's order stated recursively: the ready vertices form a list; the rightmost is tried
 * first, then the one before it, and so on; when the vertex at position i is placed, the
 * vertices after it come first in the next list, then those before it, then the vertices it
 * frees in edge order (what the deque's pops and left-appends amount to).
 */
function statedOrders(count: number, edges: [number, number][], limit: number): number[][] {
  const successors = Array.from({ length: count }, () => [] as number[]);
  for (const [a, b] of edges) if (!successors[a]!.includes(b)) successors[a]!.push(b);
  const waiting = new Array<number>(count).fill(0);
  for (const next of successors) for (const b of next) waiting[b]!++;
  const orders: number[][] = [];
  const walk = (ready: number[], placed: number[]) => {
    if (orders.length >= limit) return;
    if (placed.length === count) {
      orders.push(placed);
      return;
    }
    for (let i = ready.length - 1; i >= 0; i--) {
      const q = ready[i]!;
      const freed = successors[q]!.filter((b) => --waiting[b]! === 0);
      walk([...ready.slice(i + 1), ...ready.slice(0, i), ...freed], [...placed, q]);
      for (const b of successors[q]!) waiting[b]!++;
    }
  };
  walk(
    waiting.flatMap((n, v) => (n === 0 ? [v] : [])),
    [],
  );
  return orders;
}

describe('topological orders in networkx’s enumeration order', () => {
  it('gives networkx’s documented example: DiGraph([(1,2),(2,3),(2,4)]) → [1,2,4,3], [1,2,3,4]', () => {
    // The same graph on vertices 0..3.
    expect(
      networkxTopologicalSorts(
        4,
        [
          [0, 1],
          [1, 2],
          [1, 3],
        ],
        20,
      ),
    ).toEqual([
      [0, 1, 3, 2],
      [0, 1, 2, 3],
    ]);
  });

  it('keeps the first 20 of 24 orders of 4 parallel nodes, which leaves out START 1 2 3 4 END', () => {
    // START=0, 1..4 between, END=5. After START the ready deque is [1,2,3,4]: 4 is placed first
    // and leaves [1,2,3]; then 3, leaving [4,1,2] (the vertex tried before moved to the left);
    // then 2, leaving [3,4,1]; then 1, leaving [2,3,4], whose first two orders close the 20.
    // Within each, the same rule: rightmost first, vertices after it, then those before it.
    const edges: [number, number][] = [1, 2, 3, 4].flatMap((v): [number, number][] => [
      [0, v],
      [v, 5],
    ]);
    const orders = networkxTopologicalSorts(6, edges, 20).map((o) => o.slice(1, -1).join(''));
    expect(orders).toEqual([
      ...['4321', '4312', '4213', '4231', '4132', '4123'],
      ...['3214', '3241', '3142', '3124', '3421', '3412'],
      ...['2143', '2134', '2431', '2413', '2314', '2341'],
      ...['1432', '1423'],
    ]);
    expect(orders).not.toContain('1234');
  });

  it('stops with an error on a cycle (a self-loop too) and on an edge to a node that does not exist', () => {
    const cycle: [number, number][] = [
      [0, 1],
      [1, 2],
      [2, 1],
    ];
    expect(() => networkxTopologicalSorts(3, cycle, 20)).toThrow(TopologicalSortError);
    expect(() => networkxTopologicalSorts(2, [[1, 1]], 20)).toThrow(/cycle/);
    expect(() => networkxTopologicalSorts(2, [[0, 2]], 20)).toThrow(/does not have/);
  });

  it('counts a repeated edge once (a DiGraph keeps one edge per pair)', () => {
    expect(
      networkxTopologicalSorts(
        3,
        [
          [0, 2],
          [0, 2],
          [1, 2],
        ],
        20,
      ),
    ).toEqual([
      [1, 0, 2],
      [0, 1, 2],
    ]);
  });

  it('agrees with the recursive statement of the order on random graphs', () => {
    const random = seededRandom(11);
    for (let round = 0; round < 300; round++) {
      const count = Math.floor(random() * 9);
      const edges: [number, number][] = [];
      for (let e = Math.floor(random() * 2 * count); e > 0; e--) {
        const a = Math.floor(random() * count);
        const b = Math.floor(random() * count);
        if (a < b) edges.push([a, b]);
      }
      expect(networkxTopologicalSorts(count, edges, 20)).toEqual(statedOrders(count, edges, 20));
    }
  });

  it('gives the orders networkx gives on recorded graphs', () => {
    const recorded = JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as {
      cases: { count: number; edges: [number, number][]; sorts: number[][] | 'cycle' }[];
    };
    expect(recorded.cases.length).toBeGreaterThan(100);
    for (const { count, edges, sorts } of recorded.cases) {
      if (sorts === 'cycle') expect(() => networkxTopologicalSorts(count, edges, 20)).toThrow(/cycle/);
      else expect(networkxTopologicalSorts(count, edges, 20)).toEqual(sorts);
    }
  });
});
