import { MarkerType, type Edge } from '@xyflow/react';
import type { ToolGraph } from '../../../../shared/domain';
import type { ToolFlowNode } from './ToolNode';

/** Tool graph → React Flow nodes. */
export function toFlowNodes(graph: ToolGraph): ToolFlowNode[] {
  return graph.tools.map((tool) => ({ id: tool.name, type: 'tool', position: tool.position, data: { tool } }));
}

/** Tool graph → React Flow edges: dependency edges as arrows, shared parameters dashed. */
export function toFlowEdges(graph: ToolGraph): Edge[] {
  return graph.edges.map((edge, index) =>
    edge.kind === 'dependency'
      ? {
          id: `d${index}`,
          source: edge.fromTool,
          target: edge.toTool,
          label: `${edge.fromPath} → ${edge.toParam}`,
          className: 'edge-dependency',
          markerEnd: { type: MarkerType.ArrowClosed },
        }
      : {
          id: `s${index}`,
          source: edge.toolA,
          target: edge.toolB,
          label: edge.paramA === edge.paramB ? edge.paramA : `${edge.paramA} = ${edge.paramB}`,
          className: 'edge-shared',
          style: { strokeDasharray: '6 4' },
        },
  );
}
