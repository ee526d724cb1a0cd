import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../shared/domain';
import { seededRandom } from '../../../shared/random';
import { stringForPattern } from '../../../shared/json-schema/pattern-values';
import { describedExamples, schemaValue } from '../../../shared/json-schema/schema-values';

const ajv = new Ajv({ strict: false });
addFormats(ajv);

/** 100 draws of a parameter's value, each checked against its schema with ajv (as the checks do). */
function drawValid(name: string, schema: JsonSchema, seed = 1): unknown[] {
  const random = seededRandom(seed);
  const validate = ajv.compile(schema);
  return Array.from({ length: 100 }, () => {
    const value = schemaValue(name, schema, random);
    expect(validate(value), `${name} = ${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    return value;
  });
}

describe('schema-driven values', () => {
  it('writes strings of the formats ajv checks: email, date, date-time, time, uri, uuid, ipv4, hostname', () => {
    for (const format of ['email', 'date', 'date-time', 'time', 'uri', 'uuid', 'ipv4', 'ipv6', 'hostname', 'duration'])
      drawValid('to', { type: 'string', format });
    expect(drawValid('to', { type: 'string', format: 'email' })[0]).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
  });

  it('takes enum members, const and examples as they are', () => {
    expect(new Set(drawValid('mode', { type: 'string', enum: ['walk', 'transit', 'drive'] }))).toEqual(
      new Set(['walk', 'transit', 'drive']),
    );
    expect(drawValid('v', { const: 3 })).toEqual(Array(100).fill(3));
    expect(new Set(drawValid('unit', { type: 'string', examples: ['kg', 'lb'] }))).toEqual(new Set(['kg', 'lb']));
  });

  it('keeps numbers in their range: minimum, maximum, exclusive bounds, multipleOf, integers', () => {
    const celsius = drawValid('celsius', { type: 'number', minimum: 5, maximum: 30 }) as number[];
    expect(Math.min(...celsius)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...celsius)).toBeLessThanOrEqual(30);
    expect(new Set(celsius).size).toBeGreaterThan(20);
    drawValid('ratio', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 });
    drawValid('step', { type: 'number', minimum: 0, maximum: 10, multipleOf: 0.5 });
    const guests = drawValid('guests', { type: 'integer', minimum: 1 }) as number[];
    expect(guests.every((n) => Number.isInteger(n) && n >= 1 && n <= 5)).toBe(true);
    drawValid('year', { type: 'integer', minimum: 2000, maximum: 2030 });
    const lat = drawValid('lat', { type: 'number' }) as number[];
    expect(lat.every((n) => Math.abs(n) <= 90)).toBe(true);
  });

  it('builds nested objects (required properties always) and arrays within their item counts', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        room: {
          type: 'object',
          properties: { name: { type: 'string' }, floor: { type: 'integer', minimum: 0, maximum: 3 } },
          required: ['name', 'floor'],
        },
        tags: {
          type: 'array',
          items: { type: 'string', enum: ['a', 'b', 'c'] },
          minItems: 2,
          maxItems: 3,
          uniqueItems: true,
        },
        note: { type: 'string' },
      },
      required: ['room', 'tags'],
      additionalProperties: false,
    };
    const values = drawValid('filter', schema) as { room: object; tags: string[]; note?: string }[];
    expect(values.every((v) => v.room && v.tags.length >= 2)).toBe(true);
    // Optional properties come and go: both shapes occur.
    expect(values.some((v) => v.note !== undefined) && values.some((v) => v.note === undefined)).toBe(true);
    drawValid('points', { type: 'array', items: { type: 'number', minimum: -1, maximum: 1 } });
  });

  it('follows simple patterns, string lengths, nullable types and oneOf branches', () => {
    expect(drawValid('code', { type: 'string', pattern: '^[A-Z]{3}-\\d{2,4}$' })[0]).toMatch(/^[A-Z]{3}-\d{2,4}$/);
    drawValid('flight', { type: 'string', pattern: '^TP-\\d{8}-\\d$' });
    drawValid('currency', { type: 'string', pattern: '^(EUR|USD|GBP)$' });
    drawValid('short', { type: 'string', minLength: 12, maxLength: 14 });
    drawValid('maybe', { type: ['string', 'null'], format: 'date' });
    drawValid('either', { oneOf: [{ type: 'integer', minimum: 10, maximum: 12 }, { type: 'boolean' }] });
  });

  it('reads names and descriptions: cities, ISO codes, people, ISO times, described examples', () => {
    const random = seededRandom(4);
    expect(describedExamples('City name, e.g. "Lisbon"')).toEqual(['Lisbon']);
    expect(schemaValue('citizenship', { type: 'string', description: 'ISO 3166 code' }, random)).toMatch(/^[A-Z]{2}$/);
    expect(schemaValue('from_currency', { type: 'string' }, random)).toMatch(/^[A-Z]{3}$/);
    expect(schemaValue('start', { type: 'string', description: 'ISO start time' }, random)).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/,
    );
    expect(schemaValue('traveler_name', { type: 'string' }, random)).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const rooms = new Set(
      Array.from({ length: 30 }, () => schemaValue('room', { type: 'string', description: 'e.g. "bedroom"' }, random)),
    );
    expect(rooms).toEqual(new Set(['bedroom']));
  });

  it('draws again while a value is one to avoid, and is the same for the same seed', () => {
    const schema = { type: 'string', enum: ['Oslo', 'Lisbon'] };
    const random = seededRandom(9);
    for (let i = 0; i < 20; i++)
      expect(schemaValue('city', schema, random, { avoid: (v) => v === 'Oslo' })).toBe('Lisbon');
    const draw = (seed: number) => {
      const r = seededRandom(seed);
      return Array.from({ length: 10 }, () => schemaValue('when', { type: 'string', format: 'date-time' }, r));
    };
    expect(draw(3)).toEqual(draw(3));
    expect(draw(3)).not.toEqual(draw(4));
  });

  it('gives up on patterns it cannot write rather than writing a wrong value', () => {
    const random = seededRandom(2);
    expect(stringForPattern('^(?=a)b$', random)).toBeNull();
    expect(stringForPattern('^[^a]+$', random)).toBeNull();
    expect(stringForPattern('(a)\\1', random)).toBeNull();
    expect(stringForPattern('^H-[A-Z]{3}-\\d+$', random)).toMatch(/^H-[A-Z]{3}-\d+$/);
  });
});
