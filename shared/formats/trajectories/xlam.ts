import type { JsonSchema, ToolCall } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { jsonField, RecordError, type ParsedRecord } from './records';

/** The Python type names APIGen/xLAM parameters use, as JSON Schema types. */
const PYTHON_TYPES: Record<string, string> = {
  str: 'string',
  int: 'integer',
  float: 'number',
  bool: 'boolean',
  list: 'array',
  dict: 'object',
  tuple: 'array',
  set: 'array',
  any: '',
};

/** `str`, `List[int]`, `Dict[str, Any]`, `str, optional`, `Union[int, float]`… → a JSON Schema type. */
function schemaOf(raw: unknown): { schema: JsonSchema; optional: boolean } {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const optional = /,\s*optional\s*$/i.test(text) || /^Optional\[/i.test(text);
  const core = text
    .replace(/,\s*optional\s*$/i, '')
    .replace(/^Optional\[(.*)\]$/i, '$1')
    .trim();
  const outer = /^(\w+)/.exec(core)?.[1]?.toLowerCase() ?? '';
  const type = PYTHON_TYPES[outer];
  return { schema: type ? { type } : {}, optional };
}

/** APIGen/xLAM parameters: `{name: {type: "str, optional", description, default}}` as a JSON Schema object. */
function parametersSchema(parameters: unknown): JsonSchema {
  if (!isObject(parameters)) return { type: 'object', properties: {} };
  // Some sets already use JSON Schema: keep it.
  if (parameters.type === 'object' || isObject(parameters.properties)) return parameters as JsonSchema;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(parameters)) {
    const { schema, optional } = schemaOf(isObject(spec) ? spec.type : undefined);
    if (isObject(spec) && typeof spec.description === 'string') schema.description = spec.description;
    if (isObject(spec) && 'default' in spec && spec.default !== '') schema.default = spec.default;
    properties[name] = schema;
    if (!optional) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/**
 * APIGen / xLAM function-calling sets: `{query, answers, tools}`, where `answers` and `tools` are
 * JSON strings (or lists): the query as the user turn, the answers as one assistant turn of calls.
 */
export function fromXlam(record: unknown): ParsedRecord {
  if (!isObject(record) || typeof record.query !== 'string') throw new RecordError('no "query" string');
  const answers = jsonField(record, 'answers');
  if (!Array.isArray(answers)) throw new RecordError('"answers" is not a list of calls');
  const calls = answers.map((answer, j): ToolCall => {
    if (!isObject(answer) || typeof answer.name !== 'string') throw new RecordError(`answer ${j + 1} has no "name"`);
    return { id: `call_0_${j}`, name: answer.name, args: answer.arguments ?? {} };
  });
  const tools = jsonField(record, 'tools');
  if (tools !== undefined && !Array.isArray(tools)) throw new RecordError('"tools" is not a list of tools');
  const declared = (tools ?? []).map((tool, k) => {
    if (!isObject(tool) || typeof tool.name !== 'string') throw new RecordError(`tool ${k + 1} has no "name"`);
    return {
      name: tool.name,
      description: String(tool.description ?? ''),
      parameters: parametersSchema(tool.parameters),
    };
  });
  return {
    turns: [
      { role: 'user', content: record.query },
      calls.length ? { role: 'assistant', toolCalls: calls } : { role: 'assistant', content: '' },
    ],
    tools: declared,
  };
}

export const xlamFormat = defineFormat({
  id: 'xlam',
  label: 'APIGen / xLAM',
  recognisedBy: '"query" and "answers"',
  versions: 'Salesforce APIGen xlam-function-calling-60k (answers and tools as JSON strings)',
  detect: (record) => typeof record.query === 'string' && 'answers' in record,
  parse: fromXlam,
  turnFields: ['query', 'answers', 'tools'],
  kept: ['id'],
});
