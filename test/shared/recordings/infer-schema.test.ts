import { describe, expect, it } from 'vitest';
import { inferSchema, proposeReturns } from '../../../shared/recordings';

describe('result schema inference', () => {
  it('types each field from the values seen; whole and fractional numbers together are numbers', () => {
    expect(
      inferSchema([
        { n: 1, x: 1, ok: true, s: 'a' },
        { n: 2, x: 2.5, ok: false, s: 'b' },
      ]),
    ).toEqual({
      type: 'object',
      properties: { n: { type: 'integer' }, x: { type: 'number' }, ok: { type: 'boolean' }, s: { type: 'string' } },
      required: ['n', 'x', 'ok', 's'],
    });
  });

  it('requires the fields present in every object, and only those', () => {
    const schema = inferSchema([{ a: 1, b: 2 }, { a: 3 }]);
    expect(schema.required).toEqual(['a']);
    expect(Object.keys(schema.properties as object)).toEqual(['a', 'b']);
  });

  it('gives arrays of objects one item schema from all their items', () => {
    expect(
      inferSchema([
        {
          rooms: [
            { room_id: 'r1', name: 'bedroom' },
            { room_id: 'r2', name: 'kitchen', floor: 1 },
          ],
        },
        { rooms: [] },
      ]),
    ).toEqual({
      type: 'object',
      properties: {
        rooms: {
          type: 'array',
          items: {
            type: 'object',
            properties: { room_id: { type: 'string' }, name: { type: 'string' }, floor: { type: 'integer' } },
            required: ['room_id', 'name'],
          },
        },
      },
      required: ['rooms'],
    });
  });

  it('makes an enum of a string field with few repeated values, never of an identifier or a one-off', () => {
    const results = ['heat', 'cool', 'heat', 'auto', 'cool', 'heat'].map((mode, i) => ({ mode, room_id: `r${i % 2}` }));
    const schema = inferSchema(results) as { properties: Record<string, unknown> };
    expect(schema.properties.mode).toEqual({ type: 'string', enum: ['auto', 'cool', 'heat'] });
    expect(schema.properties.room_id).toEqual({ type: 'string' });
    // Three values seen once each: names, not an enum.
    expect(inferSchema(['Ana', 'Bo', 'Cy'])).toEqual({ type: 'string' });
  });

  it('marks a field nullable when null is among its values, keeping null in an enum', () => {
    expect(inferSchema([{ v: 'a' }, { v: null }])).toMatchObject({ properties: { v: { type: ['string', 'null'] } } });
    expect(inferSchema(['x', 'x', null, 'x', 'y', 'y'])).toEqual({ type: ['string', 'null'], enum: ['x', 'y', null] });
  });

  it('gives anyOf when a field takes several kinds of value', () => {
    expect(inferSchema([1, 'one'])).toEqual({ anyOf: [{ type: 'integer' }, { type: 'string' }] });
  });

  it('gives a format when every string has it', () => {
    expect(inferSchema(['2027-01-02', '2027-03-04'])).toEqual({ type: 'string', format: 'date' });
    expect(inferSchema(['2027-01-02T10:00:00Z'])).toEqual({ type: 'string', format: 'date-time' });
    expect(inferSchema(['ana@example.org'])).toEqual({ type: 'string', format: 'email' });
  });

  it('leaves a schema open when nothing was seen', () => {
    expect(inferSchema([])).toEqual({});
    expect(inferSchema([{ items: [] }])).toEqual({
      type: 'object',
      properties: { items: { type: 'array' } },
      required: ['items'],
    });
  });
});

describe('returns proposals', () => {
  it('keeps the descriptions of the current schema and says whether anything changed', () => {
    const current = {
      type: 'object',
      description: 'Rooms',
      properties: { rooms: { type: 'array', description: 'All rooms' } },
    };
    const proposal = proposeReturns('list_rooms', current, [{ rooms: [{ room_id: 'r1' }] }]);
    expect(proposal).toMatchObject({ tool: 'list_rooms', results: 1, changed: true });
    expect(proposal.proposed).toMatchObject({
      description: 'Rooms',
      properties: { rooms: { description: 'All rooms', items: { properties: { room_id: { type: 'string' } } } } },
    });
    expect(proposeReturns('t', proposal.proposed, [{ rooms: [{ room_id: 'r1' }] }]).changed).toBe(false);
  });
});
