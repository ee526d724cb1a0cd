import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { JobProgress } from '../../../shared/contract/jobs';
import { tempDir } from '../../helpers/temp';

function backendWithProgress() {
  const b = createBackend({ workspace: path.join(tempDir(), 'jobs.trellis'), host: 'cli', seed: true });
  const progress: JobProgress[] = [];
  b.events.subscribe((name, p) => name === 'jobs.progress' && progress.push(JobProgress.parse(p)));
  return { b, progress };
}

function jsonl(lines: number): string {
  const file = path.join(tempDir(), 'many.jsonl');
  const record = (n: number) => JSON.stringify({ messages: [{ role: 'user', content: `question ${n}` }] });
  fs.writeFileSync(file, Array.from({ length: lines }, (_, i) => record(i)).join('\n'));
  return file;
}

describe('long methods as jobs', () => {
  it('reports an import in bytes of the file with its counts, under the id the caller gave', async () => {
    const { b, progress } = backendWithProgress();
    const file = jsonl(3000);
    await b.registry.invoke('trajectories.import', { path: file, mode: 'strict', jobId: 'import-1' });
    expect(progress.length).toBeGreaterThan(1);
    expect(new Set(progress.map((p) => `${p.jobId} ${p.kind} ${p.unit}`))).toEqual(
      new Set(['import-1 trajectories.import bytes']),
    );
    expect(progress.at(-1)).toMatchObject({
      total: fs.statSync(file).size,
      detail: { imported: 3000, rejected: 0 },
    });
    b.close();
  });

  it('cancels an import through jobs.cancel: nothing it wrote is kept', async () => {
    const { b } = backendWithProgress();
    const before = (await b.registry.invoke('trajectories.list', {})).total;
    b.events.subscribe((name, p) => {
      if (name === 'jobs.progress' && ((p as JobProgress).detail?.imported ?? 0) >= 2000)
        void b.registry.invoke('jobs.cancel', { jobId: (p as JobProgress).jobId });
    });
    const report = await b.registry.invoke('trajectories.import', { path: jsonl(6000), mode: 'lenient' });
    expect(report).toMatchObject({ cancelled: true, committed: false, imported: 0 });
    expect((await b.registry.invoke('trajectories.list', {})).total).toBe(before);
    b.close();
  });

  it('refuses a job id already running, whatever the method', async () => {
    const { b } = backendWithProgress();
    const importing = b.registry.invoke('trajectories.import', { path: jsonl(3000), mode: 'strict', jobId: 'mine' });
    await expect(b.registry.invoke('trajectories.checkAll', { jobId: 'mine' })).rejects.toMatchObject({
      code: 'E1005',
    });
    await importing;
    await expect(b.registry.invoke('trajectories.checkAll', { jobId: 'mine' })).resolves.toMatchObject({
      cancelled: false,
    });
    b.close();
  });

  it('answers false when asked to cancel a job that is not running', async () => {
    const { b } = backendWithProgress();
    expect(await b.registry.invoke('jobs.cancel', { jobId: 'nothing-here' })).toEqual({ cancelled: false });
    b.close();
  });

  it('stops checking at the next batch when cancelled, keeping the findings stored so far', async () => {
    const { b } = backendWithProgress();
    await b.registry.invoke('trajectories.import', { path: jsonl(600), mode: 'strict' });
    b.events.subscribe((name, p) => {
      if (name === 'jobs.progress' && (p as JobProgress).kind === 'trajectories.checkAll')
        void b.registry.invoke('jobs.cancel', { jobId: (p as JobProgress).jobId });
    });
    const summary = await b.registry.invoke('trajectories.checkAll', {});
    expect(summary).toMatchObject({ cancelled: true, checked: 250 });
    b.close();
  });
});
