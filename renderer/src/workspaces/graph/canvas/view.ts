import type { Node, ReactFlowInstance, XYPosition } from '@xyflow/react';
import { boundsOf, readableViewport, type Insets, type Rect, type Viewport } from '../../../components/readable-fit';
import { NEW_TOOL_SIZE } from './free-spot';

/** Clear of the canvas's edges and of the controls along its bottom-left. */
export const CANVAS_INSETS: Insets = { top: 24, right: 24, bottom: 60, left: 24 };

/** Above this many tools only the tools on screen are rendered (at full drawing). */
export const VIRTUALIZE_ABOVE = 150;

/** A node's box in flow coordinates: measured, estimated, or the size of a new tool. */
export const nodeRect = (n: Node): Rect => ({
  x: n.position.x,
  y: n.position.y,
  width: n.measured?.width ?? NEW_TOOL_SIZE.width,
  height: n.measured?.height ?? NEW_TOOL_SIZE.height,
});

/** The canvas's opening view of `nodes` in a pane of `pane`'s size (see readableViewport). */
export function openingViewport(nodes: readonly Node[], pane: { width: number; height: number }): Viewport {
  const bounds = boundsOf(nodes.map(nodeRect));
  return bounds ? readableViewport(bounds, pane, { insets: CANVAS_INSETS }) : { x: 0, y: 0, zoom: 1 };
}

/** Moves the open canvas to its opening view: all of the graph if it reads, else its start. */
export function showOpeningView(flow: ReactFlowInstance, duration = 0): void {
  const pane = document.querySelector('.canvas .react-flow')?.getBoundingClientRect();
  if (pane) void flow.setViewport(openingViewport(flow.getNodes(), pane), { duration });
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
/** Tools moved per frame: each frame re-renders a slice, never the whole graph at once. */
const MOVES_PER_FRAME = 100;

/**
 * Moves the canvas's tools to `positions` a slice per frame (the editor's content is changed
 * after, in one undoable edit, which then finds the tools already in place).
 */
export async function moveOnCanvas(flow: ReactFlowInstance, positions: ReadonlyMap<string, XYPosition>): Promise<void> {
  const entries = [...positions];
  for (let i = 0; i < entries.length; i += MOVES_PER_FRAME) {
    const slice = new Map(entries.slice(i, i + MOVES_PER_FRAME));
    flow.setNodes((nodes) =>
      nodes.map((n) => {
        const p = slice.get(n.id);
        return p && (p.x !== n.position.x || p.y !== n.position.y) ? { ...n, position: { x: p.x, y: p.y } } : n;
      }),
    );
    await nextFrame();
  }
}
