import type { Position, Tool } from '../../../shared/domain';

/*
 * A preview draws each tool as its name alone, a fraction of a canvas node's size. Placed at
 * the canvas's positions those names would sit far apart and the preview would have to shrink
 * them to fit; instead the tools keep the canvas's columns and rows, packed as tightly as
 * their names allow.
 */

/** Canvas positions closer than this (flow units) fall in one column / one row. */
const SAME_COLUMN = 160;
const SAME_ROW = 60;
const COLUMN_GAP = 40;
const ROW_HEIGHT = 48;
/** A preview label's width per character and padding, in CSS pixels (graph-overlay.css). */
const LABEL_CHAR = 7;
const LABEL_PADDING = 24;

/** Index of the cluster each value falls in, clusters taken in increasing order. */
function clusterIndex(values: readonly number[], within: number): Map<number, number> {
  const index = new Map<number, number>();
  let cluster = -1;
  let start = -Infinity;
  for (const v of [...new Set(values)].sort((a, b) => a - b)) {
    if (v - start >= within) {
      cluster++;
      start = v;
    }
    index.set(v, cluster);
  }
  return index;
}

export const labelWidth = (label: string): number => label.length * LABEL_CHAR + LABEL_PADDING;

/**
 * Preview positions for `tools` (by name) from their canvas positions: same column and row
 * order, columns as wide as their widest label. Tools that would share a cell move down.
 * `extra` names (tools missing from the graph) go in a row of their own below.
 */
export function previewPositions(
  tools: readonly Pick<Tool, 'name' | 'position'>[],
  labelOf: (name: string) => string,
  extra: readonly string[] = [],
): Map<string, Position> {
  const columns = clusterIndex(
    tools.map((t) => t.position.x),
    SAME_COLUMN,
  );
  const rows = clusterIndex(
    tools.map((t) => t.position.y),
    SAME_ROW,
  );
  const taken = new Set<string>();
  const cells = [...tools]
    .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
    .map((t) => {
      const column = columns.get(t.position.x)!;
      let row = rows.get(t.position.y)!;
      while (taken.has(`${column}:${row}`)) row++;
      taken.add(`${column}:${row}`);
      return { name: t.name, column, row };
    });
  const widths: number[] = [];
  for (const c of cells) widths[c.column] = Math.max(widths[c.column] ?? 0, labelWidth(labelOf(c.name)));
  const left: number[] = [];
  let x = 0;
  for (let i = 0; i < widths.length; i++) {
    left[i] = x;
    x += (widths[i] ?? 0) + COLUMN_GAP;
  }
  const positions = new Map(cells.map((c) => [c.name, { x: left[c.column]!, y: c.row * ROW_HEIGHT }]));
  const bottom = cells.reduce((r, c) => Math.max(r, c.row + 1), 0) * ROW_HEIGHT;
  let next = 0;
  for (const name of extra) {
    positions.set(name, { x: next, y: bottom });
    next += labelWidth(labelOf(name)) + COLUMN_GAP;
  }
  return positions;
}

/** Extra space between two bands of a wrapped preview, so each band reads as one column. */
const BAND_GAP = 16;
const WRAP_GAP = 12;

/**
 * Preview positions that fit `width`: each of the canvas's columns, left to right, becomes a
 * band of tools from top to bottom (in the column's order), and a band that is wider than
 * `width` wraps onto more lines. A narrow box then shows every tool at full size and only
 * grows in height. `widthOf` is a tool's drawn width; `extra` names go in a band of their own
 * at the bottom.
 */
export function wrappedPositions(
  tools: readonly Pick<Tool, 'name' | 'position'>[],
  widthOf: (name: string) => number,
  width: number,
  extra: readonly string[] = [],
): Map<string, Position> {
  const columns = clusterIndex(
    tools.map((t) => t.position.x),
    SAME_COLUMN,
  );
  const bands: string[][] = [];
  for (const t of [...tools].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)) {
    (bands[columns.get(t.position.x)!] ??= []).push(t.name);
  }
  if (extra.length) bands.push([...extra]);
  const positions = new Map<string, Position>();
  let y = 0;
  for (const band of bands) {
    if (!band?.length) continue;
    let x = 0;
    for (const name of band) {
      const w = widthOf(name);
      if (x > 0 && x + w > width) {
        x = 0;
        y += ROW_HEIGHT;
      }
      positions.set(name, { x, y });
      x += w + WRAP_GAP;
    }
    y += ROW_HEIGHT + BAND_GAP;
  }
  return positions;
}
