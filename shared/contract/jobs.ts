import { z } from 'zod';
import { method } from './define';

/** What a job's `done` and `total` count. */
export const JobUnit = z.enum(['items', 'bytes', 'fraction']);
export type JobUnit = z.infer<typeof JobUnit>;

/**
 * Every long method runs as a job of its own name; the unit says what its progress counts
 * (an import reads bytes of its file, a model load reports a fraction, the rest count items).
 */
export const JOB_UNITS = {
  'trajectories.import': 'bytes',
  'trajectories.checkAll': 'items',
  'evaluation.gpa': 'items',
  'evaluation.bfcl': 'items',
  'datasets.export': 'items',
  'datasets.dedup': 'items',
  'datasets.stats': 'items',
  'synth.start': 'items',
  'models.load': 'fraction',
  'models.build': 'fraction',
  'models.generate': 'items',
  'plans.generate': 'items',
  'experiments.run': 'items',
} as const satisfies Record<string, JobUnit>;

export const JobKind = z.enum(Object.keys(JOB_UNITS) as [keyof typeof JOB_UNITS, ...(keyof typeof JOB_UNITS)[]]);
export type JobKind = z.infer<typeof JobKind>;

/** Names a job so its progress can be followed and it can be cancelled; a random one is made when absent. */
export const JobId = z.string().trim().min(1).max(200);

/** Counts some kinds report beside done and total. */
export const JobDetail = z
  .object({
    /** An import's lines read so far. */
    lines: z.number().int(),
    /** An import's trajectories written so far. */
    imported: z.number().int(),
    /** An import's records refused so far. */
    rejected: z.number().int(),
    /** Synthesis samples that failed so far. */
    failed: z.number().int(),
  })
  .partial();
export type JobDetail = z.infer<typeof JobDetail>;

export const JobProgress = z.object({
  jobId: z.string(),
  kind: JobKind,
  done: z.number().min(0),
  total: z.number().min(0),
  unit: JobUnit,
  detail: JobDetail.optional(),
});
export type JobProgress = z.infer<typeof JobProgress>;

/** How a job ended: its work returned, it stopped because it was cancelled, or its work threw. */
export const JobEnd = z.object({
  jobId: z.string(),
  kind: JobKind,
  outcome: z.enum(['finished', 'cancelled', 'failed']),
});
export type JobEnd = z.infer<typeof JobEnd>;

export const jobsMethods = {
  'jobs.cancel': method({
    summary:
      'Asks a running job to stop; each method says what a cancelled job keeps. False when no job of that id is running.',
    args: z.object({ jobId: JobId }),
    result: z.object({ cancelled: z.boolean() }),
  }),
};

export const jobsEvents = {
  /** How far a running job is, whatever its kind. */
  'jobs.progress': JobProgress,
  /**
   * Pushed once when a job has ended however it ended, after its method's data (an experiment's
   * status) says so: a cancelled job may report no progress after its last kept item.
   */
  'jobs.ended': JobEnd,
};
