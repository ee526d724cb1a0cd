import type { JsonSchema } from './schema';
import { isObject } from '../json';
import type { Random } from '../random';
import { stringForPattern } from './pattern-values';

/** How a value is drawn: `avoid` rejects values a tool already refused (drawn again while others remain). */
export interface ValueOptions {
  avoid?: (value: unknown) => boolean;
}

const CITIES = ['Lisbon', 'Kyoto', 'Paris', 'Oslo', 'Lima', 'Nairobi'];
const NAMES = ['Ana Silva', 'Kenji Mori', 'Lea Martin', 'Omar Haddad'];

/** Plausible strings by what a parameter's name or description says it holds. */
const STRING_POOLS: { words: RegExp; values: readonly string[] }[] = [
  { words: /iso 4217|currency/, values: ['EUR', 'USD', 'GBP', 'JPY'] },
  { words: /iso 3166|country|nationality|citizenship/, values: ['PT', 'JP', 'FR', 'US'] },
  { words: /city|destination|origin|location|place|town|where/, values: CITIES },
  { words: /title|subject/, values: ['Trip to Lisbon', 'Team offsite', 'Weekend in Kyoto'] },
  { words: /body|message|text|note|comment/, values: ['See you there.', 'Details attached below.'] },
  { words: /language|locale/, values: ['en', 'pt', 'ja', 'fr'] },
  { words: /name|traveller|traveler|guest|person|user/, values: NAMES },
];

const choose = <T>(list: readonly T[], random: Random): T => list[Math.floor(random() * list.length)]!;
/** One of a list's values, leaving out those to avoid while any other remains. */
const chooseAllowed = <T>(list: readonly T[], random: Random, options: ValueOptions): T => {
  const allowed = options.avoid ? list.filter((v) => !options.avoid!(v)) : list;
  return choose(allowed.length ? allowed : list, random);
};
const between = (min: number, max: number, random: Random) => min + Math.floor(random() * (max - min + 1));
const pad = (n: number) => String(n).padStart(2, '0');

