import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTrajectory } from '../../../shared/checks/trajectory';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import { GraphFile, TrajectoryFile, type Turn } from '../../../shared/domain';

const examples = path.join(__dirname, '..', '..', '..', 'resources', 'examples');
const graph = GraphFile.parse(JSON.parse(fs.readFileSync(path.join(examples, 'trip-planning.graph.json'), 'utf8')));
const trajectory = (name: string) =>
  TrajectoryFile.parse(JSON.parse(fs.readFileSync(path.join(examples, 'trajectories', name), 'utf8'))).turns;
const context = { graph, validate: argumentValidator(graph) };

describe('trajectory checks on the example workspace', () => {
  it('finds nothing wrong with the trajectory that succeeds', () => {
    expect(checkTrajectory(trajectory('lisbon-flight-booked.json'), context)).toEqual([]);
  });

  it('finds each failure of the failing trajectory at its turn', () => {
    const findings = checkTrajectory(trajectory('kyoto-hotel-failed.json'), context);
    const summary = findings.map((f) => `${f.where.turn} ${f.code} ${f.where.path}`);
    // The invented hotel id is out of order, which says more than "ungrounded": one finding for it.
    expect(summary).not.toContain('2 ungrounded-value $.toolCalls[0].args.hotel_id');
    expect(summary).toEqual(
      expect.arrayContaining([
        '2 dependency-order $.toolCalls[0].args.hotel_id',
        '3 tool-error $.content',
        // The error's echo of the invented id does not give it.
        '4 dependency-order $.toolCalls[0].args.hotel_id',
        '4 repeated-call $.toolCalls[0]',
        '6 schema-violation $.toolCalls[0].args.lat',
        '6 schema-violation $.toolCalls[0].args.lon',
        '7 no-final-answer $',
      ]),
    );
    expect(findings.find((f) => f.code === 'dependency-order')!.message).toBe(
      'book_hotel.hotel_id comes from search_hotels, which was not called before.',
    );
    expect(findings.find((f) => f.where.path.endsWith('.lon'))!.message).toBe(
      'get_weather_forecast: missing required argument lon.',
    );
  });
});

describe('trajectory checks on constructed cases', () => {
  const call = (id: string, name: string, args: unknown): Turn => ({
    role: 'assistant',
    toolCalls: [{ id, name, args }],
  });

  it('reports unknown tools, malformed calls, and results without calls', () => {
    const turns: Turn[] = [
      { role: 'user', content: 'hi' },
      call('c1', 'teleport', {}),
      call('c2', 'book_flight', '{"flight_id": '),
      { role: 'tool', toolCallId: 'nope', content: '{}' },
      { role: 'assistant', content: 'Done.' },
    ];
    const kinds = checkTrajectory(turns, { graph }).map((f) => `${f.where.turn} ${f.code}`);
    expect(kinds).toEqual(
      ['1 unknown-tool', '2 malformed-call', '3 unpaired-result', '1 unanswered-call', '2 unanswered-call'].sort(
        (a, b) => Number(a[0]) - Number(b[0]),
      ),
    );
  });

  it("pairs a simulated user's own calls with their results, without checking them against the agent's tools", () => {
    const turns: Turn[] = [
      {
        role: 'user',
        content: 'My phone has no signal.',
        toolCalls: [{ id: 'u1', name: 'toggle_airplane_mode', args: {} }],
      },
      { role: 'tool', toolCallId: 'u1', content: 'Airplane mode is off.' },
      { role: 'assistant', content: 'Signal should be back now.' },
    ];
    expect(checkTrajectory(turns, { graph }).map((f) => f.code)).toEqual([]);
    expect(checkTrajectory(turns.slice(1), { graph }).map((f) => f.code)).toEqual(['unpaired-result']);
  });

  it('checks structure without a graph', () => {
    expect(checkTrajectory([{ role: 'user', content: 'hi' }]).map((f) => f.code)).toEqual(['no-final-answer']);
  });
});

