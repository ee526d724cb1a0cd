import { describe, expect, it } from 'vitest';
import { fieldCompatibility, schemaFields, type SchemaField } from '../../../shared/graph';

describe('schema fields (one handle each)', () => {
  it('flattens nested objects to dotted paths; nested fields are required only through required parents', () => {
    const fields = schemaFields({
      type: 'object',
      required: ['origin', 'options'],
      properties: {
        origin: { type: 'string' },
        options: {
          type: 'object',
          required: ['cabin'],
          properties: { cabin: { enum: ['economy', 'business'] }, bags: { type: 'integer' } },
        },
        loyalty: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
        tags: { type: 'array', items: { type: 'string' } },
        anything: {},
      },
    });
    expect(fields).toEqual([
      { path: 'origin', type: 'string', required: true },
      { path: 'options', type: 'object', required: true },
      { path: 'options.cabin', type: 'string', required: true, enum: ['economy', 'business'] },
      { path: 'options.bags', type: 'integer', required: false },
      { path: 'loyalty', type: 'object', required: false },
      { path: 'loyalty.id', type: 'string', required: false, format: 'uuid' },
      { path: 'tags', type: 'array', required: false, items: 'string' },
      { path: 'anything', type: 'any', required: false },
    ]);
  });

  it('has no fields for a schema without properties', () => {
    expect(schemaFields({ type: 'string' })).toEqual([]);
    expect(schemaFields({})).toEqual([]);
  });
});

const f = (type: string, extra: Partial<SchemaField> = {}): SchemaField => ({
  path: extra.path ?? 'x',
  type,
  required: true,
  ...extra,
});

describe('edge type compatibility', () => {
  it.each([
    ['string → string', f('string'), f('string'), 'ok'],
    ['integer → number', f('integer'), f('number'), 'ok'],
    ['number → integer', f('number'), f('integer'), 'loose'],
    ['number → string', f('number'), f('string'), 'loose'],
    ['boolean → string', f('boolean'), f('string'), 'loose'],
    ['string → number', f('string'), f('number'), 'incompatible'],
    ['object → string', f('object'), f('string'), 'incompatible'],
    ['array → string', f('array', { items: 'string' }), f('string'), 'incompatible'],
    ['untyped → string', f('any'), f('string'), 'loose'],
    ['enum subset', f('string', { enum: ['a'] }), f('string', { enum: ['a', 'b'] }), 'ok'],
    ['enum overlap', f('string', { enum: ['a', 'c'] }), f('string', { enum: ['a', 'b'] }), 'loose'],
    ['enum disjoint', f('string', { enum: ['c'] }), f('string', { enum: ['a', 'b'] }), 'incompatible'],
    ['free string → enum', f('string'), f('string', { enum: ['a'] }), 'loose'],
    ['number → enum string', f('number'), f('string', { enum: ['a'] }), 'incompatible'],
    ['date → date-time', f('string', { format: 'date' }), f('string', { format: 'date-time' }), 'loose'],
    ['array of integer → array of number', f('array', { items: 'integer' }), f('array', { items: 'number' }), 'loose'],
    [
      'array of object → array of string',
      f('array', { items: 'object' }),
      f('array', { items: 'string' }),
      'incompatible',
    ],
  ])('%s is %s', (_name, from, to, level) => {
    const verdict = fieldCompatibility(from, to);
    expect(verdict.level).toBe(level);
    if (verdict.level !== 'ok') expect(verdict.reason.length).toBeGreaterThan(5);
  });
});
