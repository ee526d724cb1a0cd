import { describe, expect, it } from 'vitest';
import { judgeConnection } from '../../../renderer/src/workspaces/graph/canvas/connect';
import { nameProblem } from '../../../renderer/src/workspaces/graph/editor/tool-names';
import { tool } from '../../helpers/graphs';

const tools = new Map(
  [
    tool(
      'search',
      { city: 'string', guests: 'integer' },
      { hotel_id: 'string', rate: 'number', hotels: { type: 'array', items: { type: 'object' } } },
    ),
    tool('book', { hotel_id: 'string', guests: 'integer', note: 'string' }, { booking_id: 'string' }),
  ].map((t) => [t.name, t]),
);

describe('dropping a connection on the canvas', () => {
  it('makes a dependency edge from a result to a parameter, whichever end the drag started at', () => {
    const edge = { kind: 'dependency', fromTool: 'search', fromPath: 'hotel_id', toTool: 'book', toParam: 'hotel_id' };
    expect(
      judgeConnection(tools, { tool: 'search', handle: 'r:hotel_id' }, { tool: 'book', handle: 'p:hotel_id' }),
    ).toEqual({
      edge,
      compatibility: { level: 'ok' },
    });
    expect(
      judgeConnection(tools, { tool: 'book', handle: 's:hotel_id' }, { tool: 'search', handle: 'r:hotel_id' }),
    ).toMatchObject({ edge });
  });

  it('makes a shared-parameter edge between two parameters', () => {
    expect(
      judgeConnection(tools, { tool: 'search', handle: 's:guests' }, { tool: 'book', handle: 'p:guests' }),
    ).toMatchObject({
      edge: { kind: 'shared', toolA: 'search', paramA: 'guests', toolB: 'book', paramB: 'guests' },
    });
  });

  it('connects with a warning when the types only loosely fit', () => {
    expect(
      judgeConnection(tools, { tool: 'search', handle: 'r:rate' }, { tool: 'book', handle: 'p:note' }),
    ).toMatchObject({
      compatibility: { level: 'loose', reason: 'a number fills a string as text' },
    });
  });

  it('refuses, with the reason, incompatible types, result to result, and a tool to itself', () => {
    expect(
      judgeConnection(tools, { tool: 'search', handle: 'r:hotels' }, { tool: 'book', handle: 'p:guests' }),
    ).toEqual({
      refused: 'search.hotels cannot feed book.guests: an array of object cannot fill an integer.',
    });
    expect(
      judgeConnection(tools, { tool: 'search', handle: 'r:rate' }, { tool: 'book', handle: 'r:booking_id' }),
    ).toEqual({
      refused: 'Two results cannot be connected: drop on a parameter.',
    });
    expect(
      judgeConnection(tools, { tool: 'search', handle: 'r:hotel_id' }, { tool: 'search', handle: 'p:city' }),
    ).toEqual({
      refused: 'A tool cannot be connected to itself.',
    });
  });
});

describe('tool names in the inspector', () => {
  it('accepts a valid, unused name and explains the others', () => {
    const taken = new Set(['search', 'book']);
    expect(nameProblem('reserve', 'book', taken)).toBeNull();
    expect(nameProblem('book', 'book', taken)).toBeNull();
    expect(nameProblem('search', 'book', taken)).toBe('"search" is already a tool of this graph.');
    expect(nameProblem('has space', 'book', taken)).toMatch(/letters, digits/);
    expect(nameProblem('x'.repeat(65), 'book', taken)).toMatch(/1–64/);
  });
});
