import { z } from 'zod';
import { Finding, Trajectory, TrajectoryId, TrajectorySummary } from '../domain';
import { method } from './define';

export const TrajectoryFormat = z.enum(['openai', 'sharegpt', 'hermes', 'agentgym']);
export type TrajectoryFormat = z.infer<typeof TrajectoryFormat>;

export const trajectoriesMethods = {
  'trajectories.list': method({
    summary: 'Trajectories of the workspace, newest first.',
    args: z.object({
      limit: z.number().int().min(1).max(10_000).default(200),
      offset: z.number().int().min(0).default(0),
    }),
    result: z.object({ total: z.number().int(), items: z.array(TrajectorySummary) }),
  }),
  'trajectories.get': method({
    summary: 'One trajectory with all its turns.',
    args: z.object({ id: TrajectoryId }),
    result: Trajectory,
  }),
  'trajectories.check': method({
    summary: 'Run the deterministic checks on one trajectory and store its findings.',
    args: z.object({ id: TrajectoryId }),
    result: z.array(Finding),
  }),
  'trajectories.checkAll': method({
    summary: 'Run the checks on every trajectory; findings are stored, counts returned by kind.',
    args: z.object({}),
    result: z.object({
      checked: z.number().int(),
      withFindings: z.number().int(),
      byKind: z.record(z.string(), z.number().int()),
    }),
  }),
  'trajectories.import': method({
    summary: 'Import a JSONL file of trajectories (OpenAI chat, ShareGPT, Hermes, AgentGym), strict or lenient.',
    args: z.object({
      path: z.string().trim().min(1),
      format: TrajectoryFormat.optional(),
      mode: z.enum(['strict', 'lenient']).default('strict'),
      graphId: z.string().nullable().default(null),
    }),
    result: z.object({
      format: TrajectoryFormat.nullable(),
      imported: z.number().int(),
      duplicates: z.number().int(),
      committed: z.boolean(),
      rejected: z.array(
        z.object({ line: z.number().int(), offset: z.number().int(), reason: z.string(), snippet: z.string() }),
      ),
    }),
  }),
};

export const trajectoriesEvents = {
  'trajectories.importProgress': z.object({
    lines: z.number().int(),
    imported: z.number().int(),
    rejected: z.number().int(),
  }),
};
