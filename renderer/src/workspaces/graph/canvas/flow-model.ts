import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type { GraphEdge, Tool } from '../../../../../shared/domain';
import { isElementPath, suggestionKey, type GraphContent, type GraphProblem } from '../../../../../shared/graph';
import { paramHandle, paramSourceHandle, resultHandle } from './connect';

export type ToolNodeData = { tool: Tool; errors: number; warnings: number };
export type ToolFlowNode = Node<ToolNodeData, 'tool'>;
export type ToolFlowEdge = Edge<{ index: number; title?: string }>;

/** Problem counts per tool, for the badges on nodes. */
export function problemCounts(problems: GraphProblem[]): Map<string, { errors: number; warnings: number }> {
  const counts = new Map<string, { errors: number; warnings: number }>();
  for (const problem of problems) {
    for (const tool of new Set(problem.tools)) {
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
 * Keeps the node objects React Flow already has where nothing changed, and their measured
 * size where something did: a thousand-tool canvas then re-renders and re-measures only the
 * tools an edit touched.
 */
export function mergeNodes(previous: readonly ToolFlowNode[], next: ToolFlowNode[]): ToolFlowNode[] {
  const byId = new Map(previous.map((n) => [n.id, n]));
  return next.map((node) => {
    const old = byId.get(node.id);
    if (!old) return node;
    const same =
      old.data.tool === node.data.tool &&
      old.data.errors === node.data.errors &&
      old.data.warnings === node.data.warnings &&
      Boolean(old.selected) === Boolean(node.selected) &&
      old.position.x === node.position.x &&
      old.position.y === node.position.y;
    if (same) return old;
    return old.measured ? { ...node, measured: old.measured } : node;
  });
}

const edgeCache = new WeakMap<GraphEdge, { key: string; edge: ToolFlowEdge }>();

/**
 * Graph edges → React Flow edges. Ids come from the edge's content, so deleting one edge does
 * not renumber the rest; `data.index` maps back to the graph. Compact edges (far zoom) attach to
 * the node rather than to a field. Unchanged edges keep their objects.
 */
export function toFlowEdges(content: GraphContent, problems: GraphProblem[], compact = false): ToolFlowEdge[] {
  const flagged = new Map(problems.filter((p) => p.edgeIndex !== undefined).map((p) => [p.edgeIndex!, p]));
  const seen = new Map<string, number>();
  return content.edges.map((edge, index) => {
    const base = suggestionKey(edge);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const id = n ? `${base}#${n}` : base;
    const problem = flagged.get(index);
    const cacheKey = `${id}|${index}|${problem?.severity ?? ''}|${problem?.message ?? ''}|${compact}`;
    const cached = edgeCache.get(edge);
    if (cached?.key === cacheKey) return cached.edge;
    const flow = buildEdge(edge, id, index, problem, compact);
    edgeCache.set(edge, { key: cacheKey, edge: flow });
    return flow;
  });
}

function buildEdge(
  edge: GraphEdge,
  id: string,
  index: number,
  problem: GraphProblem | undefined,
  compact: boolean,
): ToolFlowEdge {
  // Element edges ("one element of the list fills this") are drawn dotted, apart from whole-value ones.
  const element = edge.kind === 'dependency' && isElementPath(edge.fromPath) ? ' edge-element' : '';
  const className = `edge-${edge.kind}${element}${problem ? ` edge-${problem.severity}` : ''}`;
  const common = { id, className, label: problem ? '⚠' : undefined, data: { index, title: problem?.message } };
  if (edge.kind === 'dependency') {
    return {
      ...common,
      source: edge.fromTool,
      target: edge.toTool,
      ...(compact ? {} : { sourceHandle: resultHandle(edge.fromPath), targetHandle: paramHandle(edge.toParam) }),
      markerEnd: { type: MarkerType.ArrowClosed },
    };
  }
  return {
    ...common,
    source: edge.toolA,
    target: edge.toolB,
    ...(compact ? {} : { sourceHandle: paramSourceHandle(edge.paramA), targetHandle: paramHandle(edge.paramB) }),
    style: { strokeDasharray: '6 4' },
  };
}

const ESTIMATED_NODE = { width: 240, height: 180 };

/**
 * A viewport that shows all tools, from their positions and an estimated node size: the first
 * frame then already has the zoom it will keep, and a large graph starts compact instead of
 * rendering every field once before `fitView` runs.
 */
export function initialViewport(
  tools: readonly Tool[],
  width: number,
  height: number,
): { x: number; y: number; zoom: number } {
  if (!tools.length) return { x: 0, y: 0, zoom: 1 };
  const xs = tools.map((t) => t.position.x);
  const ys = tools.map((t) => t.position.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX + ESTIMATED_NODE.width;
  const spanY = Math.max(...ys) - minY + ESTIMATED_NODE.height;
  const zoom = Math.min(1, Math.max(0.05, 0.9 * Math.min(width / spanX, height / spanY)));
  return { x: (width - spanX * zoom) / 2 - minX * zoom, y: (height - spanY * zoom) / 2 - minY * zoom, zoom };
}
