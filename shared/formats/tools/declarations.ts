import type { JsonSchema } from '../../domain';
import { TrellisError } from '../../errors';
import { isObject } from '../../json';
import { declaredToolsOf } from '../messages/tools';
import { parseJson } from './openai';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName, type ParsedTools } from './parsed';

/** Gemini's Schema spells types in capitals (`STRING`, `OBJECT`); JSON Schema in lower case. */
export function lowerCaseTypes(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(lowerCaseTypes) as unknown as JsonSchema;
  if (!isObject(schema)) return schema as JsonSchema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === 'type' && typeof value === 'string') return [key, value.toLowerCase()];
      if (key === 'properties' && isObject(value))
        return [key, Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowerCaseTypes(v)]))];
      if (key === 'items' || key === 'anyOf' || key === 'oneOf') return [key, lowerCaseTypes(value)];
      return [key, value];
    }),
  ) as JsonSchema;
}

/** The tools of an MCP `tools/list` answer: the JSON-RPC message, its `result`, or the bare list. */
export function mcpToolList(value: unknown): unknown[] | undefined {
  const result = isObject(value) && isObject(value.result) ? value.result : value;
  const list = isObject(result) ? result.tools : result;
  return Array.isArray(list) ? list : undefined;
}

/**
 * Tool declarations in Anthropic's (`input_schema`) or Gemini's (`functionDeclarations`) shape,
 * as a request's `tools` or the list alone; Gemini's capitalised types become JSON Schema's.
 */
export function parseToolDeclarations(text: string, what: string): ParsedTools {
  const declared = declaredToolsOf(parseJson(text, what));
  if (!declared.length) throw new TrellisError('E4001', `No tool with a "name" was found in these ${what}.`);
  const warnings: string[] = [];
  const taken = new Set<string>();
  const tools = declared.map((tool) =>
    makeTool(
      toolName(tool.name, taken, warnings),
      tool.description,
      Object.keys(tool.parameters).length ? lowerCaseTypes(tool.parameters) : EMPTY_OBJECT_SCHEMA,
      EMPTY_OBJECT_SCHEMA,
    ),
  );
  return { tools, edges: [], warnings };
}

/** An MCP server's tool list as `tools/list` answers it: input and output schemas both kept. */
export function parseMcpToolList(text: string): ParsedTools {
  const list = mcpToolList(parseJson(text, 'an MCP tool list'));
  if (!list) throw new TrellisError('E4001', 'Expected an MCP tools/list answer: an object with a "tools" array.');
  const warnings: string[] = [];
  const taken = new Set<string>();
  const tools = list.map((tool, index) => {
    if (!isObject(tool) || typeof tool.name !== 'string')
      throw new TrellisError('E4001', `Tool ${index + 1} has no "name".`);
    const { $schema: _input, ...input } = isObject(tool.inputSchema) ? tool.inputSchema : EMPTY_OBJECT_SCHEMA;
    const { $schema: _output, ...output } = isObject(tool.outputSchema) ? tool.outputSchema : EMPTY_OBJECT_SCHEMA;
    const description = [tool.description, tool.title].find((s) => typeof s === 'string') ?? '';
    return makeTool(toolName(tool.name, taken, warnings), String(description), input, output);
  });
  return { tools, edges: [], warnings };
}
