import type { GraphFile, ToolGraph } from '../domain';

/** The versioned Trellis JSON file of a graph. */
export function graphToFile(graph: Pick<ToolGraph, 'name' | 'tools' | 'edges' | 'environment'>): GraphFile {
  return {
    format: 'trellis.graph',
    version: 1,
    name: graph.name,
    tools: graph.tools,
    edges: graph.edges,
    ...(graph.environment ? { environment: graph.environment } : {}),
  };
}

/** The graph's tools as an OpenAI `tools` array (what chat-completion requests take). */
export function graphToOpenAITools(graph: Pick<ToolGraph, 'tools'>) {
  return graph.tools.map((tool) => ({
    type: 'function' as const,
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}
