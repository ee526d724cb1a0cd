import { describe, expect, it } from 'vitest';
import {
  clearElementField,
  elementFieldsThatFit,
  elementPattern,
  fieldAt,
  fieldCompatibility,
  fieldNameVariants,
  findField,
  parseFieldPath,
  readFieldPath,
  schemaFields,
  suggestEdges,
} from '../../../shared/graph';
import { checkGraph } from '../../../shared/checks/graph';
import { dep, graph, tool } from '../../helpers/graphs';
import { smartHomeGraph } from '../../helpers/graphs';

const home = smartHomeGraph();
const listRooms = home.tools.find((t) => t.name === 'list_rooms')!;
const getTemperature = home.tools.find((t) => t.name === 'get_temperature')!;
const roomId = findField(getTemperature.parameters, 'room_id')!;
const rooms = [
  { room_id: 'r1', name: 'Kitchen' },
  { room_id: 'r2', name: 'Bedroom' },
];

describe('element paths: [] any element, [N] by index, [field=value] by match', () => {
  it('parses keys and picks, and writes a pick back as [] for edges', () => {
    expect(parseFieldPath('rooms[].room_id')).toEqual([
      { kind: 'key', key: 'rooms' },
      { kind: 'element', pick: { by: 'first' } },
      { kind: 'key', key: 'room_id' },
    ]);
    expect(parseFieldPath('rooms[2].room_id')?.[1]).toEqual({ kind: 'element', pick: { by: 'index', index: 2 } });
    expect(parseFieldPath('rooms[name=St. Mary].room_id')?.[1]).toEqual({
      kind: 'element',
      pick: { by: 'match', field: 'name', value: 'St. Mary' },
    });
    expect(elementPattern('rooms[name=bedroom].room_id')).toBe('rooms[].room_id');
    expect(elementPattern('top_place.lat')).toBe('top_place.lat');
  });

  it.each(['', 'rooms[', 'rooms[].', 'a..b', '[].room_id', 'rooms[x]'])('refuses "%s" as a path', (path) => {
    expect(parseFieldPath(path)).toBeNull();
  });

  it('reads [] as the first element, [N] by index, [field=value] by match ignoring case', () => {
    const result = { rooms };
    expect(readFieldPath(result, 'rooms[].room_id')).toEqual({ ok: true, value: 'r1' });
    expect(readFieldPath(result, 'rooms[1].room_id')).toEqual({ ok: true, value: 'r2' });
    expect(readFieldPath(result, 'rooms[name=bedroom].room_id')).toEqual({ ok: true, value: 'r2' });
    expect(readFieldPath(result, 'rooms.1.room_id')).toEqual({ ok: true, value: 'r2' });
  });

  it('fails a pick that finds no element, with the reason; a missing key is only undefined', () => {
    expect(readFieldPath({ rooms: [] }, 'rooms[].room_id')).toEqual({ ok: false, reason: 'rooms is empty' });
    expect(readFieldPath({ rooms }, 'rooms[5].room_id')).toEqual({
      ok: false,
      reason: 'rooms has no element 5 (it has 2)',
    });
    expect(readFieldPath({ rooms }, 'rooms[name=attic].room_id')).toEqual({
      ok: false,
      reason: 'no element of rooms has name "attic"',
    });
    expect(readFieldPath({ rooms: 'none' }, 'rooms[].room_id')).toEqual({ ok: false, reason: 'rooms is not a list' });
    expect(readFieldPath({ error: 'down' }, 'rooms[].room_id')).toEqual({ ok: false, reason: 'there is no rooms' });
    expect(readFieldPath({ rooms }, 'rooms[].floor')).toEqual({ ok: true, value: undefined });
  });
});

describe('element fields in schemas (handles for list items)', () => {
  it('lists the fields of array-of-object items under the array when asked, for results only', () => {
    expect(schemaFields(listRooms.returns).map((f) => f.path)).toEqual(['rooms']);
    expect(schemaFields(listRooms.returns, { elements: true })).toEqual([
      { path: 'rooms', type: 'array', required: true, items: 'object' },
      { path: 'rooms[].room_id', type: 'string', required: true },
      { path: 'rooms[].name', type: 'string', required: true },
    ]);
  });

  it('finds a field through list items for any pick, and says where a path leaves the schema', () => {
    expect(findField(listRooms.returns, 'rooms[].room_id')?.type).toBe('string');
    expect(findField(listRooms.returns, 'rooms[3].name')?.type).toBe('string');
    expect(fieldAt(listRooms.returns, 'rooms.room_id')).toEqual({
      problem: 'rooms is a list: pick an element, as in rooms[].room_id',
    });
    expect(fieldAt(listRooms.returns, 'rooms[].floor')).toEqual({ problem: 'no field "floor" in rooms[]' });
    expect(fieldAt(getTemperature.returns, 'celsius[].x')).toEqual({ problem: 'celsius is not a list' });
    expect(fieldAt(listRooms.returns, 'rooms[floor=2].room_id')).toEqual({
      problem: 'elements of rooms have no field "floor" to match',
    });
  });

  it('type-checks an element field like any field: rooms[].room_id (string) fills room_id (string)', () => {
    const element = findField(listRooms.returns, 'rooms[].room_id')!;
    expect(fieldCompatibility(element, roomId)).toEqual({ level: 'ok' });
    expect(fieldCompatibility(findField(listRooms.returns, 'rooms')!, roomId)).toEqual({
      level: 'incompatible',
      reason: 'an array of object cannot fill a string',
    });
  });
});

