import { z } from 'zod';

export const StepArgs = z.record(z.string(), z.unknown());

/** One call in a plan DAG; an argument may be `{"$ref": "s2.result.flight_id"}`. */
export const PlanStep = z.object({
  id: z.string().min(1),
  tool: z.string(),
  args: StepArgs,
  dependsOn: z.array(z.string()),
});
export type PlanStep = z.infer<typeof PlanStep>;

export const Plan = z.object({
  id: z.string().min(1),
  graphId: z.string(),
  intent: z.string(),
  steps: z.array(PlanStep),
  modelSettings: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type Plan = z.infer<typeof Plan>;

export const ReviewStatus = z.enum(['accepted', 'rejected', 'needs-fix']);

export const Label = z.object({
  trajectoryId: z.string(),
  status: ReviewStatus.nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  tags: z.array(z.string()),
  note: z.string(),
});
export type Label = z.infer<typeof Label>;

export const Split = z.enum(['train', 'validation', 'test']);

export const Dataset = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1),
  filter: z.record(z.string(), z.unknown()),
  items: z.array(z.object({ trajectoryId: z.string(), split: Split.nullable() })),
  createdAt: z.string(),
});
export type Dataset = z.infer<typeof Dataset>;
