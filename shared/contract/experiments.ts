import { z } from 'zod';
import { ExperimentDefinition, ExperimentView, SideBySideRow } from '../experiments/types';
import { method } from './define';
import { JobId } from './jobs';

/**
 * API keys by server address for this run (and, in the same backend, its resumes): never kept
 * with the experiment (a workspace is shared; a key is the user's). A server without one uses
 * the key given in Models when it is the workspace's server, else none.
 */
const ServerKeys = z.record(z.string(), z.string().min(1)).optional();

export const experimentsMethods = {
  'experiments.run': method({
    summary:
      'Re-runs the selected trajectories with each candidate, tools answered by the policy, as a job; each run is saved as a trajectory forked from its source. ' +
      'With `experimentId` it resumes that experiment (the runs it lacks), or with `again` runs its definition anew. Cancelled, the runs done so far are kept.',
    args: z.union([
      z.object({ jobId: JobId.optional(), definition: ExperimentDefinition, apiKeys: ServerKeys }),
      z.object({
        jobId: JobId.optional(),
        experimentId: z.string().min(1),
        again: z.boolean().default(false),
        apiKeys: ServerKeys,
      }),
    ]),
    result: ExperimentView.extend({ cancelled: z.boolean() }),
  }),
  'experiments.list': method({
    summary: 'Experiments of the workspace, newest first.',
    args: z.object({}),
    result: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        createdAt: z.string(),
        sources: z.number().int(),
        candidates: z.number().int(),
        done: z.number().int(),
        errored: z.number().int(),
      }),
    ),
  }),
  'experiments.get': method({
    summary: 'An experiment: its definition, the table per candidate and every run.',
    args: z.object({ id: z.string().min(1) }),
    result: ExperimentView,
  }),
  'experiments.compare': method({
    summary: 'Two candidates of an experiment side by side on the same trajectories.',
    args: z.object({ id: z.string().min(1), a: z.number().int().min(0), b: z.number().int().min(0) }),
    result: z.array(SideBySideRow),
  }),
  'experiments.delete': method({
    summary: 'Deletes an experiment; the runs it made stay (as trajectories) until deleted there.',
    args: z.object({ id: z.string().min(1) }),
    result: z.object({ ok: z.literal(true) }),
  }),
};
