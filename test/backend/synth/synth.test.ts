import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { tempDir } from '../../helpers/temp';

describe('synth domain', () => {
  it('synthesizes trajectories of each kind by executing sampled plans, checked and unlabelled, with progress', async () => {
    const b = createBackend({ workspace: path.join(tempDir(), 'synth.trellis'), host: 'cli' });
    const [graph] = await b.registry.invoke('graphs.list', {});
    const progress: { done: number; total: number }[] = [];
    b.events.subscribe((name, p) => name === 'synth.progress' && progress.push(p as { done: number; total: number }));
    const result = await b.registry.invoke('synth.start', { graphId: graph!.id, count: 9, seed: 5 });
    expect(result.created.length + result.failed.length).toBe(9);
    expect(result.created.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(result.byKind).sort()).toEqual(['isolated', 'parallel', 'serial']);
    expect(progress.at(-1)).toMatchObject({ done: 9, total: 9 });
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
    const b = createBackend({ workspace: path.join(tempDir(), 'synth2.trellis'), host: 'cli' });
    const [graph] = await b.registry.invoke('graphs.list', {});
    b.events.subscribe((name, p) => {
      if (name === 'synth.progress' && (p as { done: number }).done === 2)
        void b.registry.invoke('synth.cancel', { requestId: 'synth' });
    });
    const result = await b.registry.invoke('synth.start', { graphId: graph!.id, count: 50 });
    expect(result.cancelled).toBe(true);
    expect(result.created.length + result.failed.length).toBeLessThan(50);
    b.close();
  }, 60_000);
});
