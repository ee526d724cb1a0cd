import { randomUUID } from 'node:crypto';
import type { JobEnd, JobKind, JobProgress } from '../../shared/contract/jobs';
import { TrellisError } from '../../shared/errors';
import { createJob, type Job } from './job';

/**
 * The backend's running jobs by id: one place that registers long work, cancels it and reports
 * its progress, so no domain keeps a registry of its own.
 */
export class Jobs {
  private readonly running = new Map<string, { kind: JobKind; abort: AbortController }>();

  constructor(
    private readonly emit: (progress: JobProgress) => void,
    private readonly ended: (end: JobEnd) => void = () => {},
  ) {}

  /**
   * Runs `work` as a job named `jobId` (a random id when absent) and unregisters it however the
   * work ends, then reports how it ended (`jobs.ended`). A second job with the id of a running
   * one is refused.
   */
  async run<T>(kind: JobKind, jobId: string | undefined, work: (job: Job) => Promise<T>): Promise<T> {
    const id = jobId ?? randomUUID();
    const current = this.running.get(id);
    if (current)
      throw new TrellisError(
        'E1005',
        `A ${current.kind} job with id "${id}" is already running; ${kind} was not started.`,
      );
    const abort = new AbortController();
    this.running.set(id, { kind, abort });
    let outcome: JobEnd['outcome'] = 'failed';
    try {
      const result = await work(createJob({ id, kind, signal: abort.signal, emit: this.emit }));
      outcome = abort.signal.aborted ? 'cancelled' : 'finished';
      return result;
    } finally {
      this.running.delete(id);
      this.ended({ jobId: id, kind, outcome });
    }
  }

  /** Signals the job to stop; false when no job of that id is running. */
  cancel(jobId: string): boolean {
    const job = this.running.get(jobId);
    job?.abort.abort();
    return Boolean(job);
  }

  /** Signals every running job to stop (the backend is closing). */
  cancelAll(): void {
    for (const { abort } of this.running.values()) abort.abort();
  }
}
