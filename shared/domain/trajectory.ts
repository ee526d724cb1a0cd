import { z } from 'zod';
import { Problem, TurnWhere } from './problem';
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
  /**
   * The environment's state after this call was answered (tool turns of runs in an environment);
   * the state before is the previous such turn's, or the run's `metadata.environment.initialState`.
   */
  state: z.unknown().optional(),
});
export type Turn = z.infer<typeof Turn>;

/** Where a trajectory came from: a run made in Trellis, or a log imported from elsewhere. */
export const TrajectoryKind = z.enum(['run', 'imported']);

export const TrajectoryId = z.string().min(1);

/** A tool as a record declared it (OpenAI function definition fields). */
export const DeclaredTool = z.object({ name: z.string(), description: z.string(), parameters: JsonSchema });
export type DeclaredTool = z.infer<typeof DeclaredTool>;

/** Whether a run reached its goal, as its harness judged it (or Trellis, for runs made here). */
export const OutcomeStatus = z.enum(['success', 'failure', 'unknown']);
export type OutcomeStatus = z.infer<typeof OutcomeStatus>;

export const Outcome = z.object({
  status: OutcomeStatus,
  /** What gave the verdict, in its own words: "tau-bench reward", "inspect scorer includes". */
  by: z.string(),
  /** The value it gave, as written: 0.0, "C", true, "finished". */
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export type Outcome = z.infer<typeof Outcome>;

/** How a list names an outcome in one word. */
export const OUTCOME_WORDS: Record<OutcomeStatus, string> = {
  success: 'succeeded',
  failure: 'failed',
  unknown: 'outcome unknown',
};

/**
 * The outcome of a run still going (a received trace whose root span has not arrived): not known
 * yet, and said so rather than "outcome unknown".
 */
export const IN_PROGRESS: Outcome = { status: 'unknown', by: 'trace in progress', value: null };

/** Whether an outcome is that of a run still going ({@link IN_PROGRESS}). */
export const isInProgress = (outcome: Outcome): boolean =>
  outcome.status === 'unknown' && outcome.by === IN_PROGRESS.by && outcome.value === null;

/** How a list names an outcome in one word: its status's, or "in progress" for a run still going. */
export const outcomeWord = (outcome: Outcome): string =>
  isInProgress(outcome) ? 'in progress' : OUTCOME_WORDS[outcome.status];

/** The Outcome filter's values as the list words them (`none`: the record carries no outcome). */
export const OUTCOME_FILTER_WORDS: Record<OutcomeStatus | 'none', string> = { ...OUTCOME_WORDS, none: 'no outcome' };

/** "tau-bench reward 0", "inspect scorer includes: C": an outcome as a person reads it. */
export function describeOutcome(outcome: Outcome): string {
  if (isInProgress(outcome)) return 'the trace goes on: its root span has not arrived yet';
  if (outcome.value === null) return outcome.by;
  return typeof outcome.value === 'string'
    ? `${outcome.by}: ${outcome.value}`
    : `${outcome.by} ${String(outcome.value)}`;
}

/** "84 succeeded, 116 failed, 3 unknown": outcome counts, the zero ones left out; '' when none has one. */
export function describeOutcomeCounts(counts: Partial<Record<string, number>>): string {
  const parts = [
    [counts.success, 'succeeded'],
    [counts.failure, 'failed'],
    [counts.unknown, 'with an unknown outcome'],
  ] as const;
  // Those without any outcome are named only beside others that have one.
  const known = parts.some(([n]) => n);
  const none = known && counts.none ? `, ${counts.none} with no outcome` : '';
  return parts
    .filter(([n]) => n)
    .map(([n, what]) => `${n} ${what}`)
    .join(', ')
    .concat(none);
}

/**
 * What a record says about its run besides its turns: `harness`, `task_id` and `model` where
 * known, and every top-level field of the record that no turn holds, under its own name.
 */
export const TrajectoryMetadata = z.record(z.string(), z.unknown());
export type TrajectoryMetadata = z.infer<typeof TrajectoryMetadata>;

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
  outcome: Outcome.nullable().optional(),
  metadata: TrajectoryMetadata.optional(),
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
  outcome: Outcome.nullable(),
  turnCount: z.number().int(),
  findingCount: z.number().int(),
  label: ReviewStatus.nullable(),
});
export type TrajectorySummary = z.infer<typeof TrajectorySummary>;

/**
 * A check's verdict on one turn of a trajectory: the one problem type, on a turn. Its code is a
 * string, not the checks' enum: stored findings keep the codes they were found with.
 */
export const Finding = Problem.extend({ where: TurnWhere });
export type Finding = z.infer<typeof Finding>;
