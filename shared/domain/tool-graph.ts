import { z } from 'zod';

/** Tool names follow the OpenAI function-name rule so graphs export without renaming. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export const ToolName = z.string().regex(TOOL_NAME_PATTERN, 'must match ^[a-zA-Z0-9_-]{1,64}$');

/** A JSON Schema document; validated for meaning by the graph checks, not here. */
export const JsonSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof JsonSchema>;

/** One recorded call of a tool: its arguments and what it answered (a result, or an error). */
export const Recording = z.object({
  args: z.unknown(),
  result: z.unknown().optional(),
  error: z.string().optional(),
});
export type Recording = z.infer<typeof Recording>;

/** The most recordings a replay runtime keeps per tool (distinct arguments, most frequent first). */
export const MAX_RECORDINGS = 200;

export const ToolRuntime = z.discriminatedUnion('kind', [
  /** A function body in JavaScript that sees `args` and returns the result; runs in a sandbox. */
  z.object({ kind: z.literal('mock'), code: z.string() }),
  /**
   * The first response whose `match` (argument name → value; arguments left out match anything)
   * equals the call's arguments answers it; else `default`, when there is one.
   */
  z.object({
    kind: z.literal('fixed'),
    responses: z.array(z.object({ match: z.record(z.string(), z.unknown()), result: z.unknown() })),
    default: z.unknown().optional(),
  }),
  /** The loaded model plays the tool; `instructions` add to what its description says. */
  z.object({ kind: z.literal('llm-simulated'), instructions: z.string().optional() }),
  /** `{name}` in the URL is filled from the argument of that name; the rest go in the query (GET) or body. */
  z.object({
    kind: z.literal('http'),
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
  z.object({
    kind: z.literal('mcp'),
    /**
     * How to start the server again; Trellis shows all of it (environment and folder too) and
     * asks before it does. `env` adds to the safe variables a server inherits; `cwd`: its folder.
     */
    server: z.object({
      command: z.string(),
      args: z.array(z.string()),
      env: z.record(z.string(), z.string()).optional(),
      cwd: z.string().optional(),
    }),
    tool: z.string(),
  }),
  /**
   * Answers with what the tool answered in recorded trajectories: the recording with the same
   * arguments, else the nearest one (marked so in the turn). Kept in the graph itself, so the
   * graph file runs anywhere, and the runs do not change when trajectories are edited or deleted.
   */
  z.object({
    kind: z.literal('replay'),
    recordings: z.array(Recording).max(MAX_RECORDINGS),
    /** Where the recordings came from, and what was left out, for the inspector. */
    source: z.object({
      trajectories: z.number().int(),
      calls: z.number().int(),
      /** Distinct argument sets left out by the cap (the least frequent). */
      dropped: z.number().int(),
    }),
  }),
]);
export type ToolRuntime = z.infer<typeof ToolRuntime>;

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
