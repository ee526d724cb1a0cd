/*
 * Monaco's JSON completion inserts a property as `"name": ` and a value placeholder only when the
 * property's schema says what its value looks like (a type, an enum, a default…). A property
 * that is one of several schemas (`anyOf`, as every plan step argument is: the parameter's own
 * schema or a reference to an earlier step's result) says none of that, so only `"name"` was
 * inserted, unlike VS Code's settings. Such properties get a value placeholder here.
 */

type Schema = Record<string, unknown>;

/** Keywords whose values are data, not schemas: copied as they are. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'defaultSnippets', 'required']);
/** Types for which the language service writes a placeholder of its own (`"$1"`, `{$1}`, `${1:0}`…). */
const PLACEHOLDER_TYPES = new Set(['boolean', 'string', 'object', 'array', 'number', 'integer', 'null']);

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True where the language service would insert the property's name and nothing after it. */
function insertsNameOnly(schema: Schema): boolean {
  if (
    ['$ref', 'defaultSnippets', 'enum', 'const', 'default', 'examples', 'properties', 'items'].some((k) => k in schema)
  )
    return false;
  const type = Array.isArray(schema.type) ? (schema.type[0] as unknown) : schema.type;
  return !(typeof type === 'string' && PLACEHOLDER_TYPES.has(type));
}

/**
 * A bodiless snippet: the language service then inserts `"name": ` with an empty placeholder
 * and opens the value suggestions at once (every enum value, `""`, `{}`… that the property's
 * alternatives allow), and offers nothing of its own among them.
 */
const VALUE_PLACEHOLDER = [{ label: 'value' }];

function withPlaceholder(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  const walked = walk(schema) as Schema;
  return insertsNameOnly(schema) ? { ...walked, defaultSnippets: VALUE_PLACEHOLDER } : walked;
}

function walk(value: unknown, key = ''): unknown {
  if (DATA_KEYWORDS.has(key)) return value;
  if (Array.isArray(value)) return value.map((item) => walk(item));
  if (!isSchema(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'properties' && isSchema(v)
        ? Object.fromEntries(Object.entries(v).map(([name, property]) => [name, withPlaceholder(property)]))
        : walk(v, k),
    ]),
  );
}

/**
 * The schema as given to Monaco's JSON language: every property, however deep, completes as
 * `"name": ` followed by a value placeholder. Validation is unchanged (`defaultSnippets` is a
 * completion hint only).
 */
export function withValuePlaceholders<T>(schema: T): T {
  return walk(schema) as T;
}
