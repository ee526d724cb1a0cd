import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../backend/backend';
import { EXTERNAL_POLL_MS } from '../../backend/data-changes';
import { openWorkspaceStore } from '../../backend/store/workspace-store';
import type { Turn } from '../../shared/domain';
import { testBackend } from '../helpers/backend';
import { tempDir } from '../helpers/temp';

interface Told {
  name: string;
  payload: { reason: string; ids?: string[] };
  /** Whether the connection was still inside a transaction when the event went out. */
  inTransaction: boolean;
}

/** Every data-change event the backend pushes from now on. */
function listen(backend: Backend): Told[] {
  const told: Told[] = [];
  backend.events.subscribe((name, payload) => {
    if (['trajectories.changed', 'labels.changed', 'datasets.changed'].includes(name))
      told.push({ name, payload: payload as Told['payload'], inTransaction: backend.store.db.inTransaction });
  });
  return told;
}

/** What was told since the last call, then forgets it. */
const drain = (told: Told[]) => told.splice(0).map(({ name, payload }) => ({ name, payload }));

const ids = (backend: Backend) => backend.store.trajectories.allIds().map((t) => t.id);

const answer: Turn = { role: 'assistant', content: 'Edited answer.' };

describe('data-change events', () => {
  it('tells each trajectory write once, after it has committed', async () => {
    const b = testBackend();
    const told = listen(b);
    const [first, second] = ids(b) as [string, string];

    const file = path.join(tempDir(), 'two.jsonl');
    const record = (n: number) => JSON.stringify({ messages: [{ role: 'user', content: `question ${n}` }] });
    fs.writeFileSync(file, [record(1), record(2)].join('\n'));
    await b.registry.invoke('trajectories.import', { path: file, mode: 'strict' });
    expect(drain(told)).toEqual([{ name: 'trajectories.changed', payload: { reason: 'imported' } }]);

    await b.registry.invoke('trajectories.check', { id: first });
    expect(drain(told)).toEqual([{ name: 'trajectories.changed', payload: { reason: 'checked', ids: [first] } }]);

    // Checking the whole workspace commits one batch: one event naming each trajectory.
    await b.registry.invoke('trajectories.checkAll', {});
    const checked = drain(told);
    expect(checked).toHaveLength(1);
    expect(checked[0]).toMatchObject({ name: 'trajectories.changed', payload: { reason: 'checked' } });
    expect(new Set(checked[0]!.payload.ids)).toEqual(new Set(ids(b)));

    const last = b.store.trajectories.get(second).turns.length - 1;
    await b.registry.invoke('trajectories.editTurn', { id: second, turnIndex: last, turn: answer });
    expect(drain(told)).toEqual([{ name: 'trajectories.changed', payload: { reason: 'edited', ids: [second] } }]);
    await b.registry.invoke('trajectories.revertTurn', { id: second, turnIndex: last });
    expect(drain(told)).toEqual([{ name: 'trajectories.changed', payload: { reason: 'edited', ids: [second] } }]);

    expect(told.every((t) => !t.inTransaction)).toBe(true);
  });

  it('tells a run saved as a trajectory, each turn it adds and its outcome', () => {
    const b = testBackend();
    const told = listen(b);
    const { id } = b.store.trajectories.insert({
      kind: 'run',
      title: 'run',
      source: 'run',
      graphId: null,
      planId: null,
      forkOf: null,
      turns: [{ role: 'user', content: 'Go.' }],
    });
    b.store.trajectories.appendTurn(id, answer);
    b.store.trajectories.setOutcome(id, { status: 'success', by: 'run', value: true });
    expect(drain(told)).toEqual([
      { name: 'trajectories.changed', payload: { reason: 'created', ids: [id] } },
      { name: 'trajectories.changed', payload: { reason: 'edited', ids: [id] } },
      { name: 'trajectories.changed', payload: { reason: 'edited', ids: [id] } },
    ]);
  });

  it('tells an import only when it finishes, and what a taken-back import left when it goes', async () => {
    const b = testBackend();
    const told = listen(b);
    const batch = [1, 2].map((n) => ({
      kind: 'imported' as const,
      title: `t${n}`,
      source: 'x.jsonl',
      graphId: null,
      planId: null,
      forkOf: null,
      turns: [{ role: 'user' as const, content: `question ${n}` }],
      importId: 'imp-1',
    }));
    b.store.imports.begin('imp-1', 'x.jsonl', 'openai');
    b.store.imports.writeBatch(batch, 'imp-1');
    // Written but not yet part of the workspace: nothing to show.
    expect(drain(told)).toEqual([]);
    b.store.imports.discard('imp-1');
    await b.store.imports.drainDiscarded();
    expect(drain(told)).toEqual([{ name: 'trajectories.changed', payload: { reason: 'discarded' } }]);

    b.store.imports.begin('imp-2', 'x.jsonl', 'openai');
    b.store.imports.writeBatch(
      batch.map((t) => ({ ...t, importId: 'imp-2' })),
      'imp-2',
    );
    b.store.imports.finish('imp-2');
    expect(drain(told)).toEqual([{ name: 'trajectories.changed', payload: { reason: 'imported' } }]);
  });

  it('tells each label write once, a bulk action and its undo as one change each', async () => {
    const b = testBackend();
    const told = listen(b);
    const [first, second] = ids(b) as [string, string];
    await b.registry.invoke('labels.set', { trajectoryId: first, status: 'accepted', rating: 4, tags: [], note: '' });
    expect(drain(told)).toEqual([{ name: 'labels.changed', payload: { reason: 'labelled', ids: [first] } }]);

    const { previous } = await b.registry.invoke('labels.bulk', { filter: {}, status: 'rejected' });
    const bulk = drain(told);
    expect(bulk).toHaveLength(1);
    expect(bulk[0]).toMatchObject({ name: 'labels.changed', payload: { reason: 'bulk' } });
    expect(new Set(bulk[0]!.payload.ids)).toEqual(new Set([first, second]));

    // The undo puts back two statuses (one set, one cleared) in one commit.
    await b.registry.invoke('labels.restoreStatuses', { statuses: previous });
    const undo = drain(told);
    expect(undo).toHaveLength(1);
    expect(undo[0]).toMatchObject({ name: 'labels.changed', payload: { reason: 'bulk' } });
    expect(new Set(undo[0]!.payload.ids)).toEqual(new Set([first, second]));
    expect(told.every((t) => !t.inTransaction)).toBe(true);
  });

  it('tells each dataset write once: create, add items, split, deduplicate, delete', async () => {
    const b = testBackend();
    const told = listen(b);
    const [first, second] = ids(b) as [string, string];
    const ratio = { train: 1, validation: 0, test: 0 };
    const made = await b.registry.invoke('datasets.create', {
      name: 'd',
      filter: null,
      picks: [first],
      ratio,
      seed: 1,
    });
    const changed = (reason: string) => [{ name: 'datasets.changed', payload: { reason, ids: [made.id] } }];
    expect(drain(told)).toEqual(changed('created'));
    await b.registry.invoke('datasets.addItems', { id: made.id, trajectoryIds: [second], split: 'train' });
    expect(drain(told)).toEqual(changed('updated'));
    await b.registry.invoke('datasets.split', { id: made.id, ratio, seed: 2 });
    expect(drain(told)).toEqual(changed('updated'));
    // Finding duplicates without applying them changes nothing.
    await b.registry.invoke('datasets.dedup', { id: made.id, threshold: 0.8, apply: false });
    expect(drain(told)).toEqual([]);
    await b.registry.invoke('datasets.delete', { id: made.id });
    expect(drain(told)).toEqual(changed('deleted'));
  });

  it('tells nothing of a write that failed or a transaction that rolled back', async () => {
    const b = testBackend();
    const told = listen(b);
    const [first, second] = ids(b) as [string, string];
    await b.registry.invoke('datasets.create', {
      name: 'd',
      filter: null,
      picks: [first],
      ratio: { train: 1, validation: 0, test: 0 },
      seed: 1,
    });
    drain(told);
    await expect(
      b.registry.invoke('datasets.create', {
        name: 'd',
        filter: null,
        picks: [first],
        ratio: { train: 1, validation: 0, test: 0 },
        seed: 1,
      }),
    ).rejects.toMatchObject({ code: 'E3002' });
    await expect(
      b.registry.invoke('trajectories.editTurn', { id: first, turnIndex: 99, turn: answer }),
    ).rejects.toMatchObject({ code: 'E3001' });

    const label = { trajectoryId: first, status: 'accepted' as const, rating: null, tags: [], note: '' };
    expect(() =>
      b.store.transaction(() => {
        b.store.labels.set(label);
        b.store.findings.replace(first, []);
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    expect(b.store.labels.get(first)).toBeNull();
    expect(drain(told)).toEqual([]);

    // A savepoint that rolls back inside a transaction that commits: only what was kept is told.
    b.store.transaction(() => {
      b.store.labels.set(label);
      try {
        b.store.transaction(() => {
          b.store.findings.replace(second, []);
          throw new Error('not this part');
        });
      } catch {
        // the outer unit goes on without it
      }
    });
    expect(drain(told)).toEqual([{ name: 'labels.changed', payload: { reason: 'labelled', ids: [first] } }]);
  });

  it('tells of another process’s commits as external changes while a UI is connected', async () => {
    const b = testBackend();
    const told = listen(b);
    // A second connection to the same file stands for `trellis import` in another process.
    const other = openWorkspaceStore(b.store.file);
    try {
      const [first] = ids(b) as [string];
      other.labels.set({ trajectoryId: first, status: 'accepted', rating: null, tags: [], note: '' });
      await expect
        .poll(() => drain(told), { timeout: EXTERNAL_POLL_MS * 4, interval: 100 })
        .toEqual([
          { name: 'trajectories.changed', payload: { reason: 'external' } },
          { name: 'labels.changed', payload: { reason: 'external' } },
          { name: 'datasets.changed', payload: { reason: 'external' } },
        ]);
      // Its own writes are told as themselves, never again as external.
      await b.registry.invoke('trajectories.check', { id: first });
      await new Promise((resolve) => setTimeout(resolve, EXTERNAL_POLL_MS * 2));
      expect(drain(told)).toEqual([{ name: 'trajectories.changed', payload: { reason: 'checked', ids: [first] } }]);
    } finally {
      other.close();
    }
  });

  it('asks the file only while a UI is connected', async () => {
    const b = testBackend();
    const asked = vi.spyOn(b.store, 'dataVersion');
    const wait = () => new Promise((resolve) => setTimeout(resolve, EXTERNAL_POLL_MS * 1.5));
    await wait();
    expect(asked).not.toHaveBeenCalled();
    const unsubscribe = b.events.subscribe(() => undefined);
    await wait();
    expect(asked.mock.calls.length).toBeGreaterThanOrEqual(2); // where it stands on connecting, then a poll
    unsubscribe();
    const calls = asked.mock.calls.length;
    await wait();
    expect(asked).toHaveBeenCalledTimes(calls);
  });
});
