import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactEdgePaths, compactEdges } from '../../../renderer/src/workspaces/graph/canvas/compact-edges';
import type { GraphContent } from '../../../shared/graph';
import type { GraphProblem } from '../../../shared/checks/graph';

const example = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../../resources/examples/trip-planning.graph.json'), 'utf8'),
) as GraphContent;

const node = (id: string, x: number, y: number) => ({
  id,
  position: { x, y },
  measured: { width: 100, height: 40 },
  data: {},
});

describe('the edges of a graph zoomed far out', () => {
  it('keeps every edge, stroked by its kind', () => {
    const edges = compactEdges(example, []);
    expect(edges).toHaveLength(example.edges.length);
    const kinds = new Set(example.edges.map((e) => e.kind));
    expect(new Set(edges.map((e) => e.stroke))).toEqual(kinds);
    const shared = example.edges.findIndex((e) => e.kind === 'shared');
    const e = example.edges[shared]!;
    expect(edges[shared]).toEqual({
      source: e.kind === 'shared' ? e.toolA : '',
      target: e.kind === 'shared' ? e.toolB : '',
      stroke: 'shared',
    });
  });

  it('strokes an edge with a problem by the worst one on it', () => {
    const problem = (edge: number, severity: GraphProblem['severity']): GraphProblem => ({
      code: 'edge-incompatible',
      severity,
      message: 'x',
      where: { at: 'graph', tools: [], edge },
    });
    const strokes = compactEdges(example, [problem(0, 'warning'), problem(0, 'error'), problem(1, 'warning')]).map(
      (e) => e.stroke,
    );
    expect(strokes.slice(0, 2)).toEqual(['error', 'warning']);
  });

  it('draws one curve per edge from the right of its source to the left of its target, in one path per stroke', () => {
    const paths = compactEdgePaths(
      [
        { source: 'a', target: 'b', stroke: 'dependency' },
        { source: 'a', target: 'c', stroke: 'dependency' },
        { source: 'b', target: 'c', stroke: 'shared' },
        { source: 'a', target: 'gone', stroke: 'error' },
      ],
      [node('a', 0, 0), node('b', 300, 100), node('c', 300, 300)],
    );
    const curves = paths.dependency.match(/M/g) ?? [];
    expect(curves).toHaveLength(2);
    // From a's right middle (100, 20) to b's left middle (300, 120).
    expect(paths.dependency.startsWith('M100,20 C')).toBe(true);
    expect(paths.dependency.split(' M')[0]!.endsWith('300,120')).toBe(true);
    expect(paths.shared.match(/M/g)).toHaveLength(1);
    // An edge to a tool not on the canvas is not drawn.
    expect(paths.error).toBe('');
  });
});
