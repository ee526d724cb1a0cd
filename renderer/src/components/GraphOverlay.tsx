import {
  Position,
  ReactFlow,
  useStore,
  useReactFlow,
  useStoreApi,
  type Edge,
  type ReactFlowState,
  type Node,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ToolGraph } from '../../../shared/domain';
import { useUi } from '../state/ui-store';
import { labelWidth, previewPositions } from './preview-layout';
import { boundsOf, readableViewport } from './readable-fit';
import './graph-overlay.css';

export interface OverlayPath {
  from: string;
  to: string;
  label?: string;
}

interface Props {
  graph: Pick<ToolGraph, 'tools' | 'edges'>;
  /** Labels for highlighted tools (step numbers); tools without one are dimmed. */
  labels: ReadonlyMap<string, string>;
  /** Edges of the plan or the path taken, drawn over the graph's dependency edges. */
  path: OverlayPath[];
  /** The tool the run is at now, drawn strongest. */
  current?: string | null;
  testId?: string;
  /**
   * For a narrow box (a side panel): the whole graph at full size in a box that scrolls, instead
   * of a pane that opens on the highlighted tools and cuts off the rest.
   */
  scrolls?: boolean;
}

const PREVIEW_INSETS = { top: 12, right: 12, bottom: 12, left: 12 };
/** A preview node's height in CSS pixels: its 16 px line, padding and border (graph-overlay.css). */
const NODE_HEIGHT = 30;

/** Whether React Flow has measured every node (the preview's nodes are never told their size). */
const allMeasured = (s: ReactFlowState) => {
  for (const n of s.nodeLookup.values()) if (!n.measured.width) return false;
  return s.nodeLookup.size > 0;
};

/** The pane's size in screen pixels, as React Flow's own ResizeObserver last measured it. */
const paneSize = (s: ReactFlowState) => `${s.width}x${s.height}`;

/** The box around the named nodes as React Flow last measured them, or null before it has. */
function boundsOfNodes(s: ReactFlowState, wanted: ReadonlySet<string>) {
  return boundsOf(
    [...s.nodeLookup.values()]
      .filter((n) => wanted.has(n.id))
      .map((n) => ({ ...n.position, width: n.measured.width ?? 0, height: n.measured.height ?? 0 })),
  );
}

/**
 * Fits the preview to the tools that matter (the labelled ones, else all) once they are
 * measured: all of them when they read at that zoom, else the first of them, readable. It fits
 * again whenever the pane changes size (a separator dragged, the window resized) or those tools
 * take another place or size (a label that arrived later, a font that loaded): the view is the
 * same however late each part of it was measured.
 */
function FitToFocus({ focus }: { focus: readonly string[] }) {
  const key = focus.join('\n');
  const wanted = useMemo(() => new Set(key.split('\n')), [key]);
  const measured = useStore(allMeasured);
  const size = useStore(paneSize);
  const box = useStore(
    useCallback(
      (s: ReactFlowState) => {
        const b = boundsOfNodes(s, wanted);
        return b ? `${b.x},${b.y},${b.width},${b.height}` : '';
      },
      [wanted],
    ),
  );
  const flow = useReactFlow();
  const store = useStoreApi();
  // Once per set of tools, their box and the pane's size: a run stepping on does not take back where the user panned.
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!measured || !box || fitted.current === `${box}@${size}`) return;
    const { width, height } = store.getState();
    const bounds = boundsOfNodes(store.getState(), wanted);
    if (!bounds || !width || !height) return;
    fitted.current = `${box}@${size}`;
    void flow.setViewport(readableViewport(bounds, { width, height }, { insets: PREVIEW_INSETS }));
  }, [measured, wanted, box, size, flow, store]);
  return null;
}

/**
 * A read-only view of a tool graph with a plan or a run laid over it: step numbers on tools,
 * the plan's or path's edges highlighted, the current tool marked; tools that are named but
 * missing from the graph are drawn apart, in the error colour. The tools keep the graph's
 * arrangement, packed to their names, and the view opens on the tools the plan or run touches.
 */
export function GraphOverlay({
  graph,
  labels,
  path,
  current = null,
  testId = 'graph-overlay',
  scrolls = false,
}: Props) {
  const theme = useUi((s) => s.theme);
  const { nodes, edges, focus, content } = useMemo(() => {
    const known = new Set(graph.tools.map((t) => t.name));
    const missing = [...labels.keys()].filter((name) => !known.has(name));
    const labelOf = (name: string) => (labels.has(name) ? `${labels.get(name)} · ${name}` : name);
    const positions = previewPositions(graph.tools, labelOf, missing);
    const node = (name: string, className: string): Node => ({
      id: name,
      position: positions.get(name)!,
      className: `${className}${name === current ? ' current' : ''}`,
      draggable: false,
      // The graph reads left to right, like the canvas.
      sourcePosition: Position.Right,
      targetPosition: Position.Left,
      data: { label: labelOf(name) },
    });
    const nodes = [
      ...graph.tools.map((t) => node(t.name, labels.has(t.name) ? 'path-node on-path' : 'path-node')),
      ...missing.map((name) => node(name, 'path-node unknown')),
    ];
    const dependency: Edge[] = graph.edges.flatMap((e) =>
      e.kind === 'dependency'
        ? [
            {
              id: `d-${e.fromTool}-${e.toTool}-${e.toParam}`,
              source: e.fromTool,
              target: e.toTool,
              className: 'graph-edge',
            },
          ]
        : [],
    );
    const highlighted: Edge[] = path.map((p, i) => ({
      id: `p-${i}`,
      source: p.from,
      target: p.to,
      animated: true,
      className: 'path-edge',
      ...(p.label ? { label: p.label } : {}),
    }));
    const touched = [...labels.keys()];
    // The size of all the tools at zoom 1 with the preview's margins, for a box that scrolls.
    const content = {
      width:
        Math.max(0, ...nodes.map((n) => n.position.x + labelWidth(String(n.data.label)))) +
        PREVIEW_INSETS.left +
        PREVIEW_INSETS.right,
      height: Math.max(0, ...nodes.map((n) => n.position.y)) + NODE_HEIGHT + PREVIEW_INSETS.top + PREVIEW_INSETS.bottom,
    };
    return {
      nodes,
      edges: [...dependency, ...highlighted],
      focus: touched.length && !scrolls ? touched : nodes.map((n) => n.id),
      content,
    };
  }, [graph, labels, path, current, scrolls]);
  const flow = (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      colorMode={theme}
      // The user may zoom out to see the whole graph; the preview opens readable (FitToFocus).
      minZoom={0.05}
      nodesConnectable={false}
      nodesDraggable={false}
      elementsSelectable={false}
      proOptions={{ hideAttribution: true }}
      // In a box that scrolls, the wheel and a drag scroll the box: the graph is all there.
      {...(scrolls ? { panOnDrag: false, zoomOnScroll: false, zoomOnPinch: false, preventScrolling: false } : {})}
    >
      <FitToFocus focus={focus} />
    </ReactFlow>
  );
  if (!scrolls)
    return (
      <div className="path-overlay" data-testid={testId}>
        {flow}
      </div>
    );
  return (
    <div className="path-overlay scrolls" data-testid={testId}>
      <div className="path-overlay-content" style={{ width: content.width, height: content.height }}>
        {flow}
      </div>
    </div>
  );
}
