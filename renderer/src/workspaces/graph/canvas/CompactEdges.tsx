import { useStore, type ReactFlowState } from '@xyflow/react';
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useStoreSelector } from '../../../state/create-store';
import type { GraphProblem } from '../../../../../shared/checks/graph';
import type { GraphContent } from '../../../../../shared/graph';
import { COMPACT_STROKES, compactEdgePaths, compactEdges } from './compact-edges';
import type { ToolFlowNode } from './flow-model';
import { canvasMoves } from './view';

const selectDomNode = (s: ReactFlowState) => s.domNode;

/**
 * Every edge, zoomed far out, as one picture under the tools: a path per stroke instead of a
 * React Flow edge each. With a thousand tools on screen, 3,000 edge components were most of the
 * work of every frame that moved a tool (each store update re-ran each edge's position) and
 * of every pan and zoom (an SVG each to draw). Edges are selected and deleted zoomed in. A
 * layout's moves hide them until it has landed.
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
  // While a layout moves the tools the edges are away, drawn again once it has landed: all of
  // them redrawn on every slice was most of a slice's cost with a thousand tools on screen.
  const moving = useStoreSelector(canvasMoves, (s) => s.moving);
  const paths = useMemo(() => (moving ? null : compactEdgePaths(edges, nodes)), [edges, nodes, moving]);
  // React Flow's ViewportPortal looks its element up on every store update, in a document of
  // a thousand tools: here it is looked up once.
  const domNode = useStore(selectDomNode);
  const portal = useMemo(() => domNode?.querySelector('.react-flow__viewport-portal') ?? null, [domNode]);
  if (!portal || !paths) return null;
  return createPortal(
    <svg className="compact-edges" aria-hidden="true" data-testid="compact-edges">
      {COMPACT_STROKES.map((stroke) =>
        paths[stroke] ? <path key={stroke} className={`compact-edge-${stroke}`} d={paths[stroke]} /> : null,
      )}
    </svg>,
    portal,
  );
}
