import { describe, expect, it } from 'vitest';
import type { GraphEdge } from '../../../shared/domain';
import { judgeConnection } from '../../../renderer/src/workspaces/graph/canvas/connect';
import { toFlowEdges } from '../../../renderer/src/workspaces/graph/canvas/flow-model';
import { smartHomeGraph, tool } from '../../helpers/graphs';

const home = smartHomeGraph();
const tools = new Map([...home.tools, tool('annotate', { note: 'string' })].map((t) => [t.name, t]));
const roomEdge: GraphEdge = {
  kind: 'dependency',
  fromTool: 'list_rooms',
  fromPath: 'rooms[].room_id',
  toTool: 'get_temperature',
  toParam: 'room_id',
};

describe('element edges on the canvas', () => {
  it('connects an element field handle (r:rooms[].room_id) to a parameter like any field', () => {
    expect(
      judgeConnection(
        tools,
        { tool: 'list_rooms', handle: 'r:rooms[].room_id' },
        { tool: 'get_temperature', handle: 'p:room_id' },
      ),
    ).toEqual({ edge: roomEdge, compatibility: { level: 'ok' } });
  });

  it('a list dropped on a scalar connects the one element field that clearly fits, and says so', () => {
    expect(
      judgeConnection(
        tools,
        { tool: 'get_temperature', handle: 'p:room_id' },
        { tool: 'list_rooms', handle: 'r:rooms' },
      ),
    ).toEqual({
      edge: roomEdge,
      compatibility: { level: 'ok' },
      picked: "rooms is a list: connected one element's field, rooms[].room_id → get_temperature.room_id.",
    });
  });

  it('refuses a list on a scalar when the choice is not clear, naming the element fields that fit', () => {
    expect(
      judgeConnection(tools, { tool: 'list_rooms', handle: 'r:rooms' }, { tool: 'annotate', handle: 'p:note' }),
    ).toEqual({
      refused:
        'list_rooms.rooms cannot feed annotate.note: an array of object cannot fill a string. ' +
        'Drag one of its element fields instead: rooms[].room_id, rooms[].name.',
    });
  });

  it('draws element edges with their own class (dotted), on the element field handle', () => {
    const [element, shared] = toFlowEdges({ edges: [roomEdge, home.edges[2]!] }, []);
    expect(element).toMatchObject({
      className: 'edge-dependency edge-element',
      sourceHandle: 'r:rooms[].room_id',
      targetHandle: 'p:room_id',
    });
    expect(shared!.className).toBe('edge-shared');
    expect(shared!.style).toEqual({ strokeDasharray: '6 4' });
    // Two parameters on the left of their tools: drawn around the tools from the left (SharedParamEdge).
    expect(shared!.type).toBe('shared-param');
  });
});
