import { describe, expect, it } from 'vitest';
import type { Backend } from '../../backend/backend';
import { EXTERNAL_POLL_MS } from '../../backend/data-changes';
import { openWorkspaceStore } from '../../backend/store/workspace-store';
import type { ExperimentDefinition, ExperimentRun } from '../../shared/experiments/types';
import { testBackend } from '../helpers/backend';

const NAMES = ['graphs.changed', 'plans.changed', 'experiments.changed'];

interface Told {
  name: string;
  payload: { reason: string; ids?: string[]; graphId?: string; updatedAt?: string };
}

/** Every graphs, plans and experiments event the backend pushes from now on, and whether a transaction was open. */
function listen(backend: Backend): { told: Told[]; inTransaction: boolean[] } {
  const told: Told[] = [];
  const inTransaction: boolean[] = [];
  backend.events.subscribe((name, payload) => {
    if (!NAMES.includes(name)) return;
    told.push({ name, payload: payload as Told['payload'] });
    inTransaction.push(backend.store.db.inTransaction);
  });
  return { told, inTransaction };
}

const drain = (told: Told[]) => told.splice(0);

const definition: ExperimentDefinition = {
  name: 'again',
  filter: {},
  toolPolicy: 'replay',
  maxTurns: 4,
  timeLimitSeconds: 60,
  candidates: [
    {
      model: { kind: 'server', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', concurrency: 1 },
      format: 'tools',
      temperature: 0,
      maxTokens: 16,
      seed: 1,
    },
  ],
};

const run = (sourceId: string): ExperimentRun => ({
  sourceId,
  sourceTitle: 'source',
  candidate: 0,
  runId: null,
  verdict: 'errored',
  error: 'no server',
  divergence: null,
  misses: [],
  outcomeBefore: null,
  outcomeAfter: null,
  findingsBefore: 0,
  findingsAfter: 0,
  turns: 0,
  tokens: { prompt: 0, completion: 0 },
  ms: 0,
});

describe('graph, plan and experiment change events', () => {
  it('tells each graph write once, naming the graph and when it was saved', async () => {
    const b = testBackend();
    const { told, inTransaction } = listen(b);

    const made = await b.registry.invoke('graphs.create', { name: 'Trips' });
    const changed = (reason: string, id = made.id) => ({
      name: 'graphs.changed',
      payload: { reason, ids: [id], graphId: id },
    });
    expect(drain(told)).toEqual([changed('created')]);

    const { updatedAt } = await b.registry.invoke('graphs.save', {
      id: made.id,
      tools: [],
      edges: [],
      dismissedSuggestions: [],
    });
    expect(drain(told)).toEqual([{ name: 'graphs.changed', payload: { ...changed('updated').payload, updatedAt } }]);
    // Saved against an old base: left as it was, nothing to tell.
    const stale = await b.registry.invoke('graphs.save', {
      id: made.id,
      tools: [],
      edges: [],
      dismissedSuggestions: [],
      baseUpdatedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(stale.stale).toBe(true);
    expect(drain(told)).toEqual([]);

    await b.registry.invoke('graphs.rename', { id: made.id, name: 'Journeys' });
    expect(drain(told)).toEqual([changed('updated')]);
    const copy = await b.registry.invoke('graphs.duplicate', { id: made.id, name: 'Journeys 2' });
    expect(drain(told)).toEqual([changed('created', copy.id)]);
    await b.registry.invoke('graphs.delete', { id: copy.id });
    expect(drain(told)).toEqual([changed('deleted', copy.id)]);

    // A name taken is refused before anything is written.
    await expect(b.registry.invoke('graphs.create', { name: 'Journeys' })).rejects.toMatchObject({ code: 'E3002' });
    expect(drain(told)).toEqual([]);
    expect(inTransaction.every((open) => !open)).toBe(true);
  });

  it('tells a commit that changed several graphs once, without one graph id', () => {
    const b = testBackend();
    const { told } = listen(b);
    const [a, c] = b.store.transaction(() => [
      b.store.graphs.create({ name: 'A', tools: [], edges: [] }).id,
      b.store.graphs.create({ name: 'C', tools: [], edges: [] }).id,
    ]);
    expect(drain(told)).toEqual([{ name: 'graphs.changed', payload: { reason: 'created', ids: [a, c] } }]);
  });

  it('tells a saved plan once, and nothing of one rolled back', async () => {
    const b = testBackend();
    const { told, inTransaction } = listen(b);
    const [graph] = await b.registry.invoke('graphs.list', {});
    const plan = { graphId: graph!.id, intent: 'Plan a trip.', steps: [], modelSettings: null };

    const saved = await b.registry.invoke('plans.save', plan);
    expect(drain(told)).toEqual([{ name: 'plans.changed', payload: { reason: 'saved', ids: [saved.id] } }]);

    expect(() =>
      b.store.transaction(() => {
        b.store.plans.save(plan);
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    expect(b.store.plans.listForGraph(graph!.id)).toHaveLength(1);
    expect(drain(told)).toEqual([]);

    // Deleting the graph deletes its plans: both told in the one commit.
    await b.registry.invoke('graphs.delete', { id: graph!.id });
    expect(drain(told)).toEqual([
      { name: 'graphs.changed', payload: { reason: 'deleted', ids: [graph!.id], graphId: graph!.id } },
      { name: 'plans.changed', payload: { reason: 'deleted', ids: [saved.id] } },
    ]);
    expect(inTransaction.every((open) => !open)).toBe(true);
  });

  it('tells an experiment made, each result kept and its deletion; nothing of a rollback', () => {
    const b = testBackend();
    const { told } = listen(b);
    const [source] = b.store.trajectories.allIds().map((t) => t.id) as [string];
    const changed = (reason: string, id: string) => [{ name: 'experiments.changed', payload: { reason, ids: [id] } }];

    const experiment = b.store.experiments.create(definition, [source]);
    expect(drain(told)).toEqual(changed('created', experiment.id));
    b.store.experiments.saveRun(experiment.id, run(source));
    expect(drain(told)).toEqual(changed('ran', experiment.id));

    expect(() =>
      b.store.transaction(() => {
        b.store.experiments.create(definition, [source]);
        b.store.experiments.delete(experiment.id);
        throw new Error('not now');
      }),
    ).toThrow('not now');
    expect(b.store.experiments.list()).toHaveLength(1);
    expect(drain(told)).toEqual([]);

    // Made and run in one commit: told once, as made.
    const second = b.store.transaction(() => {
      const made = b.store.experiments.create(definition, [source]);
      b.store.experiments.saveRun(made.id, run(source));
      return made;
    });
    expect(drain(told)).toEqual(changed('created', second.id));

    b.store.experiments.delete(experiment.id);
    expect(drain(told)).toEqual(changed('deleted', experiment.id));
    // Deleting what is not there changes nothing.
    b.store.experiments.delete(experiment.id);
    expect(drain(told)).toEqual([]);
  });

  it('tells graphs, plans and experiments as external when another process commits', async () => {
    const b = testBackend();
    const { told } = listen(b);
    // A second connection to the same file stands for `trellis plan` in a terminal.
    const other = openWorkspaceStore(b.store.file);
    try {
      const [graph] = other.graphs.list();
      other.plans.save({ graphId: graph!.id, intent: 'Elsewhere.', steps: [], modelSettings: null });
      await expect
        .poll(() => drain(told), { timeout: EXTERNAL_POLL_MS * 4, interval: 100 })
        .toEqual([
          { name: 'graphs.changed', payload: { reason: 'external' } },
          { name: 'plans.changed', payload: { reason: 'external' } },
          { name: 'experiments.changed', payload: { reason: 'external' } },
        ]);
    } finally {
      other.close();
    }
  });
});
