import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type { Tool } from '../../../../../shared/domain';
import type { GraphContent, GraphProblem } from '../../../../../shared/graph';
import { paramHandle, paramSourceHandle, resultHandle } from './connect';

export type ToolNodeData = { tool: Tool; errors: number; warnings: number };
export type ToolFlowNode = Node<ToolNodeData, 'tool'>;

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

/** Edge ids are `e<index>` so a deleted edge maps back to its index in the graph. */
export function toFlowEdges(content: GraphContent, problems: GraphProblem[]): Edge[] {
  const flagged = new Map(problems.filter((p) => p.edgeIndex !== undefined).map((p) => [p.edgeIndex!, p]));
  return content.edges.map((edge, index) => {
    const problem = flagged.get(index);
    const className = problem ? `edge-${edge.kind} edge-${problem.severity}` : `edge-${edge.kind}`;
    return edge.kind === 'dependency'
      ? {
          id: `e${index}`,
          source: edge.fromTool,
          sourceHandle: resultHandle(edge.fromPath),
          target: edge.toTool,
          targetHandle: paramHandle(edge.toParam),
          className,
          label: problem ? '⚠' : undefined,
          markerEnd: { type: MarkerType.ArrowClosed },
          data: { title: problem?.message },
        }
      : {
          id: `e${index}`,
          source: edge.toolA,
          sourceHandle: paramSourceHandle(edge.paramA),
          target: edge.toolB,
          targetHandle: paramHandle(edge.paramB),
          className,
          label: problem ? '⚠' : undefined,
          style: { strokeDasharray: '6 4' },
          data: { title: problem?.message },
        };
  });
}

export const edgeIndexOf = (edge: Pick<Edge, 'id'>): number => Number(edge.id.slice(1));
