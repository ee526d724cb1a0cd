import fs from 'node:fs';
import path from 'node:path';
import type { ToolGraph } from '../shared/domain';
import { TrellisError } from '../shared/errors';
import { graphToFile } from '../shared/graph';
import { RUNTIME_KINDS } from '../shared/runtimes';
import { graphIdFor, openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

/** One line per tool: its name and what answers it, "(environment)" for the tools of the graph's world. */
export function toolLines(graph: Pick<ToolGraph, 'tools' | 'environment'>): string[] {
  return graph.tools.map((tool) => {
    const kind = tool.runtime?.kind;
    const answers = kind === 'environment' ? 'environment' : kind ? RUNTIME_KINDS[kind].noun : 'no runtime';
    const missing = kind === 'environment' && !graph.environment ? ' — the graph has none: write one' : '';
    return `  ${tool.name}  (${answers}${missing})`;
  });
}

export const graphExportVerb: Verb = {
  name: 'graph export',
  summary:
    'Write a graph as Trellis graph JSON (its tools, edges and environment), to a file or standard output; ' +
    'trellis graph import-tools reads it back. Lists the tools, saying which answer from the environment.',
  usage: 'trellis graph export --graph NAME [--out FILE] [--workspace FILE] [--json]',
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    graph: { type: 'string', description: 'Tool graph name (optional when the workspace has one)' },
    out: { type: 'string', description: 'The file to write (default: standard output)' },
  },
  async run(values, io) {
    const backend = openBackend(values);
    try {
      const id = await graphIdFor(backend, values.graph);
      const graph = await backend.registry.invoke('graphs.get', { id });
      const text = `${JSON.stringify(graphToFile(graph), null, 2)}\n`;
      if (typeof values.out !== 'string') {
        io.out(text.trimEnd());
        return 0;
      }
      const file = path.resolve(values.out);
      try {
        fs.writeFileSync(file, text);
      } catch (error) {
        throw new TrellisError('E3004', `Cannot write ${file}: ${(error as Error).message}.`);
      }
      const inWorld = graph.tools.filter((t) => t.runtime?.kind === 'environment').map((t) => t.name);
      if (io.json)
        io.out(
          JSON.stringify({
            ok: true,
            file,
            tools: graph.tools.length,
            environment: Boolean(graph.environment),
            inWorld,
          }),
        );
      else {
        const world = graph.environment
          ? `, with its environment${graph.environment.source ? ` (${graph.environment.source})` : ''}`
          : '';
        io.out(`Wrote "${graph.name}" to ${file}: ${graph.tools.length} tools${world}.`);
        for (const line of toolLines(graph)) io.out(line);
      }
      return 0;
    } finally {
      backend.close();
    }
  },
};
