/**
 * Where a graph view opens: the whole graph when it fits at a zoom where its text can be read,
 * otherwise its top-left corner (where a left-to-right graph starts) at that zoom. Plain
 * geometry, shared by the canvas and the previews.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two rectangles share any area. */
export const rectsOverlap = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** Space kept clear at each side of the pane, in screen pixels (controls sit at the bottom). */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The smallest text on a node, in CSS pixels: canvas.css and graph-overlay.css keep to it. */
export const SMALLEST_NODE_TEXT_PX = 12;
/** Text at least this tall on screen reads without zooming in. */
export const READABLE_TEXT_PX = 11;
/** The lowest zoom a view opens at: the smallest node text is READABLE_TEXT_PX on screen. */
export const READABLE_ZOOM = READABLE_TEXT_PX / SMALLEST_NODE_TEXT_PX;

const NO_INSETS: Insets = { top: 0, right: 0, bottom: 0, left: 0 };

/** The zoom at which `bounds` fills the pane inside `insets` (unbounded). */
export function zoomToFit(bounds: Rect, pane: { width: number; height: number }, insets = NO_INSETS): number {
  const width = Math.max(1, pane.width - insets.left - insets.right);
  const height = Math.max(1, pane.height - insets.top - insets.bottom);
  return Math.min(width / Math.max(1, bounds.width), height / Math.max(1, bounds.height));
}

/** Centres `bounds` in the pane inside `insets` at `zoom`. */
export function centredViewport(
  bounds: Rect,
  pane: { width: number; height: number },
  zoom: number,
  insets = NO_INSETS,
): Viewport {
  const innerWidth = pane.width - insets.left - insets.right;
  const innerHeight = pane.height - insets.top - insets.bottom;
  return {
    x: insets.left + (innerWidth - bounds.width * zoom) / 2 - bounds.x * zoom,
    y: insets.top + (innerHeight - bounds.height * zoom) / 2 - bounds.y * zoom,
    zoom,
  };
}

/**
 * The opening view of `bounds`: all of it, centred, when that needs no less than `minZoom`
 * (and no more than `maxZoom`); otherwise its top-left corner at `minZoom`, so a large graph
 * opens readable instead of shrunk to dots.
 */
export function readableViewport(
  bounds: Rect,
  pane: { width: number; height: number },
  {
    insets = NO_INSETS,
    minZoom = READABLE_ZOOM,
    maxZoom = 1,
  }: { insets?: Insets; minZoom?: number; maxZoom?: number } = {},
): Viewport {
  const fit = Math.min(maxZoom, zoomToFit(bounds, pane, insets));
  if (fit >= minZoom) return centredViewport(bounds, pane, fit, insets);
  return { x: insets.left - bounds.x * minZoom, y: insets.top - bounds.y * minZoom, zoom: minZoom };
}

/** Whether all of `bounds` is on screen in the pane at `viewport`. */
export function showsAll(bounds: Rect, pane: { width: number; height: number }, viewport: Viewport): boolean {
  const left = bounds.x * viewport.zoom + viewport.x;
  const top = bounds.y * viewport.zoom + viewport.y;
  return (
    left >= -1 &&
    top >= -1 &&
    left + bounds.width * viewport.zoom <= pane.width + 1 &&
    top + bounds.height * viewport.zoom <= pane.height + 1
  );
}

/** The smallest rectangle holding all `rects`; null for none. */
export function boundsOf(rects: Iterable<Rect>): Rect | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of rects) {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.width);
    maxY = Math.max(maxY, r.y + r.height);
  }
  return minX === Infinity ? null : { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}
