import { describe, expect, it } from 'vitest';
import { dependencyCycles, longestDependencyChain, sharedComponents, summarizeGraph } from '../../../shared/graph';
import { dep, graph, share, tool } from '../../helpers/graphs';

describe('graph topology', () => {
  it('measures the longest dependency chain in tools', () => {
    const g = graph(
      [tool('a'), tool('b'), tool('c'), tool('d')],
      [dep('a', 'x', 'b', 'x'), dep('b', 'x', 'c', 'x'), dep('a', 'x', 'c', 'x')],
    );
    expect(longestDependencyChain(g)).toBe(3);
    expect(longestDependencyChain(graph([]))).toBe(0);
    expect(longestDependencyChain(graph([tool('a')], [dep('a', 'x', 'a', 'y')]))).toBeNull();
  });

  it('finds self-loops and cycles, and handles a 5,000-tool chain without recursion', () => {
    expect(dependencyCycles(graph([tool('a')], [dep('a', 'x', 'a', 'y')]))).toEqual([['a']]);
    const tools = Array.from({ length: 5000 }, (_, i) => tool(`t${i}`));
    const edges = tools.slice(1).map((t, i) => dep(`t${i}`, 'x', t.name, 'x'));
    expect(dependencyCycles(graph(tools, edges))).toEqual([]);
    expect(dependencyCycles(graph(tools, [...edges, dep('t4999', 'x', 't0', 'x')]))[0]).toHaveLength(5000);
  });

  it('groups tools connected by shared parameters', () => {
    const g = graph(
      [tool('a'), tool('b'), tool('c'), tool('d'), tool('e')],
      [share('a', 'x', 'b', 'x'), share('b', 'y', 'c', 'y'), share('d', 'z', 'e', 'z')],
    );
    expect(sharedComponents(g)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(summarizeGraph(g)).toEqual({
      tools: 5,
      dependencyEdges: 0,
      sharedEdges: 3,
      longestChain: 1,
      sharedComponents: 2,
    });
  });
});
