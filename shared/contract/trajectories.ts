import { z } from 'zod';
import { Trajectory, TrajectoryId, TrajectorySummary } from '../domain';
import { method } from './define';

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
};
