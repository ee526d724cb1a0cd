import type { JsonSchema } from '../../domain';
import { TrellisError } from '../../errors';
import { parseJson } from './openai';
import { isObject } from '../../json';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName, type ParsedTools } from './parsed';

/** BFCL's Python-flavoured types → JSON Schema types. */
const BFCL_TYPES: Record<string, string> = {
  dict: 'object',
  float: 'number',
  tuple: 'array',
  list: 'array',
  int: 'integer',
  str: 'string',
  bool: 'boolean',
};

/** A schema written with BFCL's Python-flavoured types (`dict`, `str`, `float`…) as JSON Schema. */
export function pythonTypesAsJsonSchema(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(pythonTypesAsJsonSchema) as unknown as JsonSchema;
  if (!isObject(schema)) return schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string') {
      if (value !== 'any') out.type = BFCL_TYPES[value] ?? value;
    } else if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pythonTypesAsJsonSchema(v)]));
    } else if (key === 'items') {
      out.items = pythonTypesAsJsonSchema(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * BFCL function docs: JSON Lines of functions, or of test entries whose `function` holds a list,
 * or one JSON array. Dotted names like `math.factorial` become `math_factorial`.
 */
export function parseBfclFunctions(text: string): ParsedTools {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  const records: unknown[] = trimmed.startsWith('[')
    ? (parseJson(trimmed, 'BFCL functions') as unknown[])
    : trimmed.split(/\r?\n/).flatMap((line, index) => {
        if (!line.trim()) return [];
        try {
          return [JSON.parse(line)];
        } catch (error) {
          throw new TrellisError('E4001', `Line ${index + 1} is not valid JSON: ${(error as Error).message}.`);
        }
      });
  const functions = records.flatMap((record) =>
    isObject(record) && Array.isArray(record.function) ? record.function : [record],
  );
  const warnings: string[] = [];
  const taken = new Set<string>();
  const seen = new Set<string>();
  const tools = [];
  for (const [index, fn] of functions.entries()) {
    if (!isObject(fn) || typeof fn.name !== 'string')
      throw new TrellisError('E4001', `Function ${index + 1} has no "name".`);
    if (seen.has(fn.name)) continue;
    seen.add(fn.name);
    const parameters = isObject(fn.parameters) ? pythonTypesAsJsonSchema(fn.parameters) : EMPTY_OBJECT_SCHEMA;
    tools.push(
      makeTool(toolName(fn.name, taken, warnings), String(fn.description ?? ''), parameters, EMPTY_OBJECT_SCHEMA),
    );
  }
  return { tools, edges: [], warnings };
}
