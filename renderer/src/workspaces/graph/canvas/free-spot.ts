import type { ReactFlowInstance } from '@xyflow/react';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The size a new tool takes on the canvas before React Flow has measured it. */
export const NEW_TOOL_SIZE = { width: 240, height: 170 };
const GAP = 24;
/** The search grid, in flow units: fine enough to find the gap beside a tool. */
const STEP = 40;

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;

/**
 * Where a new box of `size` goes in `view` (the canvas area the user sees, in flow
 * coordinates): the free spot nearest the view's centre, searched ring by ring on a fine grid;
 * the centre itself when the view is full.
 */
export function freeSpotInView(view: Box, taken: readonly Box[], size = NEW_TOOL_SIZE): { x: number; y: number } {
  const centre = { x: view.x + (view.width - size.width) / 2, y: view.y + (view.height - size.height) / 2 };
  const step = Math.max(STEP, Math.min(view.width, view.height) / 40);
  const fitsView = (b: Box) =>
    b.x >= view.x && b.y >= view.y && b.x + b.width <= view.x + view.width && b.y + b.height <= view.y + view.height;
  const rings = Math.ceil(Math.max(view.width, view.height) / step / 2);
  for (let ring = 0; ring <= rings; ring++) {
    const spots: Box[] = [];
    for (let i = -ring; i <= ring; i++)
      for (let j = -ring; j <= ring; j++)
        if (Math.max(Math.abs(i), Math.abs(j)) === ring)
          spots.push({ x: centre.x + i * step, y: centre.y + j * step, ...size });
    spots.sort((a, b) => Math.hypot(a.x - centre.x, a.y - centre.y) - Math.hypot(b.x - centre.x, b.y - centre.y));
    const free = spots.find((s) => fitsView(s) && !taken.some((t) => overlaps(s, t)));
    if (free) return { x: Math.round(free.x), y: Math.round(free.y) };
  }
  return { x: Math.round(centre.x), y: Math.round(centre.y) };
}

/**
 * A free spot in the part of the canvas on screen: the pane's box (the canvas column, beside
 * the inspector, never under it) taken into flow coordinates, around the tools already there.
 */
export function freeSpotOnScreen(flow: ReactFlowInstance, pane: DOMRect): { x: number; y: number } {
  const topLeft = flow.screenToFlowPosition({ x: pane.left, y: pane.top }, { snapToGrid: false });
  const bottomRight = flow.screenToFlowPosition({ x: pane.right, y: pane.bottom }, { snapToGrid: false });
  const view = { x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y };
  const taken = flow.getNodes().map((n) => ({
    x: n.position.x,
    y: n.position.y,
    width: n.measured?.width ?? NEW_TOOL_SIZE.width,
    height: n.measured?.height ?? NEW_TOOL_SIZE.height,
  }));
  return freeSpotInView(view, taken);
}