describe('element edges in graph checks', () => {
  it('finds nothing wrong with the smart-home graph and its rooms[].room_id edges', () => {
    expect(checkGraph(home)).toEqual([]);
  });

  it('names the element fields that fit when a whole list feeds a scalar', () => {
    const g = graph(home.tools, [dep('list_rooms', 'rooms', 'get_temperature', 'room_id')]);
    const [problem] = checkGraph(g);
    expect(problem).toMatchObject({ code: 'edge-incompatible', severity: 'error' });
    expect(problem!.message).toBe(
      'Edge list_rooms.rooms → get_temperature.room_id: an array of object cannot fill a string; ' +
        "connect an element's field instead: rooms[].room_id, rooms[].name.",
    );
  });

  it('refuses an edge that picks a given element, or goes into a list parameter', () => {
    const tools = [
      ...home.tools,
      tool('tag_rooms', {
        tags: { type: 'array', items: { type: 'object', properties: { room_id: { type: 'string' } } } },
      }),
    ];
    const g = graph(tools, [
      dep('list_rooms', 'rooms[0].room_id', 'get_temperature', 'room_id'),
      dep('list_rooms', 'rooms[].room_id', 'tag_rooms', 'tags[].room_id'),
    ]);
    const messages = checkGraph(g)
      .filter((p) => p.code === 'edge-missing-field')
      .map((p) => p.message);
    expect(messages).toEqual([
      'Edge list_rooms.rooms[0].room_id → get_temperature.room_id: an edge picks any element ("rooms[].room_id"); a plan step chooses which.',
      'Edge list_rooms.rooms[].room_id → tag_rooms.tags[].room_id: "tags[].room_id" is inside a list parameter; an edge fills a whole parameter.',
    ]);
  });

  it('counts an element edge as feeding an identifier (no unfillable-parameter warning)', () => {
    const g = graph(home.tools, []);
    expect(checkGraph(g).map((p) => p.code)).toContain('unfillable-parameter');
    expect(checkGraph(graph(home.tools, home.edges)).map((p) => p.code)).not.toContain('unfillable-parameter');
  });
});

describe('dropping a list on a scalar offers the element fields that fit', () => {
  it('ranks exact, same-named fields first and picks one only when the choice is clear', () => {
    const fits = elementFieldsThatFit(listRooms.returns, 'rooms', roomId);
    expect(fits.map((f) => [f.field.path, f.compatibility.level, f.sameName])).toEqual([
      ['rooms[].room_id', 'ok', true],
      ['rooms[].name', 'ok', false],
    ]);
    expect(clearElementField(fits)?.field.path).toBe('rooms[].room_id');
  });

  it('leaves the choice to the user when no field fits exactly or several do without a name match', () => {
    const integer = { path: 'guests', type: 'integer', required: true };
    const flights = tool(
      'search',
      {},
      {
        flights: {
          type: 'array',
          items: { type: 'object', properties: { price: { type: 'number' }, id: { type: 'string' } } },
        },
      },
    );
    const loose = elementFieldsThatFit(flights.returns, 'flights', integer);
    expect(loose.map((f) => f.compatibility.level)).toEqual(['loose']);
    expect(clearElementField(loose)).toBeNull();
    const text = { path: 'note', type: 'string', required: true };
    expect(clearElementField(elementFieldsThatFit(listRooms.returns, 'rooms', text))).toBeNull();
  });
});

describe('element edge suggestions (name match)', () => {
  it('proposes rooms[].room_id → room_id for each tool taking room_id', () => {
    const suggestions = suggestEdges(graph(home.tools, [])).filter(
      (s) => s.edge.kind === 'dependency' && s.edge.fromTool === 'list_rooms',
    );
    expect(suggestions.map((s) => s.key)).toEqual([
      'dep:list_rooms.rooms[].room_id->get_temperature.room_id',
      'dep:list_rooms.rooms[].room_id->set_thermostat.room_id',
    ]);
    expect(suggestions[0]!.reason).toBe(
      "list_rooms returns a list of rooms; one room's room_id fills get_temperature.room_id (a room's room_id has the name of the parameter; get_temperature's description names list_rooms; one is picked from a list; room_id is an id)",
    );
  });

  it('says why in the names the schema spells, with the article the entity takes', () => {
    const lister = tool(
      'list_incidents',
      {},
      {
        incidents: { type: 'array', items: { type: 'object', properties: { incidentId: { type: 'string' } } } },
      },
    );
    const [found] = suggestEdges(graph([lister, tool('acknowledge_incident', { incidentId: 'string' })]));
    expect(found!.reason).toContain("one incident's incidentId fills acknowledge_incident.incidentId");
    expect(found!.reason).toContain("(an incident's incidentId has the name of the parameter");
    expect(found!.reason).not.toMatch(/incident_id|a incident/);
  });

  it('matches an element id by the list’s singular: rooms[].id ↔ room_id', () => {
    expect(fieldNameVariants('rooms[].id')).toEqual(['id', 'room_id']);
    expect(fieldNameVariants('cities[].name')).toEqual(['name', 'city_name']);
    expect(fieldNameVariants('rooms[].room_id')).toEqual(['room_id']);
    const lister = tool(
      'list_rooms',
      {},
      {
        rooms: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    );
    const keys = suggestEdges(graph([lister, tool('get_temperature', { room_id: 'string' })])).map((s) => s.key);
    expect(keys).toEqual(['dep:list_rooms.rooms[].id->get_temperature.room_id']);
  });
});
