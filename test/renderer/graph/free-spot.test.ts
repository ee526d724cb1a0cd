import { describe, expect, it } from 'vitest';
import { freeSpotInView, NEW_TOOL_SIZE } from '../../../renderer/src/workspaces/graph/canvas/free-spot';

const view = { x: 1000, y: 500, width: 1200, height: 800 };
const inside = (p: { x: number; y: number }) =>
  p.x >= view.x &&
  p.y >= view.y &&
  p.x + NEW_TOOL_SIZE.width <= view.x + view.width &&
  p.y + NEW_TOOL_SIZE.height <= view.y + view.height;

describe('where a new tool goes on the canvas', () => {
  it('goes in the middle of what the user sees when that is free', () => {
    expect(freeSpotInView(view, [])).toEqual({ x: 1480, y: 815 });
  });

  it('goes beside a tool that sits in the middle, still on screen', () => {
    const middle = { x: 1450, y: 790, width: 300, height: 220 };
    const spot = freeSpotInView(view, [middle]);
    expect(inside(spot)).toBe(true);
    const clear =
      spot.x + NEW_TOOL_SIZE.width <= middle.x ||
      spot.x >= middle.x + middle.width ||
      spot.y + NEW_TOOL_SIZE.height <= middle.y ||
      spot.y >= middle.y + middle.height;
    expect(clear).toBe(true);
  });

  it('ignores tools far off screen and falls back to the middle when the view is full', () => {
    expect(freeSpotInView(view, [{ x: -5000, y: -5000, width: 240, height: 170 }])).toEqual({ x: 1480, y: 815 });
    const wall = { x: view.x - 100, y: view.y - 100, width: view.width + 200, height: view.height + 200 };
    expect(freeSpotInView(view, [wall])).toEqual({ x: 1480, y: 815 });
  });
});