describe('grounding', () => {
  const home = {
    tools: [
      { name: 'list_rooms', parameters: { type: 'object', properties: {} } },
      {
        name: 'set_thermostat',
        parameters: {
          type: 'object',
          properties: {
            room_id: { type: 'string' },
            celsius: { type: 'number' },
            mode: { type: 'string', enum: ['heat', 'cool', 'auto'] },
          },
        },
      },
    ],
    edges: [],
  };
  const run = (args: Record<string, unknown>, rooms = '{"rooms": [{"room_id": "r1", "name": "Kitchen"}]}') =>
    checkTrajectory(
      [
        { role: 'user', content: 'Set the kitchen to 21 degrees.' },
        { role: 'assistant', toolCalls: [{ id: 'c1', name: 'list_rooms', args: {} }] },
        { role: 'tool', toolCallId: 'c1', content: rooms },
        { role: 'assistant', toolCalls: [{ id: 'c2', name: 'set_thermostat', args }] },
        { role: 'tool', toolCallId: 'c2', content: '{"ok": true}' },
        { role: 'assistant', content: 'Done.' },
      ],
      { graph: home },
    ).filter((f) => f.code === 'ungrounded-value');

  it('takes a member of the schema’s enum as grounded by the schema itself', () => {
    expect(run({ room_id: 'r1', celsius: 21, mode: 'heat' })).toEqual([]);
  });

  it('flags a short id that no earlier result gave, and not one that it did', () => {
    const findings = run({ room_id: 'r9', celsius: 21, mode: 'heat' });
    expect(findings.map((f) => f.where.path)).toEqual(['$.toolCalls[0].args.room_id']);
    expect(findings[0]!.message).toContain('an invented id?');
    // "r1" is grounded by the listing; "r1" inside "r10" is not the same id.
    expect(run({ room_id: 'r1' }, '{"rooms": [{"room_id": "r10"}]}').map((f) => f.where.path)).toEqual([
      '$.toolCalls[0].args.room_id',
    ]);
  });

  it('leaves short values that are not ids alone, as before', () => {
    expect(run({ room_id: 'r1', celsius: 5 })).toEqual([]);
  });
});

describe('values a dependency edge says come from an earlier result', () => {
  const graph = {
    tools: [
      { name: 'list_rooms', parameters: { type: 'object', properties: {} } },
      { name: 'set_thermostat', parameters: { type: 'object', properties: { room_id: { type: 'string' } } } },
    ],
    edges: [
      {
        kind: 'dependency' as const,
        fromTool: 'list_rooms',
        fromPath: 'rooms[].room_id',
        toTool: 'set_thermostat',
        toParam: 'room_id',
      },
    ],
  };
  const run = (roomId: string) =>
    checkTrajectory(
      [
        { role: 'user', content: 'Warm up room r9 and the kitchen.' },
        { role: 'assistant', toolCalls: [{ id: 'c1', name: 'list_rooms', args: {} }] },
        { role: 'tool', toolCallId: 'c1', content: '{"rooms": [{"room_id": "r1"}, {"room_id": "r2"}]}' },
        { role: 'assistant', toolCalls: [{ id: 'c2', name: 'set_thermostat', args: { room_id: roomId } }] },
        { role: 'tool', toolCallId: 'c2', content: '{"ok": true}' },
        { role: 'assistant', content: 'Done.' },
      ],
      { graph },
    ).filter((f) => f.code === 'invented-value');

  it('is an error when the producing tool’s result does not hold it, even if the user said it', () => {
    expect(run('r9')).toEqual([
      {
        code: 'invented-value',
        severity: 'error',
        where: { at: 'turn', turn: 3, path: '$.toolCalls[0].args.room_id' },
        message:
          'set_thermostat.room_id = "r9" should come from list_rooms\'s result (one element of its rooms) at turn #2, which does not contain it.',
      },
    ]);
  });

  it('is grounded when an element of the listed result holds it', () => {
    expect(run('r2')).toEqual([]);
  });
});

