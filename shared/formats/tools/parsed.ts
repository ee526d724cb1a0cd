import type { Environment, GraphEdge, JsonSchema, Tool, ToolRuntime } from '../../domain';
import { uniqueToolName } from '../../graph';

/** One operation of an API description, by the tool it became: what a chooser of tags and operations lists. */
export interface ApiOperation {
  tool: string;
  method: string;
  path: string;
  tags: string[];
}

/**
 * What an importer found: tools (placed later by the editor), edges, and what it had to change;
 * from an API description, also its operations with their tags, to choose from.
 */
export interface ParsedTools {
  tools: Tool[];
  edges: GraphEdge[];
  warnings: string[];
  operations?: ApiOperation[];
  /** The world the tools share, from a Trellis graph that has one. */
  environment?: Environment;
}

export const EMPTY_OBJECT_SCHEMA: JsonSchema = { type: 'object', properties: {} };

/** Tool names follow `^[a-zA-Z0-9_-]{1,64}$`; others are rewritten and the change reported. */
export function toolName(raw: string, taken: Set<string>, warnings: string[]): string {
  let name =
    raw
      .replace(/[^a-zA-Z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 64) || 'tool';
  name = uniqueToolName(name, taken);
  if (name !== raw) warnings.push(`"${raw}" was renamed to "${name}".`);
  taken.add(name);
  return name;
}

export function makeTool(
  name: string,
  description: string,
  parameters: JsonSchema,
  returns: JsonSchema,
  runtime: ToolRuntime | null = null,
): Tool {
  return { name, description, parameters, returns, runtime, position: { x: 0, y: 0 } };
}
