import { ViewportPortal } from '@xyflow/react';
import { useMemo } from 'react';
import type { GraphContent, GraphProblem } from '../../../../../shared/graph';
import { COMPACT_STROKES, compactEdgePaths, compactEdges } from './compact-edges';
import type { ToolFlowNode } from './flow-model';

/**
 * Every edge, zoomed far out, as one picture under the tools: a path per stroke instead of a
 * React Flow edge each. With a thousand tools on screen, 3,000 edge components were most of the
 * work of every frame that moved a tool (each store update re-ran each edge's position) and
 * of every pan and zoom (an SVG each to draw). Edges are selected and deleted zoomed in.
 */
export function CompactEdges({
  nodes,
  edges: graphEdges,
  problems,
}: {
  nodes: readonly ToolFlowNode[];
  edges: GraphContent['edges'];
  problems: readonly GraphProblem[];
}) {
  const edges = useMemo(() => compactEdges({ edges: graphEdges }, problems), [graphEdges, problems]);
  const paths = useMemo(() => compactEdgePaths(edges, nodes), [edges, nodes]);
  return (
    <ViewportPortal>
      <svg className="compact-edges" aria-hidden="true" data-testid="compact-edges">
        {COMPACT_STROKES.map((stroke) =>
          paths[stroke] ? <path key={stroke} className={`compact-edge-${stroke}`} d={paths[stroke]} /> : null,
        )}
      </svg>
    </ViewportPortal>
  );
}
