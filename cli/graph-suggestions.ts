import { suggestEdges, type EdgeSuggestion } from '../shared/graph';
import { graphIdFor, openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

/** A suggestion as `--json` prints it: a dependency's two ends, or a shared group's members. */
export function suggestionJson(s: EdgeSuggestion) {
  const about =
    s.edge.kind === 'dependency'
      ? { from: { tool: s.edge.fromTool, path: s.edge.fromPath }, to: { tool: s.edge.toTool, param: s.edge.toParam } }
      : { members: s.members ?? [] };
  return { kind: s.kind, ...about, score: s.score, why: s.reason };
}

export const graphSuggestionsVerb: Verb = {
  name: 'graph suggestions',
  summary:
    'The edges Trellis suggests for a graph, best evidence first, each with why: dependencies (a result\n' +
    'field that fills a parameter) and shared-parameter groups. Values that flowed from a result into a\n' +
    "later call in the workspace's trajectories count as evidence. Dismissed suggestions are left out.",
  usage: 'trellis graph suggestions --graph NAME [--workspace FILE] [--json]',
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    graph: { type: 'string', description: 'Tool graph name (optional when the workspace has one)' },
  },
  async run(values, io) {
    const backend = openBackend(values);
    try {
      const id = await graphIdFor(backend, values.graph);
      const graph = await backend.registry.invoke('graphs.get', { id });
      const { flows } = await backend.registry.invoke('graphs.valueFlows', { id });
      const suggestions = suggestEdges(graph, new Set(graph.dismissedSuggestions), { flows });
      if (io.json) io.out(JSON.stringify({ suggestions: suggestions.map(suggestionJson) }));
      else {
        for (const s of suggestions)
          io.out(`${s.score.toFixed(2)}  ${s.kind === 'dependency' ? '→' : '≡'} ${s.reason}`);
        io.out(suggestions.length ? `${suggestions.length} suggestions.` : 'No suggestions.');
      }
      return 0;
    } finally {
      backend.close();
    }
  },
};
