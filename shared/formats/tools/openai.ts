import { TrellisError } from '../../errors';
import { isObject } from '../../json';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName, type ParsedTools } from './parsed';

/**
 * An OpenAI `tools` array (`[{type: "function", function: {...}}]`), a bare function list, or an
 * object holding either under `tools` or `functions`.
 */
export function parseOpenAITools(text: string): ParsedTools {
  const data = parseJson(text, 'OpenAI tools');
  const list = Array.isArray(data) ? data : isObject(data) ? (data.tools ?? data.functions) : undefined;
  if (!Array.isArray(list)) {
    throw new TrellisError(
      'E4001',
      'Expected a JSON array of tools, or an object with a "tools" or "functions" array.',
    );
  }
  const warnings: string[] = [];
  const taken = new Set<string>();
  const tools = list.map((entry, index) => {
    const fn = isObject(entry) && isObject(entry.function) ? entry.function : entry;
    if (!isObject(fn) || typeof fn.name !== 'string') {
      throw new TrellisError('E4001', `Tool ${index + 1} has no "name".`);
    }
    const parameters = isObject(fn.parameters) ? fn.parameters : EMPTY_OBJECT_SCHEMA;
    return makeTool(toolName(fn.name, taken, warnings), String(fn.description ?? ''), parameters, EMPTY_OBJECT_SCHEMA);
  });
  return { tools, edges: [], warnings };
}

export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new TrellisError('E4001', `This is not valid JSON for ${what}: ${(error as Error).message}.`);
  }
}
