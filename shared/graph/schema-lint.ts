import { isObject } from '../json';

/** A keyword in a JSON Schema that has no effect where it is written. */
export interface SchemaLint {
  /** Where, as a path of schema keywords: `properties.date`, `items`, `` for the root. */
  path: string;
  keyword: string;
  message: string;
}

/** Keywords that constrain one JSON type only (JSON Schema 2020-12, validation vocabulary). */
const KEYWORD_TYPES: Record<string, readonly string[]> = {
  minimum: ['number', 'integer'],
  maximum: ['number', 'integer'],
  exclusiveMinimum: ['number', 'integer'],
  exclusiveMaximum: ['number', 'integer'],
  multipleOf: ['number', 'integer'],
  minLength: ['string'],
  maxLength: ['string'],
  pattern: ['string'],
  format: ['string'],
  items: ['array'],
  prefixItems: ['array'],
  minItems: ['array'],
  maxItems: ['array'],
  uniqueItems: ['array'],
  properties: ['object'],
  required: ['object'],
  additionalProperties: ['object'],
  minProperties: ['object'],
  maxProperties: ['object'],
};

const TYPE_WORDS: Record<string, string> = {
  number: 'numbers',
  integer: 'numbers',
  string: 'strings',
  array: 'arrays',
  object: 'objects',
};

/** Subschemas by the keyword path that leads to them. */
function subschemas(schema: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const key of ['properties', '$defs', 'definitions', 'patternProperties'] as const) {
    const map = schema[key];
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) out.push([`${key}.${name}`, sub]);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const)
    if (isObject(schema[key])) out.push([key, schema[key]]);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => out.push([`${key}[${i}]`, sub]));
  }
  return out;
}

/**
 * Keywords that cannot apply to the type their schema declares, such as `minimum` on a string:
 * valid JSON Schema (a validator ignores them), but almost always a mistake, so the editor warns.
 * Only schemas with a declared `type` are judged.
 */
export function lintSchema(schema: unknown, path = ''): SchemaLint[] {
  if (!isObject(schema)) return [];
  const found: SchemaLint[] = [];
  const declared = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : null;
  if (declared?.every((t) => typeof t === 'string')) {
    for (const [keyword, types] of Object.entries(KEYWORD_TYPES)) {
      if (!(keyword in schema) || declared.some((t) => types.includes(t as string))) continue;
      found.push({
        path,
        keyword,
        message: `${path || 'The schema'}: "${keyword}" applies to ${TYPE_WORDS[types[0]!]}, but the type is ${declared.join(' or ')}; it has no effect.`,
      });
    }
  }
  for (const [key, sub] of subschemas(schema)) found.push(...lintSchema(sub, path ? `${path}.${key}` : key));
  return found;
}
