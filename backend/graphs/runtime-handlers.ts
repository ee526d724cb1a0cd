import type { Tool, ToolGraph } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';
import { buildReplayRuntimes, proposeReturns } from '../../shared/recordings';
import { isWrittenKind } from '../../shared/runtimes';
import { valueFlows } from '../../shared/graph';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import { collectRecordings } from './recordings';

/** Recorded results a schema is inferred from, per tool (the first ones read). */
const MAX_INFERENCE_RESULTS = 2_000;

/** The graph with only the tools a request names (all when it names none). */
function inScope(graph: ToolGraph, only: string[] | undefined): ToolGraph {
  if (!only) return graph;
  const names = new Set(only);
  return { ...graph, tools: graph.tools.filter((t) => names.has(t.name)) };
}

/** The graph methods that set tools' runtimes or learn them from recorded trajectories. */
type RuntimeMethod = 'graphs.setRuntime' | 'graphs.makeReplayRuntimes' | 'graphs.valueFlows' | 'graphs.inferReturns';

/** Setting tools' runtimes, and runtimes and result schemas learnt from recorded trajectories. */

export function graphRuntimeHandlers({ store }: BackendContext): Pick<HandlerMap<'graphs'>, RuntimeMethod> {
  /** Saves new versions of some tools of a graph; returns when it was saved. */
  const saveTools = (id: string, next: Map<string, Tool>): string => {
    const graph = store.graphs.get(id);
    return store.graphs.saveContent(id, {
      tools: graph.tools.map((t) => next.get(t.name) ?? t),
      edges: graph.edges,
      dismissedSuggestions: graph.dismissedSuggestions,
    })!;
  };

  return {
    'graphs.setRuntime': ({ id, tools, runtime }) => {
      const graph = store.graphs.get(id);
      const byName = new Map(graph.tools.map((t) => [t.name, t]));
      const unknown = tools.filter((name) => !byName.has(name));
      if (unknown.length)
        throw new TrellisError(
          'E3001',
          `"${graph.name}" has no tool ${unknown.map((n) => `"${n}"`).join(', ')}.`,
          `Its tools: ${[...byName.keys()].join(', ') || 'none'}.`,
        );
      const next = new Map(tools.map((name) => [name, { ...byName.get(name)!, runtime }]));
      return { updatedAt: saveTools(id, next), tools };
    },

    'graphs.makeReplayRuntimes': ({ id, trajectoryIds, filter, tools: only, apply, overwrite }) => {
      const graph = inScope(store.graphs.get(id), only);
      const recorded = collectRecordings(
        store,
        graph.tools.map((t) => t.name),
        { ...(trajectoryIds ? { trajectoryIds } : {}), ...(filter ? { filter } : {}) },
      );
      const runtimes = buildReplayRuntimes(recorded.calls, recorded.trajectoriesByTool);
      const tools = graph.tools.flatMap((tool) => {
        const runtime = runtimes.get(tool.name);
        if (!runtime) return [];
        const own = tool.runtime && isWrittenKind(tool.runtime.kind) && !overwrite ? tool.runtime.kind : null;
        return [{ tool: tool.name, runtime, kept: own }];
      });
      const replaced = new Map(
        tools
          .filter((t) => t.kept === null)
          .map((t) => [t.tool, { ...graph.tools.find((g) => g.name === t.tool)!, runtime: t.runtime }]),
      );
      return {
        trajectories: recorded.trajectories,
        limited: recorded.limited,
        tools,
        unrecorded: graph.tools.filter((t) => !runtimes.has(t.name)).map((t) => t.name),
        updatedAt: apply && replaced.size ? saveTools(id, replaced) : null,
      };
    },

    'graphs.valueFlows': ({ id, trajectoryIds, filter, tools: only }) => {
      const graph = inScope(store.graphs.get(id), only);
      const recorded = collectRecordings(
        store,
        graph.tools.map((t) => t.name),
        { ...(trajectoryIds ? { trajectoryIds } : {}), ...(filter ? { filter } : {}) },
      );
      return { trajectories: recorded.trajectories, limited: recorded.limited, flows: valueFlows(recorded.runs) };
    },

    'graphs.inferReturns': ({ id, trajectoryIds, filter, tools: only, apply }) => {
      const graph = inScope(store.graphs.get(id), only);
      const recorded = collectRecordings(
        store,
        graph.tools.map((t) => t.name),
        { ...(trajectoryIds ? { trajectoryIds } : {}), ...(filter ? { filter } : {}) },
      );
      const results = new Map<string, unknown[]>();
      for (const call of recorded.calls) {
        if (call.error !== undefined) continue;
        const list = results.get(call.tool) ?? [];
        if (list.length < MAX_INFERENCE_RESULTS) list.push(call.result);
        results.set(call.tool, list);
      }
      const proposals = graph.tools
        .filter((t) => results.has(t.name))
        .map((t) => proposeReturns(t.name, t.returns, results.get(t.name)!));
      const changed = new Map(
        proposals
          .filter((p) => p.changed)
          .map((p) => [p.tool, { ...graph.tools.find((t) => t.name === p.tool)!, returns: p.proposed }]),
      );
      return {
        trajectories: recorded.trajectories,
        limited: recorded.limited,
        proposals,
        updatedAt: apply && changed.size ? saveTools(id, changed) : null,
      };
    },
  };
}