/** Values a description offers as examples: `City name, e.g. "Lisbon"` → Lisbon. */
export function describedExamples(description: unknown): string[] {
  if (typeof description !== 'string') return [];
  const after = /\b(?:e\.g\.|for example|such as)\s*(.*)$/i.exec(description)?.[1];
  if (!after) return [];
  return [...after.matchAll(/["“'`]([^"”'`]+)["”'`]/g)].map((m) => m[1]!);
}

function dateValue(random: Random): string {
  return `2027-${pad(between(1, 12, random))}-${pad(between(1, 28, random))}`;
}

function dateTimeValue(random: Random): string {
  return `${dateValue(random)}T${pad(between(7, 20, random))}:${choose(['00', '15', '30', '45'], random)}:00Z`;
}

/** A string of a format ajv-formats knows, or null for one it does not. */
function formatted(format: string, name: string, random: Random): string | null {
  switch (format) {
    case 'date':
      return dateValue(random);
    case 'date-time':
      return dateTimeValue(random);
    case 'time':
      return `${pad(between(7, 20, random))}:${choose(['00', '30'], random)}:00Z`;
    case 'email':
    case 'idn-email':
      return `${choose(NAMES, random).toLowerCase().replace(' ', '.')}@example.com`;
    case 'uri':
    case 'url':
    case 'iri':
      return `https://example.com/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/${between(1, 99, random)}`;
    case 'uri-reference':
      return `/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/${between(1, 99, random)}`;
    case 'hostname':
      return `${choose(['api', 'www', 'mail'], random)}.example.com`;
    case 'ipv4':
      return `192.0.2.${between(1, 254, random)}`;
    case 'ipv6':
      return `2001:db8::${between(1, 9999, random).toString(16)}`;
    case 'uuid':
      return Array.from({ length: 30 }, () => Math.floor(random() * 16).toString(16))
        .join('')
        .replace(/^(.{8})(.{4})(.{3})(.{3})(.{12})$/, '$1-$2-4$3-a$4-$5');
    case 'duration':
      return `P${between(1, 14, random)}D`;
    default:
      return null;
  }
}

/** A number within the schema's bounds; names such as lat/lon get their natural ranges. */
function numberValue(name: string, schema: JsonSchema, integer: boolean, random: Random): number {
  const lower = name.toLowerCase();
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const [natMin, natMax] = /^lat|latitude/.test(lower)
    ? [-60, 60]
    : /^(lon|lng)|longitude/.test(lower)
      ? [-150, 150]
      : /amount|price|cost|total/.test(lower)
        ? [10, 500]
        : integer
          ? [1, 5]
          : [1, 100];
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  const step = num(schema.multipleOf) ?? (integer ? 1 : 0.1);
  let min = num(schema.minimum) ?? (exclusiveMin !== undefined ? exclusiveMin + step : undefined);
  let max = num(schema.maximum) ?? (exclusiveMax !== undefined ? exclusiveMax - step : undefined);
  if (min === undefined) min = max !== undefined ? Math.min(natMin, max) : natMin;
  if (max === undefined) max = Math.max(natMax, min);
  if (min > natMin && min <= natMax) max = Math.min(max, Math.max(min, natMax));
  const steps = Math.floor((max - min) / step + 1e-9);
  const value = Math.ceil(min / step - 1e-9) * step + Math.floor(random() * (steps + 1)) * step;
  // Rounded to the step's decimals, so 0.1 steps do not print as 12.300000000000001.
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Math.min(Number(value.toFixed(decimals)), max);
}

/** A plain string by the parameter's name and description, fitted to minLength/maxLength. */
function stringValue(name: string, schema: JsonSchema, random: Random, options: ValueOptions): string {
  const lower = name.toLowerCase();
  const words = `${lower} ${typeof schema.description === 'string' ? schema.description.toLowerCase() : ''}`;
  const examples = describedExamples(schema.description);
  let value: string;
  if (/(^|_)email|e-mail/.test(words)) value = formatted('email', name, random)!;
  else if (/\bdate\b/.test(lower) || /(^|_)(day|date)$/.test(lower)) value = dateValue(random);
  else if (/iso .*time|timestamp|datetime|_at$/.test(words)) value = dateTimeValue(random);
  else if (/(^|_)(url|uri|link)$/.test(lower)) value = formatted('uri', name, random)!;
  else if (/(^|_)id$|[a-z]Id$/.test(name))
    value = `${lower.replace(/_?id$/, '').slice(0, 3).toUpperCase() || 'ID'}-${between(100, 999, random)}`;
  else {
    const pool = STRING_POOLS.find((p) => p.words.test(words))?.values;
    const candidates = [...new Set([...examples, ...(pool ?? [])])];
    value = candidates.length ? chooseAllowed(candidates, random, options) : lower.replace(/_/g, ' ');
  }
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (value.length < minLength) value = value.padEnd(minLength, 'x');
  return value.slice(0, maxLength);
}

/** The schema's type, the first non-null one of a list (`["string", "null"]`). */
function typeOf(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (isObject(schema.properties)) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/**
 * A value that validates against `schema`, for the parameter `name`: its const, one of its
 * enum members or examples, a string of its format or pattern, a number in its range, an
 * array or object built from its items and properties (required properties always, optional
 * ones half the time) — else a plausible literal for the name.
 */
export function schemaValue(name: string, schema: JsonSchema, random: Random, options: ValueOptions = {}): unknown {
  const draw = () => drawValue(name, schema, random, options);
  let value = draw();
  for (let tries = 0; tries < 8 && options.avoid?.(value); tries++) value = draw();
  return value;
}

function drawValue(name: string, schema: JsonSchema, random: Random, options: ValueOptions): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return chooseAllowed(schema.enum, random, options);
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length) return schemaValue(name, choose(branches, random), random, options);
  if (Array.isArray(schema.examples) && schema.examples.length) return chooseAllowed(schema.examples, random, options);
  switch (typeOf(schema)) {
    case 'integer':
      return numberValue(name, schema, true, random);
    case 'number':
      return numberValue(name, schema, false, random);
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    case 'array': {
      const items = isObject(schema.items) ? (schema.items as JsonSchema) : {};
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Math.max(min, 2);
      const length = between(min, Math.max(min, Math.min(max, min + 2)), random);
      const values: unknown[] = [];
      for (let i = 0; values.length < length && i < length * 4; i++) {
        const value = schemaValue(name.replace(/s$/, ''), items, random, options);
        // uniqueItems: a repeat is drawn again (bounded), never kept.
        if (!schema.uniqueItems || !values.some((v) => JSON.stringify(v) === JSON.stringify(value))) values.push(value);
      }
      return values;
    }
    case 'object': {
      const properties = (isObject(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([key]) => required.has(key) || random() < 0.5)
          .map(([key, s]) => [key, schemaValue(key, s, random, options)]),
      );
    }
  }
  if (typeof schema.format === 'string') {
    const value = formatted(schema.format, name, random);
    if (value !== null) return value;
  }
  if (typeof schema.pattern === 'string') {
    const value = stringForPattern(schema.pattern, random);
    if (value !== null) return value;
  }
  return stringValue(name, schema, random, options);
}
