import { z } from 'zod';
import {
  Environment,
  GraphEdge,
  GraphId,
  GraphName,
  GraphSummary,
  JsonSchema,
  Tool,
  ToolGraph,
  ToolName,
  ToolRuntime,
  TrajectoryFilter,
  TrajectoryId,
} from '../domain';
import { PROBLEM_CODES } from '../checks/graph';
import { RUNTIME_KIND_NAMES, RUNTIME_KINDS, WRITTEN_KINDS } from '../runtimes/kinds';
import { GraphWhere, Problem } from '../domain/problem';
import { method } from './define';

const Ok = z.object({ ok: z.literal(true) });

export const GraphContent = z.object({ tools: z.array(Tool), edges: z.array(GraphEdge) });

export const GraphProblem = Problem.extend({ code: z.enum(PROBLEM_CODES), where: GraphWhere });

/**
 * Which trajectories recordings come from: these ids (a selection), else those a filter
 * selects, else every trajectory of the workspace; only calls of the graph's tools count.
 */
const RecordingSource = z.object({
  trajectoryIds: z.array(TrajectoryId).max(100_000).optional(),
  filter: TrajectoryFilter.optional(),
  /** Only these tools of the graph (a selection); all of them when absent. */
  tools: z.array(ToolName).optional(),
});

const SourceReport = z.object({
  /** Trajectories read that call at least one tool of the graph. */
  trajectories: z.number().int(),
  /** True when there were more than the most a request reads (the newest were read). */
  limited: z.boolean(),
});

export const graphsMethods = {
  'graphs.list': method({
    summary: 'All tool graphs of the workspace, by name.',
    args: z.object({}),
    result: z.array(GraphSummary),
  }),
  'graphs.get': method({
    summary: 'One tool graph with its tools and edges.',
    args: z.object({ id: GraphId }),
    result: ToolGraph,
  }),
  'graphs.create': method({
    summary: 'A new empty graph.',
    args: z.object({ name: GraphName }),
    result: GraphSummary,
  }),
  'graphs.rename': method({
    summary: 'Rename a graph; names are unique.',
    args: z.object({ id: GraphId, name: GraphName }),
    result: GraphSummary,
  }),
  'graphs.duplicate': method({
    summary: 'Copy a graph with its tools and edges under a new name.',
    args: z.object({ id: GraphId, name: GraphName }),
    result: GraphSummary,
  }),
  'graphs.delete': method({
    summary: 'Delete a graph; its trajectories are kept and lose the link.',
    args: z.object({ id: GraphId }),
    result: Ok,
  }),
  'graphs.save': method({
    summary:
      'Replace a graph’s tools, edges and dismissed suggestions (the editor’s autosave), and its environment when given (null removes it; left out, it is kept). With baseUpdatedAt, a graph saved elsewhere since then is not overwritten: the result says stale, with its current updatedAt.',
    args: GraphContent.extend({
      id: GraphId,
      dismissedSuggestions: z.array(z.string()),
      environment: Environment.nullable().optional(),
      baseUpdatedAt: z.string().optional(),
    }),
    result: z.object({ updatedAt: z.string(), stale: z.literal(true).optional() }),
  }),
  'graphs.savePositions': method({
    summary:
      'Move a graph’s tools (the editor’s autosave after a drag or an auto-layout: positions only, not the whole graph), with its dismissed suggestions. baseUpdatedAt as for graphs.save.',
    args: z.object({
      id: GraphId,
      positions: z.array(z.object({ tool: ToolName, x: z.number(), y: z.number() })),
      dismissedSuggestions: z.array(z.string()),
      baseUpdatedAt: z.string().optional(),
    }),
    result: z.object({ updatedAt: z.string(), stale: z.literal(true).optional() }),
  }),
  'graphs.setRuntime': method({
    summary: `Give tools a runtime (or none): ${RUNTIME_KIND_NAMES.map((k) => RUNTIME_KINDS[k].noun).join(', ')}.`,
    args: z.object({ id: GraphId, tools: z.array(ToolName).min(1), runtime: ToolRuntime.nullable() }),
    result: z.object({ updatedAt: z.string(), tools: z.array(z.string()) }),
  }),
  'graphs.makeReplayRuntimes': method({
    summary:
      'Replay runtimes for the graph’s tools from the calls recorded in trajectories (arguments → observation). Tools with a runtime of their own keep it unless overwrite is set; with apply false nothing is saved.',
    args: RecordingSource.extend({
      id: GraphId,
      apply: z.boolean().default(true),
      overwrite: z.boolean().default(false),
    }),
    result: SourceReport.extend({
      /** One per tool with recorded calls, in graph order. */
      tools: z.array(
        z.object({
          tool: z.string(),
          runtime: ToolRuntime,
          /** Why it was not given this runtime: it has one of its own (and overwrite was not set). */
          kept: z.enum(WRITTEN_KINDS).nullable(),
        }),
      ),
      /** Tools of the graph (of `tools`, when given) that no trajectory called. */
      unrecorded: z.array(z.string()),
      updatedAt: z.string().nullable(),
    }),
  }),
  'graphs.inferReturns': method({
    summary:
      'Proposed result schemas for the graph’s tools, inferred from the results recorded in trajectories; apply saves the changed ones.',
    args: RecordingSource.extend({ id: GraphId, apply: z.boolean().default(false) }),
    result: SourceReport.extend({
      proposals: z.array(
        z.object({
          tool: z.string(),
          current: JsonSchema,
          proposed: JsonSchema,
          results: z.number().int(),
          changed: z.boolean(),
        }),
      ),
      updatedAt: z.string().nullable(),
    }),
  }),
  'graphs.valueFlows': method({
    summary:
      'Where recorded trajectories passed a value from one tool’s result into a later call of another: evidence for edge suggestions.',
    args: RecordingSource.extend({ id: GraphId }),
    result: SourceReport.extend({
      flows: z.array(
        z.object({
          fromTool: z.string(),
          fromPath: z.string(),
          toTool: z.string(),
          toParam: z.string(),
          runs: z.number().int(),
        }),
      ),
    }),
  }),
  'graphs.check': method({
    summary: 'Problems of a graph (saved or not): names, schemas, edges, cycles, reachability.',
    args: GraphContent,
    result: z.array(GraphProblem),
  }),
};
