import type { Node, ReactFlowInstance, XYPosition } from '@xyflow/react';
import {
  boundsOf,
  readableViewport,
  rectsOverlap,
  type Insets,
  type Rect,
  type Viewport,
} from '../../../components/readable-fit';
import { NEW_TOOL_SIZE } from './free-spot';
import { COMPACT_ZOOM } from './use-compact';

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
/**
 * Tools moved per frame. A tool on screen (before or after its move) is re-rendered, remounted or
 * measured, so those move a few per frame; one that stays off screen is only a store update.
 * Zoomed far out (compact) a tool is cheap to draw and each frame's own cost dominates (60 a
 * frame made more long frames than 100 in bench:canvas).
 */
const ON_SCREEN_PER_FRAME = 15;
const COMPACT_PER_FRAME = 100;
const OFF_SCREEN_PER_FRAME = 500;

/** The part of the flow the pane shows, in flow coordinates. */
function shownRect(flow: ReactFlowInstance): Rect | null {
  const pane = document.querySelector('.canvas .react-flow')?.getBoundingClientRect();
  if (!pane) return null;
  const { x, y, zoom } = flow.getViewport();
  return { x: -x / zoom, y: -y / zoom, width: pane.width / zoom, height: pane.height / zoom };
}

/**
 * Moves the canvas's tools to `positions` a slice per frame (the editor's content is changed
 * after, in one undoable edit, which then finds the tools already in place): first the tools that
 * stay off screen, many at a time, then those seen on screen, a few at a time.
 */
export async function moveOnCanvas(flow: ReactFlowInstance, positions: ReadonlyMap<string, XYPosition>): Promise<void> {
  const shown = shownRect(flow);
  const offScreen: [string, XYPosition][] = [];
  const onScreen: [string, XYPosition][] = [];
  for (const node of flow.getNodes()) {
    const to = positions.get(node.id);
    if (!to || (to.x === node.position.x && to.y === node.position.y)) continue;
    const box = nodeRect(node);
    const seen = !shown || rectsOverlap(box, shown) || rectsOverlap({ ...box, ...to }, shown);
    (seen ? onScreen : offScreen).push([node.id, to]);
  }
  const slices = [
    ...chunks(offScreen, OFF_SCREEN_PER_FRAME),
    ...chunks(onScreen, flow.getViewport().zoom < COMPACT_ZOOM ? COMPACT_PER_FRAME : ON_SCREEN_PER_FRAME),
  ];
  for (const slice of slices) {
    const moves = new Map(slice);
    flow.setNodes((nodes) =>
      nodes.map((n) => {
        const p = moves.get(n.id);
        return p ? { ...n, position: { x: p.x, y: p.y } } : n;
      }),
    );
    await nextFrame();
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
