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

/** One turn of a multi-turn entry as it ran: the model's decoded steps and their results, the ground truth's. */
export const BfclTurnRun = z.object({
  steps: z.array(z.object({ calls: z.array(z.string()), results: z.array(z.string()) })),
  /** Steps that gave no calls (chat text, undecodable): skipped, as the leaderboard skips them. */
  skipped: z.array(z.object({ step: z.number().int(), reason: z.string() })),
  groundTruth: z.array(z.string()),
  groundTruthResults: z.array(z.string()),
});

/** Why a multi-turn entry failed: the turns run up to the failing one, and what differed there. */
export const BfclMultiTurnDetails = z.object({
  turns: z.array(BfclTurnRun),
  /** The failing turn, counted from 0 as the leaderboard's messages count. */
  turn: z.number().int().optional(),
  /** The class whose public attributes differ from the ground truth's (values as Python's repr). */
  state: z
    .object({
      className: z.string(),
      differences: z.array(
        z.object({
          attribute: z.string(),
          model: z.string(),
          groundTruth: z.string(),
          /** Inside a nested value, where it first differs and the two values there. */
          at: z.object({ path: z.string(), model: z.string(), groundTruth: z.string() }).optional(),
        }),
      ),
    })
    .optional(),
  /** Results of the ground truth's calls that none of the model's calls so far gave. */
  missing: z.array(z.string()).optional(),
});
export type BfclMultiTurnDetails = z.infer<typeof BfclMultiTurnDetails>;

export const BfclItemScore = z.object({
  id: z.string(),
  category: z.string(),
  valid: z.boolean(),
  /** Why the item failed, in Trellis's words (multi-turn: the leaderboard's message). */
  error: z.string().optional(),
  /** The leaderboard's error type for the same failure (`type_error:simple`, `multi_turn:instance_state_mismatch`…). */
  errorType: z.string().optional(),
  /** A failed multi-turn entry: the turns run and what differed. */
  details: BfclMultiTurnDetails.optional(),
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
      "BFCL scoring of a leaderboard result file against possible answers, as a job: the AST check for single-turn categories, the state and response checks for multi-turn ones (the calls run in the entry's API classes), with the leaderboard's verdicts and error types, per item and by category. Cancelled, it returns the entries scored so far.",
    args: z.object({
      pred: FilePath,
      answers: FilePath,
      entries: FilePath,
      /** Results of a function-calling model (`[{name: arguments}]`); otherwise prompt-mode text. */
      fc: z.boolean().default(false),
      /** Parallel categories: the leaderboard's greedy in-order pairing, or Trellis's search. */
      matching: z.enum(['official', 'backtracking']).default('official'),
      jobId: JobId.optional(),
    }),
    result: z.object({
      fc: z.boolean(),
      matching: z.enum(['official', 'backtracking']),
      items: z.array(BfclItemScore),
      accuracy: z.number(),
      byCategory: z.record(z.string(), z.object({ total: z.number().int(), valid: z.number().int() })),
      cancelled: z.boolean(),
    }),
  }),
};
