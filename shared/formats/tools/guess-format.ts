import { parse as parseYaml } from 'yaml';
import type { ToolFileFormat } from '../../contract/tools';
import { isObject } from '../../json';

/** The first JSON value of JSON Lines (BFCL's files), or undefined. */
function firstLine(text: string): unknown {
  const line = text.split('\n').find((l) => l.trim());
  try {
    return line === undefined ? undefined : JSON.parse(line);
  } catch {
    return undefined;
  }
}

function readAny(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not one JSON value: JSON Lines or YAML.
  }
  const first = firstLine(text);
  if (first !== undefined) return { jsonLines: first };
  try {
    return parseYaml(text, { maxAliasCount: 1000 });
  } catch {
    return undefined;
  }
}

/**
 * Which tools format a text is in, by its content: an OpenAPI or Swagger description, a Trellis
 * graph, BFCL function docs or OpenAI tools; null when it is none of them.
 */
export function guessToolFormat(rawText: string): ToolFileFormat | null {
  const text = rawText.replace(/^\uFEFF/, '');
  // A description's version field is near its top: big ones are not read twice just to be named.
  if (/^\s*["']?(openapi|swagger)["']?\s*:/m.test(text.slice(0, 4000))) return 'openapi';
  const value = readAny(text);
  if (!isObject(value) && !Array.isArray(value)) return null;
  if (isObject(value) && 'jsonLines' in value) return 'bfcl';
  if (isObject(value) && (typeof value.openapi === 'string' || typeof value.swagger === 'string')) return 'openapi';
  if (isObject(value) && Array.isArray(value.tools) && Array.isArray(value.edges)) return 'trellis';
  const list = Array.isArray(value) ? value : (value.tools ?? value.functions);
  if (!Array.isArray(list)) return null;
  const first: unknown = list[0];
  if (isObject(first) && isObject(first.function)) return 'openai';
  if (isObject(first) && isObject(first.parameters) && first.parameters.type === 'dict') return 'bfcl';
  return 'openai';
}
