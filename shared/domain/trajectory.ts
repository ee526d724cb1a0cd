import { z } from 'zod';
import { ReviewStatus } from './curation';
import { JsonSchema } from './tool-graph';

export const TurnRole = z.enum(['system', 'user', 'assistant', 'tool']);
export type TurnRole = z.infer<typeof TurnRole>;

export const ToolCall = z.object({
  id: z.string(),
  name: z.string(),
  args: z.unknown(),
});
export type ToolCall = z.infer<typeof ToolCall>;

export const Turn = z.object({
  role: TurnRole,
  thought: z.string().optional(),
  content: z.string().optional(),
  toolCalls: z.array(ToolCall).optional(),
  toolCallId: z.string().optional(),
  timing: z.object({ startedAt: z.string().optional(), durationMs: z.number() }).optional(),
  tokens: z.object({ prompt: z.number().int(), completion: z.number().int() }).optional(),
});
export type Turn = z.infer<typeof Turn>;

/** Where a trajectory came from: a run made in Trellis, or a log imported from elsewhere. */
export const TrajectoryKind = z.enum(['run', 'imported']);

export const TrajectoryId = z.string().min(1);

/** A tool as a record declared it (OpenAI function definition fields). */
export const DeclaredTool = z.object({ name: z.string(), description: z.string(), parameters: JsonSchema });
export type DeclaredTool = z.infer<typeof DeclaredTool>;

export const Trajectory = z.object({
  id: TrajectoryId,
  kind: TrajectoryKind,
  title: z.string(),
  source: z.string(),
  graphId: z.string().nullable(),
  planId: z.string().nullable(),
  /** A fork records the run it came from and the turn it branched at. */
  forkOf: z.object({ trajectoryId: TrajectoryId, turnIndex: z.number().int().min(0) }).nullable(),
  turns: z.array(Turn),
  createdAt: z.string(),
  /** The tool set its record declared (content-addressed), when it declared one. */
  toolSet: z.string().nullable().optional(),
});
export type Trajectory = z.infer<typeof Trajectory>;

export const TrajectorySummary = Trajectory.pick({
  id: true,
  kind: true,
  title: true,
  source: true,
  graphId: true,
  createdAt: true,
}).extend({
  turnCount: z.number().int(),
  findingCount: z.number().int(),
  label: ReviewStatus.nullable(),
});
export type TrajectorySummary = z.infer<typeof TrajectorySummary>;

export const FindingSeverity = z.enum(['error', 'warning', 'info']);

/** A check's verdict on one turn of a trajectory. */
export const Finding = z.object({
  kind: z.string(),
  severity: FindingSeverity,
  turnIndex: z.number().int().min(0),
  path: z.string(),
  message: z.string(),
});
export type Finding = z.infer<typeof Finding>;
