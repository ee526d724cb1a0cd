import { describe, expect, it } from 'vitest';
import { lintSchema } from '../../../shared/graph';

describe('keywords that cannot apply to their type', () => {
  it('finds "minimum" on a string parameter, with where it is', () => {
    const lint = lintSchema({
      type: 'object',
      properties: { date: { type: 'string', minimum: 1 }, passengers: { type: 'integer', minimum: 1 } },
      required: ['date'],
    });
    expect(lint).toEqual([
      {
        path: 'properties.date',
        keyword: 'minimum',
        message: 'properties.date: "minimum" applies to numbers, but the type is string; it has no effect.',
      },
    ]);
  });

  it('looks into list items, nested objects and alternatives', () => {
    const lint = lintSchema({
      type: 'object',
      properties: {
        rooms: { type: 'array', items: { type: 'object', properties: { id: { type: 'number', maxLength: 3 } } } },
        when: {
          anyOf: [
            { type: 'string', format: 'date' },
            { type: 'integer', pattern: '^\\d+$' },
          ],
        },
        name: { type: 'string', required: true },
      },
    }).map((l) => `${l.path} ${l.keyword}`);
    expect(lint).toEqual([
      'properties.rooms.items.properties.id maxLength',
      'properties.when.anyOf[1] pattern',
      'properties.name required',
    ]);
  });

  it('judges only schemas that declare a type, and accepts a keyword that fits one of several types', () => {
    expect(lintSchema({ minimum: 0, pattern: 'x' })).toEqual([]);
    expect(lintSchema({ type: ['string', 'null'], maxLength: 10 })).toEqual([]);
    expect(lintSchema({ type: 'object', properties: {}, required: [] })).toEqual([]);
  });
});
