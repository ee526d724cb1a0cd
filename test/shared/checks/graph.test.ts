import { describe, expect, it } from 'vitest';
import { GRAPH_CODES, checkGraph, type GraphProblem } from '../../../shared/checks/graph';
import { dep, graph, share, smartHomeGraph, tool } from '../../helpers/graphs';

const codes = (problems: GraphProblem[]) => problems.map((p) => `${p.code}:${p.where.tools.join(',')}`);

describe('graph checks', () => {
  it('finds nothing wrong with a sound chain', () => {
    const g = graph(
      [
        tool('search', { city: 'string' }, { hotel_id: 'string' }),
        tool('book', { hotel_id: 'string' }, { booking: 'string' }),
      ],
      [dep('search', 'hotel_id', 'book', 'hotel_id')],
    );
    expect(checkGraph(g)).toEqual([]);
  });

  it('reports invalid and duplicate names', () => {
    expect(codes(checkGraph(graph([tool('bad name'), tool('a'), tool('a')])))).toEqual([
      'invalid-name:bad name',
      'duplicate-name:a',
    ]);
  });

  it('reports a dependency cycle with its path', () => {
    const g = graph(
      [tool('a', { x: 'string' }, { y: 'string' }), tool('b', { y: 'string' }, { x: 'string' }), tool('c')],
      [dep('a', 'y', 'b', 'y'), dep('b', 'x', 'a', 'x')],
    );
    const [cycle] = checkGraph(g);
    expect(cycle).toMatchObject({
      code: 'dependency-cycle',
      severity: 'error',
      where: { at: 'graph', tools: ['a', 'b'] },
      message: 'Dependency cycle: a → b → a.',
    });
  });

  it('reports edges to tools and fields that do not exist', () => {
    const g = graph(
      [tool('a', {}, { y: 'string' }), tool('b', { x: 'string' })],
      [dep('a', 'gone', 'b', 'x'), dep('a', 'y', 'ghost', 'x'), share('a', 'nope', 'b', 'x')],
    );
    expect(checkGraph(g).map((p) => [p.code, p.where.edge])).toEqual([
      ['edge-missing-field', 0],
      ['edge-missing-tool', 1],
      ['edge-missing-field', 2],
    ]);
  });

  it('reports incompatible edges as errors and loose ones as warnings', () => {
    const g = graph(
      [tool('a', {}, { n: 'number', o: 'object' }), tool('b', { s: 'string', t: 'string' })],
      [dep('a', 'n', 'b', 's'), dep('a', 'o', 'b', 't')],
    );
    expect(checkGraph(g).map((p) => `${p.severity}:${p.code}`)).toEqual([
      'error:edge-incompatible',
      'warning:edge-loose',
    ]);
  });

  it('reports schemas the compiler rejects', () => {
    const g = graph([tool('a')]);
    const problems = checkGraph(g, (schema) => (schema.type === 'object' && 'required' in schema ? 'bad' : null));
    expect(problems).toMatchObject([{ code: 'schema-error', message: 'a.parameters does not compile: bad' }]);
  });

  it('flags identifier parameters no tool produces (a labelled heuristic)', () => {
    const problems = checkGraph(graph([tool('book', { hotel_id: 'string', guests: 'integer' })]));
    expect(problems).toMatchObject([{ code: 'unfillable-parameter', where: { at: 'graph', tools: ['book'] } }]);
    expect(GRAPH_CODES['unfillable-parameter'].heuristic).toBe(true);
    expect(problems[0]!.message).toBe(
      'book.hotel_id is an identifier no tool produces; users rarely know it (heuristic). Connect a tool that returns it.',
    );
  });

  it('leaves an identifier people hold (an order or tracking number) to the user when no tool returns it', () => {
    const shop = graph([
      tool('lookup_order', { order_id: 'string' }, { order_id: 'string', status: 'string' }),
      tool('refund', { order_id: 'string', amount: 'number' }),
      tool('track_parcel', { tracking_number: 'string', carrier_id: 'string' }),
    ]);
    // lookup_order returns an order_id refund could take: that edge is missing, so it is still said.
    expect(codes(checkGraph(shop))).toEqual(['unfillable-parameter:refund', 'unfillable-parameter:track_parcel']);
    expect(checkGraph(shop).at(-1)!.message).toContain('track_parcel.carrier_id');
  });

  it('names the result field that could fill an unconnected identifier, list elements included', () => {
    const home = smartHomeGraph();
    const g = { ...home, edges: home.edges.filter((e) => e.kind !== 'dependency' || e.toTool !== 'get_temperature') };
    const message = checkGraph(g).find((p) => p.where.tools.includes('get_temperature'))!.message;
    expect(message).toBe(
      'get_temperature.room_id is an identifier no edge fills; users rarely know it (heuristic). ' +
        'Connect list_rooms.rooms[].room_id or set_thermostat.room_id to it.',
    );
  });

  it('flags a tool whose identifiers come only from tools that cannot run first', () => {
    const g = graph(
      [tool('cancel', { booking_id: 'string' }, { refund_id: 'string' }), tool('refund', { refund_id: 'string' })],
      [dep('cancel', 'refund_id', 'refund', 'refund_id')],
    );
    expect(codes(checkGraph(g))).toEqual(['unfillable-parameter:cancel', 'unreachable-tool:refund']);
  });
});
