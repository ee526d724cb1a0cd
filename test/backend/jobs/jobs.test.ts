import { describe, expect, it } from 'vitest';
import { JobEnd, JobProgress } from '../../../shared/contract/jobs';
import { Jobs } from '../../../backend/jobs/jobs';

/** A Jobs service whose progress events are collected. */
function jobs() {
  const events: JobProgress[] = [];
  return { jobs: new Jobs((p) => events.push(p)), events };
}

/** A promise with its resolve function, to hold a job open while the test looks at it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('Jobs', () => {
  it('runs the work as a job of the given id and kind and returns its result', async () => {
    const { jobs: service } = jobs();
    const seen = await service.run('datasets.export', 'export-1', async (job) => ({ id: job.id, kind: job.kind }));
    expect(seen).toEqual({ id: 'export-1', kind: 'datasets.export' });
  });

  it('makes a random id when the caller gives none', async () => {
    const { jobs: service } = jobs();
    const ids = await Promise.all([1, 2].map(() => service.run('synth.start', undefined, async (job) => job.id)));
    expect(ids[0]).toMatch(/^[\w-]{16,}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('refuses a second job with the id of a running one, naming both, and frees the id when it ends', async () => {
    const { jobs: service } = jobs();
    const { open, opened } = gate();
    const first = service.run('trajectories.import', 'same', () => opened);
    await expect(service.run('datasets.dedup', 'same', async () => 'second')).rejects.toMatchObject({
      code: 'E1005',
      message: expect.stringMatching(/trajectories\.import job with id "same" is already running; datasets\.dedup/),
    });
    open();
    await first;
    await expect(service.run('datasets.dedup', 'same', async () => 'second')).resolves.toBe('second');
  });

  it('unregisters a job whose work throws', async () => {
    const { jobs: service } = jobs();
    await expect(
      service.run('models.load', 'load', async () => {
        throw new Error('no such file');
      }),
    ).rejects.toThrow('no such file');
    expect(service.cancel('load')).toBe(false);
    await expect(service.run('models.load', 'load', async () => 'again')).resolves.toBe('again');
  });

  it('cancels a running job through its signal and says whether one was running', async () => {
    const { jobs: service } = jobs();
    const { open, opened } = gate();
    const running = service.run('evaluation.gpa', 'gpa', async (job) => {
      await opened;
      return job.signal.aborted;
    });
    expect(service.cancel('gpa')).toBe(true);
    open();
    expect(await running).toBe(true);
    expect(service.cancel('gpa')).toBe(false);
    expect(service.cancel('never-started')).toBe(false);
  });

  it('cancels every running job when the backend closes', async () => {
    const { jobs: service } = jobs();
    const { open, opened } = gate();
    const work = (kind: 'synth.start' | 'datasets.stats') =>
      service.run(kind, undefined, async (job) => {
        await opened;
        return job.signal.aborted;
      });
    const both = Promise.all([work('synth.start'), work('datasets.stats')]);
    service.cancelAll();
    open();
    expect(await both).toEqual([true, true]);
  });

  it('reports progress as one event shape, in the unit of its kind', async () => {
    const { jobs: service, events } = jobs();
    await service.run('trajectories.import', 'imp', async (job) =>
      job.progress(512, 2048, { lines: 3, imported: 2, rejected: 1 }),
    );
    await service.run('models.load', 'load', async (job) => job.progress(0.5, 1));
    await service.run('trajectories.checkAll', 'check', async (job) => job.progress(250, 602));
    expect(events).toEqual([
      {
        jobId: 'imp',
        kind: 'trajectories.import',
        done: 512,
        total: 2048,
        unit: 'bytes',
        detail: { lines: 3, imported: 2, rejected: 1 },
      },
      { jobId: 'load', kind: 'models.load', done: 0.5, total: 1, unit: 'fraction' },
      { jobId: 'check', kind: 'trajectories.checkAll', done: 250, total: 602, unit: 'items' },
    ]);
    for (const event of events) expect(JobProgress.parse(event)).toEqual(event);
  });

  it('reports once how each job ended, after it is unregistered: finished, cancelled or failed', async () => {
    const ends: JobEnd[] = [];
    const runningWhenEnded: boolean[] = [];
    const record = new Jobs(
      () => {},
      (end) => {
        ends.push(end);
        // Whoever hears the end finds the job gone (cancel says so).
        runningWhenEnded.push(record.cancel(end.jobId));
      },
    );
    await record.run('datasets.export', 'done', async () => 'ok');
    const { open, opened } = gate();
    const cancelled = record.run('experiments.run', 'stop', async (job) => {
      await opened;
      return { cancelled: job.signal.aborted };
    });
    record.cancel('stop');
    open();
    await cancelled;
    await expect(
      record.run('models.load', 'broken', async () => {
        throw new Error('no such file');
      }),
    ).rejects.toThrow('no such file');
    expect(ends).toEqual([
      { jobId: 'done', kind: 'datasets.export', outcome: 'finished' },
      { jobId: 'stop', kind: 'experiments.run', outcome: 'cancelled' },
      { jobId: 'broken', kind: 'models.load', outcome: 'failed' },
    ]);
    expect(runningWhenEnded).toEqual([false, false, false]);
    for (const end of ends) expect(JobEnd.parse(end)).toEqual(end);
  });
});
