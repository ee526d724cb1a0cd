import { z } from 'zod';
import { ReviewStatus } from './curation';

/** The longest search text: longer pastes are cut to it in the search box. */
export const MAX_SEARCH_LENGTH = 500;

/** Which trajectories the browser shows; every field narrows the selection, absent fields do not. */
export const TrajectoryFilter = z.object({
  /** Full-text search over turn content, thoughts and tool calls (words, prefix-matched). */
  text: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
  /** The file a trajectory was imported from (`runs` for runs made in Trellis). */
  source: z.string().optional(),
  /** Trajectories that call this tool at least once. */
  tool: z.string().optional(),
  /** A finding kind, `any` (at least one finding) or `none` (no finding). */
  finding: z.string().optional(),
  label: z.union([ReviewStatus, z.literal('unlabelled')]).optional(),
  minTurns: z.number().int().min(0).optional(),
  maxTurns: z.number().int().min(0).optional(),
  /** The run's outcome; `none` for trajectories that carry none. */
  outcome: z.enum(['success', 'failure', 'unknown', 'none']).optional(),
  /** Metadata fields that must equal these values (compared as text: `task_id=12`, `harness=tau-bench`). */
  meta: z.record(z.string().min(1).max(200), z.string().max(MAX_SEARCH_LENGTH)).optional(),
});
export type TrajectoryFilter = z.infer<typeof TrajectoryFilter>;

const Facet = z.array(z.object({ value: z.string(), count: z.number().int() }));

/** The values the browser's filters can take, with how many trajectories have each. */
export const TrajectoryFacets = z.object({
  sources: Facet,
  tools: Facet,
  findings: Facet,
  labels: Facet,
  /** success, failure, unknown and none (no outcome), with counts. */
  outcomes: Facet,
});
export type TrajectoryFacets = z.infer<typeof TrajectoryFacets>;

/** Counts over a selection of trajectories. */
export const SelectionSummary = z.object({
  trajectories: z.number().int(),
  turns: z.number().int(),
  toolCalls: z.number().int(),
  withFindings: z.number().int(),
  /** Trajectories by outcome: success, failure, unknown, none. */
  outcomes: z.record(z.string(), z.number().int()),
  findingsByKind: z.record(z.string(), z.number().int()),
  callsByTool: z.record(z.string(), z.number().int()),
});
export type SelectionSummary = z.infer<typeof SelectionSummary>;
