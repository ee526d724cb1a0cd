import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import type { JobProgress } from '../../../shared/contract/jobs';
import { startOpenAIServer } from '../../helpers/openai-server';
import { tempDir } from '../../helpers/temp';

describe('synth domain', () => {
  it('synthesizes trajectories of each kind by executing sampled plans, checked and unlabelled, with progress', async () => {
    const b = createBackend({ workspace: path.join(tempDir(), 'synth.trellis'), host: 'cli', seed: true });
    const [graph] = await b.registry.invoke('graphs.list', {});
    const progress: JobProgress[] = [];
    b.events.subscribe((name, p) => name === 'jobs.progress' && progress.push(p as JobProgress));
    const result = await b.registry.invoke('synth.start', { graphId: graph!.id, count: 9, seed: 5 });
    expect(result.created.length + result.failed.length).toBe(9);
    expect(result.created.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(result.byKind).sort()).toEqual(['isolated', 'parallel', 'serial']);
    expect(progress.at(-1)).toMatchObject({ kind: 'synth.start', done: 9, total: 9 });
    const listed = await b.registry.invoke('trajectories.list', { filter: { label: 'unlabelled' } });
    const synthesized = listed.items.filter((t) => t.source.startsWith('synth-'));
    expect(synthesized).toHaveLength(result.created.length);
    const t = await b.registry.invoke('trajectories.get', { id: result.created[0]! });
    expect(t.turns[0]!.role).toBe('user');
    expect(t.turns.at(-1)!.content).toMatch(/^Plan complete/);
    expect(t.planId).not.toBeNull();
    b.close();
  }, 60_000);

  it('stops when cancelled and keeps what it made', async () => {
    const b = createBackend({ workspace: path.join(tempDir(), 'synth2.trellis'), host: 'cli', seed: true });
    const [graph] = await b.registry.invoke('graphs.list', {});
    b.events.subscribe((name, p) => {
      const { jobId, done } = p as JobProgress;
      if (name === 'jobs.progress' && done === 2) void b.registry.invoke('jobs.cancel', { jobId });
    });
    const result = await b.registry.invoke('synth.start', { graphId: graph!.id, count: 50 });
    expect(result.cancelled).toBe(true);
    expect(result.created.length + result.failed.length).toBeLessThan(50);
    b.close();
  }, 60_000);

  it('writes intents with the model as many at once as the model takes, when no concurrency is given', async () => {
    const { baseUrl, inFlight, received } = await startOpenAIServer();
    const b = createBackend({ workspace: path.join(tempDir(), 'synth3.trellis'), host: 'cli', seed: true });
    await b.registry.invoke('models.useRemote', { baseUrl, model: 'paced', concurrency: 3 });
    const [graph] = await b.registry.invoke('graphs.list', {});
    const result = await b.registry.invoke('synth.start', { graphId: graph!.id, count: 9, useModel: true, seed: 2 });
    // One intent per attempt: a sample drawn again (a city the geocoder does not know) is written again.
    expect(received.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(result.checks.attempts);
    expect(result.checks.attempts).toBeGreaterThanOrEqual(9);
    expect(inFlight.max).toBe(3);
    expect(result.created.length + result.failed.length).toBe(9);
    const t = await b.registry.invoke('trajectories.get', { id: result.created[0]! });
    expect(t.turns[0]!.content).toBe('one two three');
    b.close();
  }, 60_000);
});
