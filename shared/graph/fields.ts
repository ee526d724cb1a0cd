import { isObject } from '../json';
import type { JsonSchema } from '../domain';
import { formatFieldPath, parseFieldPath } from './field-paths';

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

function fieldOf(path: string, schema: JsonSchema, required: boolean): SchemaField {
  const field: SchemaField = { path, type: typeOf(schema), required };
  if (Array.isArray(schema.enum)) field.enum = schema.enum;
  if (typeof schema.format === 'string') field.format = schema.format;
  const items = asSchema(schema.items);
  if (field.type === 'array' && items) field.items = typeOf(items);
  return field;
}

export interface SchemaFieldOptions {
  /**
   * Also list the fields of list elements (`rooms[].room_id` under `rooms`, an array of objects):
   * the handles an element edge starts from. Results only; a parameter is filled whole.
   */
  elements?: boolean;
}

/**
 * Fields of an object schema: `{a: {b: string}}` → `a` (object) and `a.b` (string). A nested
 * field is required when it and every parent are.
 */
export function schemaFields(schema: JsonSchema, options: SchemaFieldOptions = {}): SchemaField[] {
  const fields: SchemaField[] = [];
  const visit = (object: JsonSchema, prefix: string, parentRequired: boolean, depth: number) => {
    const properties = asSchema(object.properties);
    if (!properties || depth > MAX_DEPTH) return;
    const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
    for (const [name, raw] of Object.entries(properties)) {
      const property = asSchema(raw) ?? {};
      const path = prefix ? `${prefix}.${name}` : name;
      const field = fieldOf(path, property, parentRequired && required.has(name));
      fields.push(field);
      if (field.type === 'object') visit(property, path, field.required, depth + 1);
      const items = asSchema(property.items);
      if (options.elements && field.type === 'array' && items) visit(items, `${path}[]`, field.required, depth + 1);
    }
  };
  visit(schema, '', true, 0);
  return fields;
}

export type FieldLookup = { field: SchemaField } | { problem: string };

/**
 * The field a path names, walking the schema: keys through object properties, picks (`[]`,
 * `[2]`, `[name=bedroom]`) through array items, so `rooms[].room_id` is the item's `room_id`.
 * Without a field, the problem says where the path leaves the schema.
 */
export function fieldAt(schema: JsonSchema, path: string): FieldLookup {
  const steps = parseFieldPath(path);
  if (!steps) return { problem: `"${path}" is not a field path` };
  let current: JsonSchema = schema;
  let required = true;
  for (const [index, step] of steps.entries()) {
    const where = formatFieldPath(steps.slice(0, index));
    if (step.kind === 'key') {
      const property = asSchema(asSchema(current.properties)?.[step.key]);
      if (!property) {
        if (typeOf(current) === 'array')
          return { problem: `${where} is a list: pick an element, as in ${where}[].${step.key}` };
        return { problem: `no field "${step.key}"${where ? ` in ${where}` : ''}` };
      }
      const names = Array.isArray(current.required) ? (current.required as string[]) : [];
      required = required && names.includes(step.key);
      current = property;
    } else {
      const items = asSchema(current.items);
      if (typeOf(current) !== 'array' || !items) return { problem: `${where} is not a list` };
      if (step.pick.by === 'match' && !asSchema(asSchema(items.properties)?.[step.pick.field]))
        return { problem: `elements of ${where} have no field "${step.pick.field}" to match` };
      current = items;
    }
  }
  return { field: fieldOf(path, current, required) };
}

export function findField(schema: JsonSchema, path: string): SchemaField | undefined {
  const found = fieldAt(schema, path);
  return 'field' in found ? found.field : undefined;
}
