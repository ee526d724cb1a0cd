import type { ToolFileFormat } from './file-formats';
import { isObject } from '../../json';
import { mcpToolList } from './declarations';

/** A tools text read once for detection: its JSON value (JSON Lines as a list), or a YAML spec's version line. */
export type ToolText =
  { syntax: 'json' | 'json-lines'; value: unknown } | { syntax: 'yaml'; value: Record<string, string> };

/** What a format's recogniser says of a text: the name it is known by (e.g. "Swagger 2.0 (YAML)"), or null. */
export type Recognise = (text: ToolText) => string | null;

/** Detection reads the version line of a YAML spec only: parsing megabytes of YAML on each keystroke is slow. */
const YAML_SPEC_LINE = /^(openapi|swagger)\s*:\s*["']?([\d.]+)/m;

export function readToolText(text: string): ToolText | null {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { syntax: 'json', value: JSON.parse(trimmed) };
    } catch {
      try {
        const lines = trimmed.split(/\r?\n/).filter((line) => line.trim());
        return { syntax: 'json-lines', value: lines.map((line) => JSON.parse(line) as unknown) };
      } catch {
        return null;
      }
    }
  }
  const spec = YAML_SPEC_LINE.exec(trimmed);
  return spec ? { syntax: 'yaml', value: { [spec[1]!]: spec[2]! } } : null;
}

const syntaxName = (text: ToolText) => (text.syntax === 'yaml' ? 'YAML' : 'JSON');

export const recogniseOpenApi: Recognise = (text) => {
  const doc = text.value;
  if (!isObject(doc)) return null;
  if (typeof doc.openapi === 'string') return `OpenAPI ${doc.openapi} (${syntaxName(text)})`;
  if (doc.swagger !== undefined) return `Swagger ${String(doc.swagger)} (${syntaxName(text)})`;
  return null;
};

/** The declarations a text lists: a list, or an object's `tools` or `functions`. */
function declarationsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return [];
  const list = value.tools ?? value.functions;
  return Array.isArray(list) ? list : [value];
}

const someDeclaration = (value: unknown, test: (entry: Record<string, unknown>) => boolean) =>
  declarationsOf(value).some((entry) => isObject(entry) && test(entry));

export const recogniseMcp: Recognise = ({ syntax, value }) => {
  if (syntax !== 'json') return null;
  const list = isObject(value) ? mcpToolList(value) : undefined;
  return list?.some((tool) => isObject(tool) && isObject(tool.inputSchema)) ? 'an MCP tool list' : null;
};

export const recogniseAnthropic: Recognise = ({ syntax, value }) =>
  syntax === 'json' && someDeclaration(value, (tool) => isObject(tool.input_schema))
    ? 'Anthropic tool declarations'
    : null;

export const recogniseGemini: Recognise = ({ syntax, value }) =>
  syntax === 'json' &&
  (someDeclaration(value, (tool) => Array.isArray(tool.functionDeclarations ?? tool.function_declarations)) ||
    (isObject(value) && Array.isArray(value.functionDeclarations ?? value.function_declarations)))
    ? 'Gemini function declarations'
    : null;

export const recogniseOpenAI: Recognise = ({ syntax, value }) =>
  syntax === 'json' &&
  someDeclaration(value, (tool) =>
    isObject(tool.function) ? typeof tool.function.name === 'string' : tool.type === 'function' || 'parameters' in tool,
  )
    ? 'OpenAI tools'
    : null;

/** BFCL's own marks: JSON Lines, test entries holding a `function` list, Python-flavoured `dict` parameters. */
export const recogniseBfcl: Recognise = ({ syntax, value }) => {
  const entries = Array.isArray(value) ? value : [value];
  const bfcl = entries.some(
    (entry) =>
      isObject(entry) &&
      (Array.isArray(entry.function) ||
        (isObject(entry.parameters) && entry.parameters.type === 'dict') ||
        (syntax === 'json-lines' && typeof entry.name === 'string')),
  );
  return bfcl ? 'BFCL function docs' : null;
};

export const recogniseTrellis: Recognise = ({ syntax, value }) =>
  syntax === 'json' && isObject(value) && Array.isArray(value.tools) && Array.isArray(value.edges) && 'name' in value
    ? 'a Trellis graph'
    : null;

/** The format a tools text is in, by its content, and the name it is known by; null when none fits. */
export type DetectedToolFormat = { format: ToolFileFormat; name: string };
