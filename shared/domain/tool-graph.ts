import { z } from 'zod';

/** Tool names follow the OpenAI function-name rule so graphs export without renaming. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export const ToolName = z.string().regex(TOOL_NAME_PATTERN, 'must match ^[a-zA-Z0-9_-]{1,64}$');

// Defined under the runtime kinds, whose templates read schemas too.
export { JsonSchema } from '../json-schema/schema';
import { JsonSchema } from '../json-schema/schema';
import { Environment } from './environment';

// A tool's runtime and its recordings are defined with their kinds, one file each.
export { MAX_RECORDINGS, Recording, ToolRuntime } from '../runtimes/kinds';
import { ToolRuntime } from '../runtimes/kinds';

export const Position = z.object({ x: z.number(), y: z.number() });
export type Position = z.infer<typeof Position>;

export const Tool = z.object({
  name: ToolName,
  description: z.string(),
  parameters: JsonSchema,
  returns: JsonSchema,
  runtime: ToolRuntime.nullable(),
  position: Position,
});
export type Tool = z.infer<typeof Tool>;

/** Directed `G_depend` edge: an output field of one tool feeds a parameter of another. */
export const DependencyEdge = z.object({
  kind: z.literal('dependency'),
  fromTool: ToolName,
  /** `top_place.lat`; `rooms[].room_id` is an element edge: one element of the list fills the parameter. */
  fromPath: z.string().min(1),
  toTool: ToolName,
  toParam: z.string().min(1),
});
export type DependencyEdge = z.infer<typeof DependencyEdge>;

/** Undirected `G_share` edge: two tools take the same entity. */
export const SharedParamEdge = z.object({
  kind: z.literal('shared'),
  toolA: ToolName,
  paramA: z.string().min(1),
  toolB: ToolName,
  paramB: z.string().min(1),
});
export type SharedParamEdge = z.infer<typeof SharedParamEdge>;

export const GraphEdge = z.discriminatedUnion('kind', [DependencyEdge, SharedParamEdge]);
export type GraphEdge = z.infer<typeof GraphEdge>;

export const GraphId = z.string().min(1);

export const GraphName = z.string().trim().min(1, 'must not be empty').max(120);

export const ToolGraph = z.object({
  id: GraphId,
  name: GraphName,
  tools: z.array(Tool),
  edges: z.array(GraphEdge),
  /** Keys of edge suggestions the user dismissed, so they are not offered again. */
  dismissedSuggestions: z.array(z.string()),
  /** The world its tools share, when it has one (tools of the runtime kind `environment` call into it). */
  environment: Environment.nullable().optional(),
  updatedAt: z.string(),
});
export type ToolGraph = z.infer<typeof ToolGraph>;

export const GraphSummary = z.object({
  id: GraphId,
  name: z.string(),
  toolCount: z.number().int(),
  dependencyEdgeCount: z.number().int(),
  sharedEdgeCount: z.number().int(),
  updatedAt: z.string(),
});
export type GraphSummary = z.infer<typeof GraphSummary>;
