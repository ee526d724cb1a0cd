/** A tool's box on the canvas, in flow coordinates. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far the line keeps off the tools it passes. */
export const LANE = 16;

/** The corners of a shared-parameter edge, from one parameter's handle to the other's. */
export function sharedEdgePoints(
  source: { x: number; y: number },
  target: { x: number; y: number },
  sourceBox: Box,
  targetBox: Box,
): [number, number][] {
  const { x: sx, y: sy } = source;
  const { x: tx, y: ty } = target;
  // Around a tool, on the side facing the other end: never through the tool itself.
  const around = (box: Box, y: number) => (y < box.y + box.height / 2 ? box.y - LANE : box.y + box.height + LANE);
  if (Math.abs(tx - sx) <= LANE) {
    // One above the other: a lane left of both.
    const lane = Math.min(sx, tx) - LANE;
    return [
      [sx, sy],
      [lane, sy],
      [lane, ty],
      [tx, ty],
    ];
  }
  // Pass over or under the tool in the way (this one when the other is to its right, else the
  // other), then enter the other tool from its left.
  const passY = tx > sx ? around(sourceBox, ty) : around(targetBox, sy);
  return [
    [sx, sy],
    [sx - LANE, sy],
    [sx - LANE, passY],
    [tx - LANE, passY],
    [tx - LANE, ty],
    [tx, ty],
  ];
}

/** An SVG path through the points, corners rounded a little. */
export function polylinePath(points: readonly [number, number][], radius = 6): string {
  let d = `M ${points[0]![0]} ${points[0]![1]}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [px, py] = points[i - 1]!;
    const [x, y] = points[i]!;
    const [nx, ny] = points[i + 1]!;
    const r = Math.min(radius, Math.hypot(x - px, y - py) / 2, Math.hypot(nx - x, ny - y) / 2);
    const inX = x - Math.sign(x - px) * r;
    const inY = y - Math.sign(y - py) * r;
    const outX = x + Math.sign(nx - x) * r;
    const outY = y + Math.sign(ny - y) * r;
    d += ` L ${inX} ${inY} Q ${x} ${y} ${outX} ${outY}`;
  }
  const [lx, ly] = points.at(-1)!;
  return `${d} L ${lx} ${ly}`;
}
