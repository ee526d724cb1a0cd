import { exampleGraph } from '../../helpers/graphs';
import { describe, expect, it } from 'vitest';
import { dependencyEdges } from '../../../shared/graph/topology';
import {
  fillArguments,
  sampleChain,
  seededRandom,
  templateIntent,
  unavailableReason,
  type SampleKind,
} from '../../../shared/synth/sample';

const graph = exampleGraph();
const edges = dependencyEdges(graph);
const hasEdge = (a: string, b: string) => edges.some((e) => e.fromTool === a && e.toTool === b);
/** Tools joined by dependency edges in either direction. */
function connected(a: string, b: string): boolean {
  const seen = new Set([a]);
  const queue = [a];
  while (queue.length) {
    const n = queue.shift()!;
    for (const e of edges)
      for (const [x, y] of [
        [e.fromTool, e.toTool],
        [e.toTool, e.fromTool],
      ] as const)
        if (x === n && !seen.has(y)) {
          seen.add(y);
          queue.push(y);
        }
  }
  return seen.has(b);
}

describe('chain sampling', () => {
  const random = seededRandom(42);

  it('samples serial chains that walk dependency edges', () => {
    for (let i = 0; i < 50; i++) {
      const s = sampleChain(graph, 'serial', random, { maxLength: 4 })!;
      expect(s.tools.length).toBeGreaterThanOrEqual(2);
      expect(s.tools.length).toBeLessThanOrEqual(4);
      s.tools.slice(1).forEach((t, j) => expect(hasEdge(s.tools[j]!, t)).toBe(true));
      expect(s.steps.map((step) => step.tool)).toContain(s.tools.at(-1));
    }
  });

  it('samples parallel branches that join: two different producers of one tool', () => {
    for (let i = 0; i < 30; i++) {
      const [a, b, join] = sampleChain(graph, 'parallel', random)!.tools as [string, string, string];
      expect(a).not.toBe(b);
      expect(hasEdge(a, join) && hasEdge(b, join)).toBe(true);
    }
  });

  it('samples isolated sub-tasks with no dependency path between them', () => {
    for (let i = 0; i < 30; i++) {
      const [a, b] = sampleChain(graph, 'isolated', random)!.tools as [string, string];
      expect(connected(a, b)).toBe(false);
    }
  });

  it('favours tools the data covers least', () => {
    const count = (usage?: Map<string, number>) => {
      const r = seededRandom(7);
      let hits = 0;
      for (let i = 0; i < 200; i++) if (sampleChain(graph, 'serial', r, { usage })!.tools[0] === 'geocode_city') hits++;
      return hits;
    };
    expect(count(new Map([['geocode_city', 1000]]))).toBeLessThan(count() / 4);
  });

  it('fills required arguments and writes an intent from the tools', () => {
    const s = sampleChain(graph, 'serial', seededRandom(3))!;
    const steps = fillArguments(graph, s.steps, seededRandom(3));
    for (const step of steps) {
      const tool = graph.tools.find((t) => t.name === step.tool)!;
      for (const name of (tool.parameters.required as string[]) ?? []) expect(step.args[name]).toBeDefined();
    }
    expect(templateIntent(graph, s, steps)).toMatch(/^[A-Z].+, then .+\.$/);
  });
});

describe('kinds a graph can provide', () => {
  it('are all three on the example graph; a bare chain has no parallel join and no unrelated tools', () => {
    expect(['serial', 'parallel', 'isolated'].map((k) => unavailableReason(graph, k as SampleKind))).toEqual([
      null,
      null,
      null,
    ]);
    const chain = { tools: graph.tools.slice(0, 2), edges: [] };
    expect(unavailableReason(chain, 'serial')).toMatch(/no dependency edge/);
    expect(unavailableReason(chain, 'isolated')).toBeNull();
    expect(unavailableReason({ tools: graph.tools.slice(0, 1), edges: [] }, 'isolated')).toMatch(/every tool/);
    expect(unavailableReason(chain, 'parallel')).toMatch(/no tool takes results from two different tools/);
    // What the sampler says it cannot provide, it indeed cannot draw, and the other way round.
    for (const kind of ['serial', 'parallel', 'isolated'] as const)
      expect(sampleChain(chain, kind, seededRandom(1)) === null).toBe(unavailableReason(chain, kind) !== null);
  });
});
