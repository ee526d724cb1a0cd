import { describe, expect, it } from 'vitest';
import {
  READABLE_TEXT_PX,
  READABLE_ZOOM,
  SMALLEST_NODE_TEXT_PX,
  boundsOf,
  readableViewport,
  showsAll,
} from '../../../renderer/src/components/readable-fit';

const pane = { width: 1000, height: 600 };
const insets = { top: 20, right: 20, bottom: 60, left: 20 };

describe('the view a graph opens at', () => {
  it('opens at a zoom where the smallest node text is 11 px on screen', () => {
    expect(SMALLEST_NODE_TEXT_PX * READABLE_ZOOM).toBeCloseTo(READABLE_TEXT_PX);
  });

  it('shows a small graph whole and centred, never enlarged past 1:1', () => {
    const bounds = { x: 100, y: 50, width: 400, height: 200 };
    const view = readableViewport(bounds, pane, { insets });
    expect(view.zoom).toBe(1);
    expect(showsAll(bounds, pane, view)).toBe(true);
    // Centred inside the insets: as much room left as right, above as below.
    const left = bounds.x * view.zoom + view.x - insets.left;
    const right = pane.width - insets.right - (left + insets.left + bounds.width * view.zoom);
    expect(left).toBeCloseTo(right);
  });

  it('zooms out to show a graph whole while its text still reads', () => {
    const bounds = { x: 0, y: 0, width: 1020, height: 400 };
    const view = readableViewport(bounds, pane, { insets });
    expect(view.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(view.zoom).toBeLessThan(1);
    expect(showsAll(bounds, pane, view)).toBe(true);
  });

  it('opens a graph too large to read whole at its top-left corner, readable, instead of shrinking it', () => {
    const bounds = { x: 40, y: 40, width: 20_000, height: 15_000 };
    const view = readableViewport(bounds, pane, { insets });
    expect(view.zoom).toBe(READABLE_ZOOM);
    expect(bounds.x * view.zoom + view.x).toBeCloseTo(insets.left);
    expect(bounds.y * view.zoom + view.y).toBeCloseTo(insets.top);
    expect(showsAll(bounds, pane, view)).toBe(false);
  });

  it('bounds a set of boxes, and nothing for none', () => {
    expect(
      boundsOf([
        { x: 10, y: 20, width: 100, height: 50 },
        { x: -30, y: 200, width: 40, height: 40 },
      ]),
    ).toEqual({ x: -30, y: 20, width: 140, height: 220 });
    expect(boundsOf([])).toBeNull();
  });
});
