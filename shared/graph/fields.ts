import { isObject } from '../json';
import type { JsonSchema } from '../domain';

/** One parameter or result field of a tool, nested objects flattened to dotted paths. */
export interface SchemaField {
  path: string;
  /** JSON Schema type, `any` when the schema does not say. */
  type: string;
  required: boolean;
  enum?: unknown[];
  format?: string;
  /** For arrays: the type of the items. */
  items?: string;
}

const MAX_DEPTH = 4;

function typeOf(schema: JsonSchema): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.filter((t) => t !== 'null').join('|') || 'any';
  if (schema.enum) return 'string';
  if (schema.properties) return 'object';
  return 'any';
}

function asSchema(value: unknown): JsonSchema | null {
  return isObject(value) ? (value as JsonSchema) : null;
}

/**
 * Fields of an object schema: `{a: {b: string}}` → `a` (object) and `a.b` (string). A nested
 * field is required when it and every parent are.
 */
export function schemaFields(schema: JsonSchema, prefix = '', parentRequired = true, depth = 0): SchemaField[] {
  const properties = asSchema(schema.properties);
  if (!properties || depth > MAX_DEPTH) return [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields: SchemaField[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const property = asSchema(raw) ?? {};
    const path = prefix ? `${prefix}.${name}` : name;
    const field: SchemaField = { path, type: typeOf(property), required: parentRequired && required.has(name) };
    if (Array.isArray(property.enum)) field.enum = property.enum;
    if (typeof property.format === 'string') field.format = property.format;
    const items = asSchema(property.items);
    if (field.type === 'array' && items) field.items = typeOf(items);
    fields.push(field);
    if (field.type === 'object') fields.push(...schemaFields(property, path, field.required, depth + 1));
  }
  return fields;
}

export function findField(schema: JsonSchema, path: string): SchemaField | undefined {
  return schemaFields(schema).find((field) => field.path === path);
}
