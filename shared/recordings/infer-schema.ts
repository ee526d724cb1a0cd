import { canonicalJson } from '../json';
import type { JsonSchema } from '../domain';
import { isObject } from '../json';

/** A string field becomes an enum when it takes at most this many values… */
export const ENUM_MAX_VALUES = 5;
/** …and each value is seen at least twice on average, over at least this many results. */
export const ENUM_MIN_SAMPLES = 4;
/** Deeper than this, a value's schema is left open (`{}`). */
const MAX_DEPTH = 16;

const FORMATS: [string, RegExp][] = [
  ['date-time', /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/],
  ['date', /^\d{4}-\d{2}-\d{2}$/],
  ['email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
];

/** Identifiers vary from world to world: they never become enums, however few values were seen. */
const isIdentifierName = (name: string) => /(^|_)id$|Id$|^id$|_ids?$|uuid/i.test(name);

type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

function typeOf(value: unknown): JsonType {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean' || typeof value === 'string') return typeof value as JsonType;
  return isObject(value) ? 'object' : 'string';
}

function stringSchema(values: string[], name: string): JsonSchema {
  const schema: JsonSchema = { type: 'string' };
  const distinct = [...new Set(values)];
  const format = FORMATS.find(([, pattern]) => values.every((v) => pattern.test(v)))?.[0];
  if (format) schema.format = format;
  else if (
    !isIdentifierName(name) &&
    values.length >= ENUM_MIN_SAMPLES &&
    distinct.length <= ENUM_MAX_VALUES &&
    distinct.length * 2 <= values.length
  )
    schema.enum = distinct.sort();
  return schema;
}

function objectSchema(values: Record<string, unknown>[], depth: number): JsonSchema {
  const keys: string[] = [];
  const byKey = new Map<string, unknown[]>();
  for (const value of values)
    for (const [key, field] of Object.entries(value)) {
      if (!byKey.has(key)) {
        keys.push(key);
        byKey.set(key, []);
      }
      byKey.get(key)!.push(field);
    }
  const properties = Object.fromEntries(keys.map((k) => [k, schemaOf(byKey.get(k)!, k, depth + 1)]));
  const required = keys.filter((k) => byKey.get(k)!.length === values.length);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** The schema of one kind of value (all samples of that JSON type). */
function kindSchema(type: JsonType, values: unknown[], name: string, depth: number): JsonSchema {
  switch (type) {
    case 'string':
      return stringSchema(values as string[], name);
    case 'object':
      return objectSchema(values as Record<string, unknown>[], depth);
    case 'array': {
      const items = (values as unknown[][]).flat();
      return items.length ? { type: 'array', items: schemaOf(items, name, depth + 1) } : { type: 'array' };
    }
    default:
      return { type };
  }
}

function schemaOf(values: unknown[], name: string, depth: number): JsonSchema {
  if (depth > MAX_DEPTH || !values.length) return {};
  const byType = new Map<JsonType, unknown[]>();
  for (const value of values) {
    let type = typeOf(value);
    // Whole and fractional numbers of one field are numbers.
    if (type === 'integer' && values.some((v) => typeOf(v) === 'number')) type = 'number';
    byType.set(type, [...(byType.get(type) ?? []), value]);
  }
  const nullable = byType.delete('null');
  const kinds = [...byType.entries()].map(([type, vs]) => kindSchema(type, vs, name, depth));
  if (!kinds.length) return { type: 'null' };
  if (kinds.length === 1) {
    const [only] = kinds as [JsonSchema];
    if (!nullable) return only;
    // A nullable enum keeps null among its members, or ajv refuses the null.
    return { ...only, type: [only.type, 'null'], ...(only.enum ? { enum: [...(only.enum as unknown[]), null] } : {}) };
  }
  return { anyOf: nullable ? [...kinds, { type: 'null' }] : kinds };
}

/**
 * A JSON Schema for values a tool returned. Rules: each field's type from the values seen
 * (integers and fractions together are numbers; null makes a field nullable; several types
 * give `anyOf`); an object's fields are required when present in every object; arrays get the
 * schema of all their items together (arrays of objects included); strings get a format when
 * every value has it (date-time, date, email), else an enum when few values repeat (at most
 * ENUM_MAX_VALUES, each seen twice on average, over ENUM_MIN_SAMPLES or more, and never for
 * identifiers such as `room_id`).
 */
export function inferSchema(values: readonly unknown[]): JsonSchema {
  return schemaOf([...values], '', 0);
}

/** Descriptions of the current schema carried onto the proposed one, field by field. */
function keepDescriptions(current: unknown, proposed: JsonSchema): JsonSchema {
  if (!isObject(current)) return proposed;
  const out: JsonSchema = { ...proposed };
  if (typeof current.description === 'string' && out.description === undefined) out.description = current.description;
  if (isObject(current.properties) && isObject(out.properties)) {
    const properties = out.properties;
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([k, v]) => [
        k,
        keepDescriptions(current.properties![k as never], v as JsonSchema),
      ]),
    );
  }
  if (isObject(current.items) && isObject(out.items)) out.items = keepDescriptions(current.items, out.items);
  return out;
}

/** A proposed `returns` for one tool: inferred from its recorded results, with the current descriptions kept. */
export interface ReturnsProposal {
  tool: string;
  current: JsonSchema;
  proposed: JsonSchema;
  /** How many recorded results it was inferred from. */
  results: number;
  /** False when the proposal says what `returns` already says. */
  changed: boolean;
}

export function proposeReturns(tool: string, current: JsonSchema, results: readonly unknown[]): ReturnsProposal {
  const proposed = keepDescriptions(current, inferSchema(results));
  return {
    tool,
    current,
    proposed,
    results: results.length,
    changed: canonicalJson(current) !== canonicalJson(proposed),
  };
}
