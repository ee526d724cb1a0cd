import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/random';
import { maxWeightMatching } from '../../../shared/compare/blossom';
import { WeightedGraph } from '../../../shared/compare/weighted-graph';

const RECORDED = path.join(__dirname, '..', '..', 'fixtures', 'worfbench', 'networkx-matchings.json');

function graphOf(edges: [number | string, number | string, number][]) {
  const graph = new WeightedGraph<number | string>();
  for (const [u, v, w] of edges) graph.addEdge(u, v, w);
  return graph;
}

/** The matching's edges, each once, smaller key first, sorted. */
function pairsOf<K extends number | string>(mate: Map<K, K>): [K, K][] {
  return [...mate].filter(([a, b]) => String(a) < String(b)).sort(([a], [b]) => String(a).localeCompare(String(b)));
}

/** Best (cardinality, weight) over every matching, by exhaustive search: the definition itself. */
function bruteForceBest(n: number, edges: [number, number, number][], maxCardinality: boolean) {
  let best = { size: 0, weight: 0 };
  const better = (size: number, weight: number) =>
    maxCardinality ? size > best.size || (size === best.size && weight > best.weight) : weight > best.weight;
  const walk = (from: number, used: Set<number>, size: number, weight: number) => {
    if (better(size, weight)) best = { size, weight };
    for (let e = from; e < edges.length; e++) {
      const [u, v, w] = edges[e]!;
      if (used.has(u) || used.has(v)) continue;
      walk(e + 1, new Set([...used, u, v]), size + 1, weight + w);
    }
  };
  walk(0, new Set(), 0, 0);
  return best;
}

describe('maximum-weight matching (networkx’s blossom algorithm)', () => {
  it('finds the maximum of networkx’s documented example', () => {
    const mate = maxWeightMatching(
      graphOf([
        [1, 2, 6],
        [1, 3, 2],
        [2, 3, 1],
        [2, 4, 7],
        [3, 5, 9],
        [4, 5, 3],
      ]),
    );
    expect(pairsOf(mate)).toEqual([
      [2, 4],
      [3, 5],
    ]);
  });

  it('breaks a tie as networkx does: two equal predicted texts against two equal gold texts cross', () => {
    // Edges added as the reference adds them: (p0,g0) (p0,g1) (p1,g0) (p1,g1), all 1.0, so the
    // vertices are p0, g0, g1, p1 in that order and every slack starts at 0. Stage 1 labels all
    // four S and pops the last queued, p1: its first neighbour g0 is an S-vertex with a tight
    // edge, so p1–g0 is an augmenting path. Stage 2 pops g1 (queued after p0): p0 is free, g1–p0.
    const mate = maxWeightMatching(
      graphOf([
        ['p0', 'g0', 1],
        ['p0', 'g1', 1],
        ['p1', 'g0', 1],
        ['p1', 'g1', 1],
      ]),
    );
    expect(mate.get('p0')).toBe('g1');
    expect(mate.get('p1')).toBe('g0');
  });

  it('prefers weight to size unless asked for the largest matching (maxcardinality)', () => {
    const path = graphOf([
      ['a', 'b', 1],
      ['b', 'c', 3],
      ['c', 'd', 1],
    ]);
    expect(pairsOf(maxWeightMatching(path))).toEqual([['b', 'c']]);
    expect(pairsOf(maxWeightMatching(path, { maxCardinality: true }))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(maxWeightMatching(new WeightedGraph<string>()).size).toBe(0);
  });

  it('is optimal on random graphs with odd cycles (blossoms), ties and both modes', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 300; round++) {
      const n = 2 + Math.floor(random() * 7);
      const edges: [number, number, number][] = [];
      for (let u = 0; u < n; u++)
        for (let v = u + 1; v < n; v++) if (random() < 0.5) edges.push([u, v, 1 + Math.floor(random() * 4)]);
      const maxCardinality = random() < 0.5;
      const mate = maxWeightMatching(graphOf(edges), { maxCardinality });
      const chosen = pairsOf(mate as Map<number, number>);
      for (const [u, v] of chosen) expect(mate.get(v)).toBe(u);
      const weight = chosen.reduce((sum, [u, v]) => sum + edges.find(([a, b]) => a === u && b === v)![2], 0);
      const best = bruteForceBest(n, edges, maxCardinality);
      if (maxCardinality) expect(chosen.length).toBe(best.size);
      expect(weight).toBe(best.weight);
    }
  });

  it('gives the very matching networkx gives on recorded graphs (ties included)', () => {
    const recorded = JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as {
      cases: { edges: [number, number, number][]; maxCardinality: boolean; pairs: [number, number][] }[];
    };
    expect(recorded.cases.length).toBeGreaterThan(100);
    for (const { edges, maxCardinality, pairs } of recorded.cases) {
      const mate = maxWeightMatching(graphOf(edges), { maxCardinality }) as Map<number, number>;
      const got = [...mate].filter(([a, b]) => a < b).sort(([a], [b]) => a - b);
      expect(got).toEqual(pairs);
    }
  });
});
