import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  estimateOffscreen,
  forgetEstimates,
  mergeNodes,
  toFlowNodes,
} from '../../../renderer/src/workspaces/graph/canvas/flow-model';
import { moveTools, type GraphContent } from '../../../shared/graph';

const example = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../../resources/examples/trip-planning.graph.json'), 'utf8'),
) as GraphContent;
const nodesOf = (content: GraphContent) => toFlowNodes(content, new Set(), []);

describe('the canvas nodes of a graph', () => {
  const first = mergeNodes([], nodesOf(example), false);

  it('gives a tool new to the canvas an estimated size and a handle per field, until React Flow measures it', () => {
    const flights = first.find((n) => n.id === 'search_flights')!;
    expect(flights.measured!.width).toBeGreaterThanOrEqual(180);
    expect(flights.measured!.width).toBeLessThanOrEqual(300.5);
    const ids = flights.handles!.map((h) => h.id);
    expect(ids).toContain('p:origin');
    expect(ids).toContain('r:cheapest_flight_id');
    const measured = forgetEstimates(
      first.map((n) => (n.id === 'search_flights' ? { ...n, measured: { width: 250, height: 190 } } : n)),
      [{ id: 'search_flights', type: 'dimensions', dimensions: { width: 250, height: 190 } }],
    );
    expect(measured.find((n) => n.id === 'search_flights')!.handles).toBeUndefined();
    expect(measured.find((n) => n.id === 'book_flight')!.handles).toBeDefined();
  });

  it('keeps the node objects of tools an edit did not touch, and the data of tools that only moved', () => {
    const moved = moveTools(example, new Map([['book_flight', { x: 999, y: 999 }]]));
    const next = mergeNodes(first, nodesOf(moved), false);
    const index = first.findIndex((n) => n.id === 'book_flight');
    expect(next.filter((n, i) => n !== first[i]).map((n) => n.id)).toEqual(['book_flight']);
    expect(next[index]!.position).toEqual({ x: 999, y: 999 });
    // Same data object: the node's drawing (memoised on its data) is not redone for a move.
    expect(next[index]!.data).toBe(first[index]!.data);
  });

  it('estimates again, for the new drawing, only the tools that are not on screen', () => {
    const onScreen = new Set(['geocode_city']);
    const compact = estimateOffscreen(first, onScreen, true);
    expect(compact.find((n) => n.id === 'geocode_city')).toBe(first.find((n) => n.id === 'geocode_city'));
    expect(compact.find((n) => n.id === 'book_flight')!.handles!.map((h) => h.id)).toEqual([null, null]);
  });
});
