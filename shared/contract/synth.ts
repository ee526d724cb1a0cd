import { z } from 'zod';
import { method } from './define';
import { JobId } from './jobs';

export const SampleKind = z.enum(['serial', 'parallel', 'isolated']);

const counts = z.record(z.string(), z.number().int());

/** What Trellis's checks said about the samples, and what re-sampling did (see `shared/synth/outcome`). */
export const SynthCheckReport = z.object({
  maxAttempts: z.number().int(),
  attempts: z.number().int(),
  resampled: z.number().int(),
  rejectedByCode: counts,
  stillFailing: z.number().int(),
  stillFailingByCode: counts,
  dropped: z.number().int(),
  /** Samples left out because a mock call waited too long for a free sandbox on every try. */
  sandboxBusy: z.number().int(),
  errorFree: z.number().int(),
  withFindings: z.number().int(),
  findingsByCode: counts,
});

export const synthMethods = {
  'synth.start': method({
    summary:
      'Graph-to-trajectory synthesis as a job: sample tool chains, fill arguments from the schemas and observed results, write intents, execute them with the tool runtimes, check them and draw a failing sample again; results land unlabelled in the review queue. Cancelled, what it made so far stays.',
    args: z.object({
      graphId: z.string(),
      count: z.number().int().min(1).max(100_000),
      kinds: z.array(SampleKind).min(1).default(['serial', 'parallel', 'isolated']),
      maxLength: z.number().int().min(2).max(10).default(4),
      /** Intents written by the loaded model instead of templates. */
      useModel: z.boolean().default(false),
      /**
       * How many samples run at once. Absent: as many as the model generates at once (the loaded
       * model's sequences, or the remote server's requests in flight), 1 without a model.
       */
      concurrency: z.number().int().min(1).max(64).optional(),
      seed: z.number().int().default(1),
      /** Draws of a sample's arguments before it is kept marked (or left out) when Trellis's checks still fail it. */
      maxAttempts: z.number().int().min(1).max(10).default(3),
      /** Leave out a sample that still fails after its last attempt, instead of keeping it tagged `synth-failed-checks`. */
      dropFailing: z.boolean().default(false),
      jobId: JobId.optional(),
    }),
    result: z.object({
      created: z.array(z.string()),
      byKind: z.record(z.string(), z.number().int()),
      failed: z.array(z.string()),
      /**
       * Kinds asked for that the graph cannot provide (no join for parallel branches, …), with the
       * reason: not failures; the samples are drawn from the other kinds, and none when no kind applies.
       */
      notApplicable: z.array(z.object({ kind: SampleKind, reason: z.string() })),
      cancelled: z.boolean(),
      checks: SynthCheckReport,
    }),
  }),
};
