import { BaseEdge, useInternalNode, type EdgeProps } from '@xyflow/react';
import type { ToolFlowEdge } from './flow-model';
import { polylinePath, sharedEdgePoints, type Box } from './shared-edge-path';

function boxOf(node: ReturnType<typeof useInternalNode>, fallback: { x: number; y: number }): Box {
  if (!node) return { ...fallback, width: 0, height: 0 };
  const { x, y } = node.internals.positionAbsolute;
  return { x, y, width: node.measured.width ?? 0, height: node.measured.height ?? 0 };
}

/**
 * A shared-parameter edge: both ends are parameters on the left of their tools, so it leaves and
 * enters leftwards and goes around the tools rather than under them (a line through its own tool
 * would look as if it left from a result on the right).
 */
export function SharedParamEdge({
  source,
  target,
  sourceX,
  sourceY,
  targetX,
  targetY,
  style,
  markerEnd,
}: EdgeProps<ToolFlowEdge>) {
  const from = { x: sourceX, y: sourceY };
  const to = { x: targetX, y: targetY };
  const points = sharedEdgePoints(from, to, boxOf(useInternalNode(source), from), boxOf(useInternalNode(target), to));
  return <BaseEdge path={polylinePath(points)} style={style} markerEnd={markerEnd} />;
}
