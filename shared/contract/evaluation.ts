import { z } from 'zod';
import { TrajectoryFilter } from '../domain';
import { method } from './define';
import { JobId } from './jobs';

const FilePath = z.string().trim().min(1);

export const WorkflowItemScore = z.object({
  id: z.string(),
  f1Chain: z.number(),
  f1Graph: z.number().nullable(),
  precisionChain: z.number(),
  recallChain: z.number(),
  matchedNodes: z.number().int(),
  /** Why an item scored what it did when it is not a plain score (no prediction, compat error). */
  error: z.string().optional(),
});
export type WorkflowItemScore = z.infer<typeof WorkflowItemScore>;

export const BfclItemScore = z.object({
  id: z.string(),
  category: z.string(),
  valid: z.boolean(),
  /** Why the item failed, in Trellis's words. */
  error: z.string().optional(),
  /** The leaderboard's error type for the same failure (`type_error:simple`, `value_error:string`…). */
  errorType: z.string().optional(),
});
export type BfclItemScore = z.infer<typeof BfclItemScore>;

export const ScoreMetricInfo = z.object({
  name: z.string(),
  label: z.string(),
  source: z.enum(['deterministic', 'heuristic', 'model-judged']),
});

export const TrajectoryScores = z.object({
  id: z.string(),
  title: z.string(),
  /** Deterministic and heuristic scores by metric name, in [0, 1]; null where one does not apply. */
  scores: z.record(z.string(), z.number().nullable()),
  /** Model-judged scores (0–3 normalised to [0, 1]) with the judge's reasons; absent unless asked for. */
  judged: z.record(z.string(), z.object({ score: z.number(), reason: z.string() })).optional(),
});
export type TrajectoryScores = z.infer<typeof TrajectoryScores>;

export const evaluationMethods = {
  'evaluation.worfbench': method({
    summary: 'WorfBench F1 chain and F1 graph of predicted workflows against gold ones, per item and mean.',
    args: z.object({
      pred: FilePath,
      gold: FilePath,
      compat: z.boolean().default(false),
      /** `model`: sentence embeddings from the loaded model; `lexical`: the word-overlap stand-in. */
      matcher: z.enum(['lexical', 'model']).default('lexical'),
    }),
    result: z.object({
      matcher: z.enum(['lexical', 'embedding']),
      compat: z.boolean(),
      items: z.array(WorkflowItemScore),
      mean: z.object({ f1Chain: z.number(), f1Graph: z.number() }),
    }),
  }),
  'evaluation.gpa': method({
    summary:
      'Agent GPA scores for the trajectories a filter selects, as a job: deterministic ones always, model-judged ones with the loaded model on request. Cancelled, it returns the trajectories scored so far.',
    args: z.object({
      filter: TrajectoryFilter.default({}),
      judge: z.boolean().default(false),
      /** At most this many trajectories (judging costs five generations each). */
      limit: z.number().int().min(1).max(1_000_000).default(10_000),
      jobId: JobId.optional(),
    }),
    result: z.object({
      metrics: z.array(ScoreMetricInfo),
      items: z.array(TrajectoryScores),
      cancelled: z.boolean(),
    }),
  }),
  'evaluation.bfcl': method({
    summary:
      "BFCL AST check of a leaderboard result file against possible answers, with the leaderboard's verdicts and error types, per item and by category.",
    args: z.object({
      pred: FilePath,
      answers: FilePath,
      entries: FilePath,
      /** Results of a function-calling model (`[{name: arguments}]`); otherwise prompt-mode text. */
      fc: z.boolean().default(false),
      /** Parallel categories: the leaderboard's greedy in-order pairing, or Trellis's search. */
      matching: z.enum(['official', 'backtracking']).default('official'),
    }),
    result: z.object({
      fc: z.boolean(),
      matching: z.enum(['official', 'backtracking']),
      items: z.array(BfclItemScore),
      accuracy: z.number(),
      byCategory: z.record(z.string(), z.object({ total: z.number().int(), valid: z.number().int() })),
    }),
  }),
};
