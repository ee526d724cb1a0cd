import type { Tool } from '../../shared/domain';
import type { WorkspaceStore } from '../store/workspace-store';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName } from '../../shared/formats/tools/parsed';
import type { ParsedRecord } from '../../shared/formats/trajectories/records';

/** What merging a file's declared tools did to a graph. */
export interface ToolMergeReport {
  graphId: string;
  added: string[];
  /** Declared tools the graph already had; the graph's version is kept. */
  alreadyPresent: number;
  warnings: string[];
}

const COLUMNS = 5;

/**
 * Collects the tools that the records of a file declare (first definition of a name wins) and
 * merges them into a graph: tools the graph lacks are added on a grid below its existing ones;
 * tools it already has are left as the user drew them.
 */
export class DeclaredTools {
  private readonly byName = new Map<string, ParsedRecord['tools'][number]>();

  add(tools: ParsedRecord['tools']): void {
    for (const tool of tools) if (!this.byName.has(tool.name)) this.byName.set(tool.name, tool);
  }

  get size(): number {
    return this.byName.size;
  }

  /** Reads the graph and saves it with the added tools as one unit, so no edit in between is lost. */
  mergeInto(store: WorkspaceStore, graphId: string): ToolMergeReport {
    return store.transaction(() => this.merge(store, graphId));
  }

  private merge(store: WorkspaceStore, graphId: string): ToolMergeReport {
    const graph = store.graphs.get(graphId);
    const taken = new Set(graph.tools.map((t) => t.name));
    const warnings: string[] = [];
    const bottom = graph.tools.reduce((y, t) => Math.max(y, t.position.y + 200), 0);
    const added: Tool[] = [];
    let alreadyPresent = 0;
    for (const declared of this.byName.values()) {
      if (taken.has(declared.name)) {
        alreadyPresent++;
        continue;
      }
      const name = toolName(declared.name, taken, warnings);
      const tool = makeTool(name, declared.description, declared.parameters ?? EMPTY_OBJECT_SCHEMA, {
        type: 'object',
      });
      const i = added.length;
      tool.position = { x: (i % COLUMNS) * 280, y: bottom + Math.floor(i / COLUMNS) * 180 };
      added.push(tool);
    }
    if (added.length)
      store.graphs.saveContent(graphId, {
        tools: [...graph.tools, ...added],
        edges: graph.edges,
        dismissedSuggestions: graph.dismissedSuggestions,
      });
    return { graphId, added: added.map((t) => t.name), alreadyPresent, warnings };
  }
}
