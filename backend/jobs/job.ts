import type { JobDetail, JobKind, JobProgress } from '../../shared/contract/jobs';
import { JOB_UNITS } from '../../shared/contract/jobs';
import { createPacer } from './pacer';

/** What a long method's work sees of its job. */
export interface Job {
  readonly id: string;
  readonly kind: JobKind;
  /** Aborted when the job is cancelled; the work checks it and stops at its next safe point. */
  readonly signal: AbortSignal;
  /** Reports how far the job is, in its kind's unit (see JOB_UNITS), as one `jobs.progress` event. */
  progress(done: number, total: number, detail?: JobDetail): void;
  /**
   * Counts `items` as processed and gives the event loop a turn when the yield policy says so
   * (pacer.ts); true when it did, which is also when a loop over many small items reports progress.
   */
  yield(items?: number): Promise<boolean>;
}

export interface JobParts {
  id: string;
  kind: JobKind;
  signal: AbortSignal;
  emit(progress: JobProgress): void;
}

export function createJob({ id, kind, signal, emit }: JobParts): Job {
  const pacer = createPacer();
  const unit = JOB_UNITS[kind];
  return {
    id,
    kind,
    signal,
    progress: (done, total, detail) => emit({ jobId: id, kind, done, total, unit, ...(detail ? { detail } : {}) }),
    yield: (items) => pacer.pace(items),
  };
}

/** A job nobody follows or cancels: for the same work called outside a request (benchmarks, scripts). */
export function unattendedJob(kind: JobKind): Job {
  return createJob({ id: `unattended-${kind}`, kind, signal: new AbortController().signal, emit: () => {} });
}
