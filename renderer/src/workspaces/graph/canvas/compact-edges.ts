import { getBezierPath, Position, type Node } from '@xyflow/react';
import type { GraphProblem } from '../../../../../shared/checks/graph';
import type { GraphContent } from '../../../../../shared/graph';

/** How an edge is stroked zoomed far out: by kind, or by the worst problem on it. */
export type CompactStroke = 'dependency' | 'shared' | 'warning' | 'error';
export const COMPACT_STROKES: readonly CompactStroke[] = ['dependency', 'shared', 'warning', 'error'];

/** One edge as drawn zoomed far out: from the right of one tool to the left of another. */
export interface CompactEdge {
  source: string;
  target: string;
  stroke: CompactStroke;
}

/** The graph's edges as the compact drawing needs them (problems colour an edge over its kind). */
export function compactEdges(content: Pick<GraphContent, 'edges'>, problems: readonly GraphProblem[]): CompactEdge[] {
  const severity = new Map<number, 'error' | 'warning'>();
  for (const p of problems) {
    const edge = p.where.edge;
    if (edge === undefined || severity.get(edge) === 'error') continue;
    severity.set(edge, p.severity === 'error' ? 'error' : 'warning');
  }
  return content.edges.map((edge, index) => {
    const [source, target] = edge.kind === 'dependency' ? [edge.fromTool, edge.toTool] : [edge.toolA, edge.toolB];
    return { source, target, stroke: severity.get(index) ?? edge.kind };
  });
}

const size = (n: Node) => ({ width: n.measured?.width ?? n.width ?? 0, height: n.measured?.height ?? n.height ?? 0 });

/**
 * The compact drawing of all edges as one SVG path per stroke: the same curves React Flow draws
 * between a tool's right and another's left side. An edge to a tool not on the canvas is left out.
 */
export function compactEdgePaths(edges: readonly CompactEdge[], nodes: readonly Node[]): Record<CompactStroke, string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parts: Record<CompactStroke, string[]> = { dependency: [], shared: [], warning: [], error: [] };
  for (const edge of edges) {
    const from = byId.get(edge.source);
    const to = byId.get(edge.target);
    if (!from || !to) continue;
    const a = size(from);
    const b = size(to);
    const [path] = getBezierPath({
      sourceX: from.position.x + a.width,
      sourceY: from.position.y + a.height / 2,
      sourcePosition: Position.Right,
      targetX: to.position.x,
      targetY: to.position.y + b.height / 2,
      targetPosition: Position.Left,
    });
    parts[edge.stroke].push(path);
  }
  return {
    dependency: parts.dependency.join(' '),
    shared: parts.shared.join(' '),
    warning: parts.warning.join(' '),
    error: parts.error.join(' '),
  };
}
