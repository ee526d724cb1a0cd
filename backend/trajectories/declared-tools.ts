import type { DeclaredTool, Tool } from '../../shared/domain';
import type { WorkspaceStore } from '../store/workspace-store';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName } from '../../shared/formats/tools/parsed';
import type { CalledTools } from './called-tools';

/** Two or more records declared a tool of this name with different definitions. */
export interface ToolConflict {
  name: string;
  /** One entry per distinct definition, most used first: the first is the one the graph got. */
  variants: { records: number; firstRecord: number }[];
}

/** What merging a file's declared tools did to a graph. */
export interface ToolMergeReport {
  graphId: string;
  /** The graph's name, as the report says where the tools went. */
  graphName: string;
  added: string[];
  /** Of `added`, the tools no record declared, made from the calls that name them (a new graph only). */
  inferred: string[];
  /** Declared tools the graph already had; the graph's version is kept. */
  alreadyPresent: number;
  /** Tools the records call that no record declares and the graph lacks: not added, their calls are unknown tools. */
  undeclared: { name: string; calls: number }[];
  /** Names declared differently by different records; every record keeps its own definition. */
  conflicts: ToolConflict[];
  warnings: string[];
}

const COLUMNS = 5;

interface Variant {
  tool: DeclaredTool;
  records: number;
  firstRecord: number;
}

/**
 * Collects the tools that the records of a file declare, every distinct definition of a name with
 * how many records declared it, and merges them into a graph: tools the graph lacks are added on
 * a grid below its existing ones (the most declared definition of each name); tools it already
 * has are left as the user drew them. Conflicting definitions are reported, not hidden: each
 * record keeps the tools it declared as its own.
 */
export class DeclaredTools {
  /** Records grouped by the set they declared: most files repeat a few sets thousands of times. */
  private readonly sets = new Map<string, { tools: readonly DeclaredTool[]; records: number; firstRecord: number }>();
  private variants: Map<string, Map<string, Variant>> | null = null;

  add(tools: readonly DeclaredTool[], record: number, text = JSON.stringify(tools)): void {
    const seen = this.sets.get(text);
    if (seen) seen.records++;
    else this.sets.set(text, { tools, records: 1, firstRecord: record });
    this.variants = null;
  }

  /** Every distinct definition of each name, with the records that declared it. */
  private get byName(): Map<string, Map<string, Variant>> {
    if (this.variants) return this.variants;
    const byName = new Map<string, Map<string, Variant>>();
    for (const { tools, records, firstRecord } of this.sets.values()) {
      for (const tool of tools) {
        let variants = byName.get(tool.name);
        if (!variants) byName.set(tool.name, (variants = new Map()));
        const key = JSON.stringify([tool.description, tool.parameters]);
        const seen = variants.get(key);
        if (seen) {
          seen.records += records;
          seen.firstRecord = Math.min(seen.firstRecord, firstRecord);
        } else variants.set(key, { tool, records, firstRecord });
      }
    }
    return (this.variants = byName);
  }

  get size(): number {
    return this.byName.size;
  }

  /**
   * Reads the graph and saves it with the added tools as one unit, so no edit in between is lost.
   * With `called` (the tools the records' calls name), a new graph made from records that declare
   * no tools gets them (`inferCalled`); any called name still missing is reported, never dropped.
   */
  mergeInto(
    store: WorkspaceStore,
    graphId: string,
    called: CalledTools | null = null,
    inferCalled = false,
  ): ToolMergeReport {
    return store.transaction(() => this.merge(store, graphId, called, inferCalled));
  }

  private ranked(name: string): Variant[] {
    return [...this.byName.get(name)!.values()].sort((a, b) => b.records - a.records || a.firstRecord - b.firstRecord);
  }

  private merge(
    store: WorkspaceStore,
    graphId: string,
    called: CalledTools | null,
    inferCalled: boolean,
  ): ToolMergeReport {
    const graph = store.graphs.get(graphId);
    const taken = new Set(graph.tools.map((t) => t.name));
    const warnings: string[] = [];
    const bottom = graph.tools.reduce((y, t) => Math.max(y, t.position.y + 200), 0);
    const added: Tool[] = [];
    const conflicts: ToolConflict[] = [];
    let alreadyPresent = 0;
    const add = (declared: DeclaredTool) => {
      if (taken.has(declared.name)) {
        alreadyPresent++;
        return;
      }
      const tool = makeTool(
        toolName(declared.name, taken, warnings),
        declared.description,
        declared.parameters ?? EMPTY_OBJECT_SCHEMA,
        {
          type: 'object',
        },
      );
      const i = added.length;
      tool.position = { x: (i % COLUMNS) * 280, y: bottom + Math.floor(i / COLUMNS) * 180 };
      added.push(tool);
    };
    for (const name of this.byName.keys()) {
      const variants = this.ranked(name);
      if (variants.length > 1)
        conflicts.push({ name, variants: variants.map(({ records, firstRecord }) => ({ records, firstRecord })) });
      add(variants[0]!.tool);
    }
    const declaredCount = added.length;
    if (called && inferCalled && !this.size) for (const tool of called.tools()) add(tool);
    const undeclared = (called?.counts() ?? []).filter(({ name }) => !taken.has(name) && !this.byName.has(name));
    if (added.length)
      store.graphs.saveContent(graphId, {
        tools: [...graph.tools, ...added],
        edges: graph.edges,
        dismissedSuggestions: graph.dismissedSuggestions,
      });
    const names = added.map((t) => t.name);
    return {
      graphId,
      graphName: graph.name,
      added: names,
      inferred: names.slice(declaredCount),
      alreadyPresent,
      undeclared,
      conflicts,
      warnings,
    };
  }
}
