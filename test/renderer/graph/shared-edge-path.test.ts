import { describe, expect, it } from 'vitest';
import {
  polylinePath,
  sharedEdgePoints,
  type Box,
} from '../../../renderer/src/workspaces/graph/canvas/shared-edge-path';

/** Whether the segment a–b (horizontal or vertical) passes through the inside of the box. */
function crosses(box: Box, [ax, ay]: [number, number], [bx, by]: [number, number]): boolean {
  const inside = (v: number, lo: number, hi: number) => v > lo && v < hi;
  if (ay === by)
    return inside(ay, box.y, box.y + box.height) && Math.max(ax, bx) > box.x && Math.min(ax, bx) < box.x + box.width;
  return inside(ax, box.x, box.x + box.width) && Math.max(ay, by) > box.y && Math.min(ay, by) < box.y + box.height;
}

const segments = (points: [number, number][]) => points.slice(1).map((p, i) => [points[i]!, p] as const);
/** A parameter's handle sits 10 px left of its tool's box. */
const handle = (box: Box, row: number) => ({ x: box.x - 10, y: box.y + 40 + row * 16 });

describe('shared-parameter edges', () => {
  const a: Box = { x: 0, y: 0, width: 220, height: 120 };
  const cases: Record<string, Box> = {
    'to the right, level': { x: 400, y: 10, width: 220, height: 120 },
    'to the right, above': { x: 380, y: -300, width: 200, height: 100 },
    'to the left, level': { x: -500, y: 20, width: 220, height: 120 },
    'below in the same column': { x: 0, y: 250, width: 220, height: 120 },
  };

  for (const [where, b] of Object.entries(cases))
    it(`leave their parameter leftwards and run around both tools when the other is ${where}`, () => {
      const points = sharedEdgePoints(handle(a, 1), handle(b, 0), a, b);
      expect(points[1]![0]).toBeLessThan(points[0]![0]);
      expect(points.at(-2)![0]).toBeLessThan(points.at(-1)![0]);
      for (const [from, to] of segments(points)) {
        expect(crosses(a, from, to), `${from} → ${to} runs under its own tool`).toBe(false);
        expect(crosses(b, from, to), `${from} → ${to} runs under the other tool`).toBe(false);
      }
    });

  it('a straight line from one parameter to the other would have run under its own tool', () => {
    const b = cases['to the right, level']!;
    const from = handle(a, 1);
    const to = handle(b, 0);
    expect(crosses(a, [from.x, from.y], [to.x, from.y])).toBe(true);
  });

  it('draws the corners rounded, starting and ending on the handles', () => {
    const path = polylinePath([
      [0, 0],
      [-16, 0],
      [-16, 100],
      [0, 100],
    ]);
    expect(path.startsWith('M 0 0 L -10 0 Q -16 0 -16 6')).toBe(true);
    expect(path.endsWith('L 0 100')).toBe(true);
  });
});