describe('one finding per value, the most specific', () => {
  const graph = {
    tools: [
      { name: 'list_rooms', parameters: { type: 'object', properties: {} } },
      {
        name: 'set_thermostat',
        parameters: {
          type: 'object',
          properties: { room_id: { type: 'string' }, mode: { type: 'string', enum: ['heat', 'cool'] } },
        },
      },
    ],
    edges: [
      {
        kind: 'dependency' as const,
        fromTool: 'list_rooms',
        fromPath: 'rooms[].room_id',
        toTool: 'set_thermostat',
        toParam: 'room_id',
      },
    ],
  };
  const context = { graph, validate: argumentValidator(graph) };
  const listed: Turn[] = [
    { role: 'user', content: 'Warm up the kitchen.' },
    { role: 'assistant', toolCalls: [{ id: 'c1', name: 'list_rooms', args: {} }] },
    { role: 'tool', toolCallId: 'c1', content: '{"rooms": [{"room_id": "r1"}, {"room_id": "r2"}]}' },
  ];
  const thermostat = (args: object): Turn[] => [
    { role: 'assistant', toolCalls: [{ id: 'c2', name: 'set_thermostat', args }] },
    { role: 'tool', toolCallId: 'c2', content: '{"ok": true}' },
    { role: 'assistant', content: 'Done.' },
  ];
  const findingsAt = (turns: Turn[], param: string) =>
    checkTrajectory(turns, context)
      .filter((f) => f.where.path === `$.toolCalls[0].args.${param}`)
      .map((f) => f.code);

  it('an id the producing result does not hold is invented, not also ungrounded', () => {
    expect(findingsAt([...listed, ...thermostat({ room_id: 'r7' })], 'room_id')).toEqual(['invented-value']);
  });

  it('an id from a tool not called before is out of order, not also ungrounded', () => {
    expect(findingsAt([listed[0]!, ...thermostat({ room_id: 'r7' })], 'room_id')).toEqual(['dependency-order']);
  });

  it('a value outside its enum is a schema violation, not also ungrounded', () => {
    const turns = [...listed, ...thermostat({ room_id: 'r1', mode: 'boost' })];
    expect(findingsAt(turns, 'mode')).toEqual(['schema-violation']);
    expect(checkTrajectory(turns, context).find((f) => f.code === 'schema-violation')!.message).toBe(
      'set_thermostat: mode is "boost", not one of "heat", "cool".',
    );
  });

  it('an element of a list outside its enum is a schema violation, not also ungrounded', () => {
    const tagged = {
      ...graph,
      tools: [
        ...graph.tools,
        {
          name: 'tag_room',
          parameters: {
            type: 'object',
            properties: { tags: { type: 'array', items: { type: 'string', enum: ['warm', 'cold'] } } },
          },
        },
      ],
    };
    const turns: Turn[] = [
      ...listed,
      { role: 'assistant', toolCalls: [{ id: 'c2', name: 'tag_room', args: { tags: ['warm', 'sauna'] } }] },
      { role: 'tool', toolCallId: 'c2', content: '{"ok": true}' },
      { role: 'assistant', content: 'Done.' },
    ];
    const found = checkTrajectory(turns, { graph: tagged, validate: argumentValidator(tagged) }).filter(
      (f) => f.where.turn === 3,
    );
    expect(found.map((f) => f.code)).toEqual(['schema-violation']);
    expect(found[0]!.message).toBe('tag_room: tags.1 is "sauna", not one of "warm", "cold".');
  });

  it('a value no check knows better is still ungrounded', () => {
    expect(findingsAt([...listed, ...thermostat({ room_id: 'r1', mode: 'heat', note: 'cosy' })], 'note')).toEqual([
      'ungrounded-value',
    ]);
  });
});
