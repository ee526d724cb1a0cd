import { z } from 'zod';
import { GraphEdge, GraphId, GraphName, GraphSummary, Tool, ToolGraph } from '../domain';
import { PROBLEM_CODES } from '../graph/checks';
import { method } from './define';

const Ok = z.object({ ok: z.literal(true) });

export const GraphContent = z.object({ tools: z.array(Tool), edges: z.array(GraphEdge) });

export const GraphProblem = z.object({
  code: z.enum(PROBLEM_CODES),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  tools: z.array(z.string()),
  edgeIndex: z.number().int().optional(),
  heuristic: z.boolean().optional(),
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
    summary: 'Replace a graph’s tools, edges and dismissed suggestions (the editor’s autosave).',
    args: GraphContent.extend({ id: GraphId, dismissedSuggestions: z.array(z.string()) }),
    result: z.object({ updatedAt: z.string() }),
  }),
  'graphs.check': method({
    summary: 'Problems of a graph (saved or not): names, schemas, edges, cycles, reachability.',
    args: GraphContent,
    result: z.array(GraphProblem),
  }),
};

export const graphsEvents = {
  'graphs.changed': z.object({ graphId: z.string(), reason: z.enum(['created', 'updated', 'deleted']) }),
};
