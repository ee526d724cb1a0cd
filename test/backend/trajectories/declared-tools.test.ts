import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testBackend } from '../../helpers/backend';

const SHAREGPT = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'sharegpt.jsonl');

describe('the tools a trajectory declared', () => {
  it('are its record’s, and a fork of the record finds them through the record it branched from', async () => {
    const b = testBackend();
    await b.registry.invoke('trajectories.import', { path: SHAREGPT, mode: 'strict' });
    const { items } = await b.registry.invoke('trajectories.list', { filter: { text: 'weather in Lisbon' } });
    const record = items.find((t) => t.source !== 'example')!;
    const declared = await b.registry.invoke('trajectories.declaredTools', { id: record.id });
    expect(declared?.map((t) => t.name)).toEqual(['get_weather']);

    const replay = await b.registry.invoke('runs.open', { trajectoryId: record.id });
    await b.registry.invoke('runs.continue', { runId: replay.id, untilTurns: 3 });
    const fork = await b.registry.invoke('runs.fork', { runId: replay.id, turnIndex: 2 });
    const forkOfFork = await b.registry.invoke('runs.fork', { runId: fork.id, turnIndex: 2 });
    expect(forkOfFork.graphId).toBeNull();
    const inherited = await b.registry.invoke('trajectories.declaredTools', { id: forkOfFork.trajectoryId! });
    expect(inherited).toEqual(declared);
  });

  it('are none for a record that declared no tools', async () => {
    const b = testBackend();
    const { items } = await b.registry.invoke('trajectories.list', {});
    // The example recordings name their graph instead.
    expect(await b.registry.invoke('trajectories.declaredTools', { id: items[0]!.id })).toBeNull();
  });
});
