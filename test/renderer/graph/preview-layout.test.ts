import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelWidth, previewPositions, wrappedPositions } from '../../../renderer/src/components/preview-layout';
import type { Tool } from '../../../shared/domain';

const example = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../../resources/examples/trip-planning.graph.json'), 'utf8'),
) as { tools: Tool[] };
const name = (n: string) => n;
const ROW = 48;

describe('where a preview draws the tools', () => {
  const positions = previewPositions(example.tools, name);

  it('keeps the canvas columns and rows in order', () => {
    const at = (tool: string) => positions.get(tool)!;
    // geocode_city (40, 40) is left of search_flights (360, 40), on the same row.
    expect(at('geocode_city').x).toBeLessThan(at('search_flights').x);
    expect(at('geocode_city').y).toBe(at('search_flights').y);
    // search_hotels sits under search_flights, in its column.
    expect(at('search_hotels').x).toBe(at('search_flights').x);
    expect(at('search_hotels').y).toBeGreaterThan(at('search_flights').y);
  });

  it('packs the tools to their names: no two labels overlap, and the graph is far smaller than on the canvas', () => {
    const boxes = example.tools.map((t) => ({ ...positions.get(t.name)!, width: labelWidth(t.name), height: ROW - 8 }));
    for (const a of boxes)
      for (const b of boxes)
        if (a !== b)
          expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(
            true,
          );
    const right = Math.max(...boxes.map((b) => b.x + b.width));
    const canvasRight = Math.max(...example.tools.map((t) => t.position.x)) + 240;
    expect(right).toBeLessThan(canvasRight * 0.8);
  });

  it('moves a tool that would share a cell down, and puts tools missing from the graph in a row below', () => {
    const tools = [
      { name: 'a', position: { x: 0, y: 0 } },
      { name: 'b', position: { x: 20, y: 10 } },
    ];
    const placed = previewPositions(tools, name, ['ghost']);
    expect(placed.get('a')).toEqual({ x: 0, y: 0 });
    expect(placed.get('b')).toEqual({ x: 0, y: ROW });
    expect(placed.get('ghost')).toEqual({ x: 0, y: 2 * ROW });
  });
});

describe('a preview wrapped to a narrow box', () => {
  const width = 380;
  const widthOf = (tool: string) => labelWidth(tool);
  const positions = wrappedPositions(example.tools, widthOf, width);

  it('places every tool inside the width, none overlapping', () => {
    expect(positions.size).toBe(example.tools.length);
    const boxes = example.tools.map((t) => ({ ...positions.get(t.name)!, width: widthOf(t.name), height: ROW - 8 }));
    for (const b of boxes) expect(b.x + b.width).toBeLessThanOrEqual(width);
    for (const a of boxes)
      for (const b of boxes)
        if (a !== b)
          expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(
            true,
          );
  });

  it('draws the canvas columns as bands from top to bottom, in their order', () => {
    // geocode_city is in the first canvas column, search_flights in the second, book_flight in the third.
    expect(positions.get('geocode_city')!.y).toBeLessThan(positions.get('search_flights')!.y);
    expect(positions.get('search_flights')!.y).toBeLessThan(positions.get('book_flight')!.y);
  });

  it('wraps a band that is wider than the box onto another line', () => {
    const tools = ['a', 'b', 'c'].map((name) => ({ name, position: { x: 0, y: name.charCodeAt(0) * 100 } }));
    const placed = wrappedPositions(tools, () => 100, 250);
    expect(placed.get('a')).toEqual({ x: 0, y: 0 });
    expect(placed.get('b')!.y).toBe(0);
    expect(placed.get('c')).toEqual({ x: 0, y: ROW });
  });
});
