import type { DeclaredTool } from '../../domain';
import { isObject } from '../../json';
import { field } from './common';

/** A JSON Schema as a declaration holds it, or `{}`; Bedrock wraps it as `{json: schema}`. */
function schemaOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return schemaOf(JSON.parse(value));
    } catch {
      return {};
    }
  }
  if (!isObject(value)) return {};
  return isObject(value.json) && Object.keys(value).length === 1 ? value.json : value;
}

function declared(fn: Record<string, unknown>): DeclaredTool | null {
  if (typeof fn.name !== 'string') return null;
  const parameters = field(
    fn,
    'parameters',
    'input_schema',
    'inputSchema',
    'parametersJsonSchema',
    'parameters_json_schema',
  );
  return {
    name: fn.name,
    description: typeof fn.description === 'string' ? fn.description : '',
    parameters: schemaOf(parameters),
  };
}

/**
 * Tool declarations in any provider's shape: OpenAI Chat (`{type: "function", function}`) and
 * legacy `functions`, Responses' flat `{type: "function", name, parameters}` (and custom tools),
 * Anthropic (`{name, description, input_schema}`, server tools by name), Gemini
 * (`[{functionDeclarations: [...]}]`), Bedrock (`{toolSpec: {name, description, inputSchema: {json}}}`,
 * or a whole `toolConfig`). A list, one declaration, or JSON text of either.
 */
export function declaredToolsOf(value: unknown): DeclaredTool[] {
  if (typeof value === 'string') {
    try {
      return declaredToolsOf(JSON.parse(value));
    } catch {
      return [];
    }
  }
  if (isObject(value) && Array.isArray(value.tools)) return declaredToolsOf(value.tools);
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.flatMap((t): DeclaredTool[] => {
    if (!isObject(t)) return [];
    const group = field(t, 'functionDeclarations', 'function_declarations');
    if (Array.isArray(group)) return declaredToolsOf(group);
    const inner = [t.function, t.toolSpec, t.custom].find(isObject);
    const tool = declared(inner ?? t);
    return tool ? [tool] : [];
  });
}
