import type { Node, ReactFlowInstance, XYPosition } from '@xyflow/react';
import {
  boundsOf,
  readableViewport,
  rectsOverlap,
  type Insets,
  type Rect,
  type Viewport,
} from '../../../components/readable-fit';
import { flushSync } from 'react-dom';
import { createStoreApi } from '../../../state/create-store';
import { NEW_TOOL_SIZE } from './free-spot';
import { sliceSizer, type SliceSizer } from './slices';
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

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/**
 * What the moves of a frame may cost, rendering and measuring included. A tool on screen (before
 * or after its move) is re-rendered, remounted or measured, and an edge to it redrawn; one that
 * stays off screen is only a store update: their slices are sized apart, each from what its own
 * last slice cost, starting from a small probe.
 */
const FRAME_BUDGET_MS = 10;
const FIRST_OFF_SCREEN = 20;
/** Zoomed far out (compact) a tool is its name only: cheap to draw. */
const FIRST_ON_SCREEN = { full: 4, compact: 20 };

/**
 * At most this many slices of each kind, whatever they cost: a busy machine then takes longer
 * frames rather than thousands of them (a slice's fixed cost is most of it there).
 */
const MAX_SLICES = 40;
const minSlice = (moves: readonly unknown[]) => Math.ceil(moves.length / MAX_SLICES);

/**
 * True while a layout moves the tools, from its first slice until the layout has landed (see
 * autoLayout): the minimap is hidden meanwhile, as it would redraw all of them on every slice.
 */
export const canvasMoves = createStoreApi<{ moving: boolean }>(() => ({ moving: false }));

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
 * stay off screen, then those seen on screen, each slice as many as fit in the frame's budget by
 * what the last one cost. A slice is applied at the start of a frame and its whole update (React
 * Flow's store, the tools and edges it redraws) runs there and then; its cost is that, or, where
 * more, how far the frame ran over, which counts the style, layout and measuring that followed.
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
  const runs = [
    {
      moves: offScreen,
      sizer: sliceSizer({ first: FIRST_OFF_SCREEN, min: minSlice(offScreen), budgetMs: FRAME_BUDGET_MS }),
    },
    {
      moves: onScreen,
      sizer: sliceSizer({
        first: flow.getViewport().zoom < COMPACT_ZOOM ? FIRST_ON_SCREEN.compact : FIRST_ON_SCREEN.full,
        min: minSlice(onScreen),
        budgetMs: FRAME_BUDGET_MS,
      }),
    },
  ];
  // Hiding the minimap (and zoomed out, the compact edges) is a render of its own: done in a frame
  // before the first slice, whose cost it would otherwise add to and whose size it would skew.
  flushSync(() => canvasMoves.setState({ moving: true }));
  await nextFrame();
  let frameMs = 1000 / 60;
  let previous = await nextFrame();
  let last: { sizer: SliceSizer; count: number; scriptMs: number; startedAt: number } | null = null;
  for (const { moves, sizer } of runs) {
    for (let at = 0; at < moves.length;) {
      const now = await nextFrame();
      frameMs = Math.min(frameMs, now - previous);
      previous = now;
      if (last) last.sizer.spent(last.count, Math.max(last.scriptMs, performance.now() - last.startedAt - frameMs));
      const slice = new Map(moves.slice(at, at + sizer.size()));
      at += slice.size;
      const startedAt = performance.now();
      // Synchronously: the update is done when this returns, and its cost is known.
      flushSync(() =>
        flow.setNodes((nodes) =>
          nodes.map((n) => {
            const p = slice.get(n.id);
            return p ? { ...n, position: { x: p.x, y: p.y } } : n;
          }),
        ),
      );
      const scriptMs = performance.now() - startedAt;
      performance.measure('layout slice', { start: startedAt, duration: scriptMs, detail: { count: slice.size } });
      last = { sizer, count: slice.size, scriptMs, startedAt };
    }
  }
}
