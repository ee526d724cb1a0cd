import { z } from 'zod';
import { method } from './define';

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
  error: z.string().optional(),
});
export type BfclItemScore = z.infer<typeof BfclItemScore>;

export const evaluationMethods = {
  'eval.worfbench': method({
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
  'eval.bfcl': method({
    summary: 'BFCL AST check of predicted calls against possible answers, per item and by category.',
    args: z.object({ pred: FilePath, answers: FilePath, entries: FilePath }),
    result: z.object({
      items: z.array(BfclItemScore),
      accuracy: z.number(),
      byCategory: z.record(z.string(), z.object({ total: z.number().int(), valid: z.number().int() })),
    }),
  }),
};
