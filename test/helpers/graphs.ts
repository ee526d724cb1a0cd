import fs from 'node:fs';
import path from 'node:path';
import { GraphFile, type GraphEdge, type JsonSchema, type Tool } from '../../shared/domain';
import type { GraphContent } from '../../shared/graph';

const props = (fields: Record<string, JsonSchema | string>): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? { type: v } : v])),
});

/** A tool from `{param: type}` and `{result: type}` maps; every parameter required. */
export function tool(
  name: string,
  params: Record<string, JsonSchema | string> = {},
  results: Record<string, JsonSchema | string> = {},
): Tool {
  return {
    name,
    description: `${name} tool`,
    parameters: { ...props(params), required: Object.keys(params) },
    returns: props(results),
    runtime: null,
    position: { x: 0, y: 0 },
  };
}

export const dep = (fromTool: string, fromPath: string, toTool: string, toParam: string): GraphEdge => ({
  kind: 'dependency',
  fromTool,
  fromPath,
  toTool,
  toParam,
});

export const share = (toolA: string, paramA: string, toolB: string, paramB: string): GraphEdge => ({
  kind: 'shared',
  toolA,
  paramA,
  toolB,
  paramB,
});

export const graph = (tools: Tool[], edges: GraphEdge[] = []): GraphContent => ({ tools, edges });

/** The example trip-planning graph as shipped in resources/examples. */
export function exampleGraph() {
  const file = path.join(__dirname, '..', '..', 'resources', 'examples', 'trip-planning.graph.json');
  return GraphFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** A smart-home graph (list_rooms → rooms[].room_id → get_temperature, set_thermostat), unlike the trip tools. */
export function smartHomeGraph() {
  const file = path.join(__dirname, '..', 'fixtures', 'graphs', 'smart-home.graph.json');
  return GraphFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** The MCP "everything" server from npm, started over stdio by tests. */
export const EVERYTHING_SERVER = {
  command: process.execPath,
  args: [
    path.join(__dirname, '..', '..', 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'),
    'stdio',
  ],
};
