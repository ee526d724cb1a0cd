import { MarkerType, type Edge, type Node, type NodeChange } from '@xyflow/react';
import type { GraphEdge, Tool } from '../../../../../shared/domain';
import { isElementPath, sameApartFromPosition, suggestionKey, type GraphContent } from '../../../../../shared/graph';
import type { GraphProblem } from '../../../../../shared/checks/graph';
import { paramHandle, paramSourceHandle, resultHandle } from './connect';
import { estimateNode } from './node-estimate';

export type ToolNodeData = { tool: Tool; errors: number; warnings: number };
export type ToolFlowNode = Node<ToolNodeData, 'tool'>;
export type ToolFlowEdge = Edge<{ index: number; title?: string }>;

/** Problem counts per tool, for the badges on nodes. */
export function problemCounts(problems: GraphProblem[]): Map<string, { errors: number; warnings: number }> {
  const counts = new Map<string, { errors: number; warnings: number }>();
  for (const problem of problems) {
    for (const tool of new Set(problem.where.tools)) {
      const c = counts.get(tool) ?? { errors: 0, warnings: 0 };
      if (problem.severity === 'error') c.errors++;
      else c.warnings++;
      counts.set(tool, c);
    }
  }
  return counts;
}

export function toFlowNodes(
  content: GraphContent,
  selection: ReadonlySet<string>,
  problems: GraphProblem[],
): ToolFlowNode[] {
  const counts = problemCounts(problems);
  return content.tools.map((tool) => ({
    id: tool.name,
    type: 'tool',
    position: tool.position,
    selected: selection.has(tool.name),
    data: { tool, errors: counts.get(tool.name)?.errors ?? 0, warnings: counts.get(tool.name)?.warnings ?? 0 },
  }));
}

/**
 * Keeps the node objects React Flow already has where nothing changed, their data where only
 * the position did, and their measured size where something else did: a thousand-tool canvas
 * then re-renders and re-measures only the tools an edit touched. A tool new to the canvas
 * starts with an estimated size and handles (see node-estimate.ts).
 */
export function mergeNodes(previous: readonly ToolFlowNode[], next: ToolFlowNode[], compact: boolean): ToolFlowNode[] {
  const byId = new Map(previous.map((n) => [n.id, n]));
  return next.map((node) => {
    const old = byId.get(node.id);
    if (!old) return { ...node, ...estimateNode(node.data.tool, compact) };
    // A tool draws the same on the canvas when all but its position is the same.
    const sameTool = sameApartFromPosition(old.data.tool, node.data.tool);
    const sameData = sameTool && old.data.errors === node.data.errors && old.data.warnings === node.data.warnings;
    if (
      sameData &&
      Boolean(old.selected) === Boolean(node.selected) &&
      old.position.x === node.position.x &&
      old.position.y === node.position.y
    )
      return old;
    const data = sameData ? old.data : node.data;
    if (!old.handles) return old.measured ? { ...node, data, measured: old.measured } : { ...node, data };
    // Still an estimate: a changed tool is estimated again.
    return sameTool
      ? { ...node, data, measured: old.measured, handles: old.handles }
      : { ...node, data, ...estimateNode(node.data.tool, compact) };
  });
}

/** Drops the estimated handles of the tools React Flow has just measured: its own now count. */
export function forgetEstimates(nodes: ToolFlowNode[], changes: readonly NodeChange<ToolFlowNode>[]): ToolFlowNode[] {
  const measured = new Set(changes.flatMap((c) => (c.type === 'dimensions' ? [c.id] : [])));
  if (!measured.size) return nodes;
  return nodes.map((n) => {
    if (!n.handles || !measured.has(n.id)) return n;
    const { handles: _estimate, ...rest } = n;
    return rest;
  });
}

/**
 * Estimates again the tools that are not on screen when the canvas switches between full and
 * compact drawing: their handles were measured in the other drawing and would not match.
 */
export function estimateOffscreen(
  nodes: ToolFlowNode[],
  onScreen: ReadonlySet<string>,
  compact: boolean,
): ToolFlowNode[] {
  return nodes.map((n) => (onScreen.has(n.id) ? n : { ...n, ...estimateNode(n.data.tool, compact) }));
}

const edgeCache = new WeakMap<GraphEdge, { key: string; edge: ToolFlowEdge }>();

/**
 * Graph edges → React Flow edges, field to field. Ids come from the edge's content, so deleting
 * one edge does not renumber the rest; `data.index` maps back to the graph. Unchanged edges keep
 * their objects. (Zoomed far out the canvas draws its edges itself: CompactEdges.tsx.)
 */
export function toFlowEdges(content: Pick<GraphContent, 'edges'>, problems: GraphProblem[]): ToolFlowEdge[] {
  const flagged = new Map(problems.filter((p) => p.where.edge !== undefined).map((p) => [p.where.edge!, p]));
  const seen = new Map<string, number>();
  return content.edges.map((edge, index) => {
    const base = suggestionKey(edge);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const id = n ? `${base}#${n}` : base;
    const problem = flagged.get(index);
    const cacheKey = `${id}|${index}|${problem?.severity ?? ''}|${problem?.message ?? ''}`;
    const cached = edgeCache.get(edge);
    if (cached?.key === cacheKey) return cached.edge;
    const flow = buildEdge(edge, id, index, problem);
    edgeCache.set(edge, { key: cacheKey, edge: flow });
    return flow;
  });
}

function buildEdge(edge: GraphEdge, id: string, index: number, problem: GraphProblem | undefined): ToolFlowEdge {
  // Element edges ("one element of the list fills this") are drawn dotted, apart from whole-value ones.
  const element = edge.kind === 'dependency' && isElementPath(edge.fromPath) ? ' edge-element' : '';
  const className = `edge-${edge.kind}${element}${problem ? ` edge-${problem.severity}` : ''}`;
  const common = { id, className, label: problem ? '⚠' : undefined, data: { index, title: problem?.message } };
  if (edge.kind === 'dependency') {
    return {
      ...common,
      source: edge.fromTool,
      target: edge.toTool,
      sourceHandle: resultHandle(edge.fromPath),
      targetHandle: paramHandle(edge.toParam),
      markerEnd: { type: MarkerType.ArrowClosed },
    };
  }
  // Both ends are parameters, on the left of their tools: drawn leaving and entering leftwards,
  // around the tools rather than under them (SharedParamEdge.tsx).
  return {
    ...common,
    type: 'shared-param',
    source: edge.toolA,
    target: edge.toolB,
    sourceHandle: paramSourceHandle(edge.paramA),
    targetHandle: paramHandle(edge.paramB),
    style: { strokeDasharray: '6 4' },
  };
}
