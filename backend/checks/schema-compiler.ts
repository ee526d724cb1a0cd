import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../shared/domain';
import type { SchemaCompiler } from '../../shared/checks/graph';

const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: true });
addFormats(ajv);
const cache = new Map<string, string | null>();
const CACHE_LIMIT = 5000;

/** Why a JSON Schema does not compile (meta-schema violation, unresolved $ref…), or null. Cached by text. */
export const compileSchema: SchemaCompiler = (schema: JsonSchema) => {
  const key = JSON.stringify(schema);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let verdict: string | null = null;
  if (!ajv.validateSchema(schema)) {
    verdict = ajv.errorsText(ajv.errors, { dataVar: 'schema' });
  } else {
    try {
      ajv.compile(schema);
      ajv.removeSchema(schema);
    } catch (error) {
      verdict = (error as Error).message;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, verdict);
  return verdict;
};
