import fs from 'node:fs';
import os from 'node:os';
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

  it('are none for a record that declared no tools, whatever graph it was imported into', async () => {
    const b = testBackend();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-declared-')), 'none.jsonl');
    const record = (tools: unknown) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: `Hello ${JSON.stringify(tools)}` },
          { role: 'assistant', content: 'Hi.' },
        ],
        tools,
      });
    fs.writeFileSync(file, `${record([])}\n${record('[]')}\n`);
    const graph = (await b.registry.invoke('graphs.list', {}))[0]!;
    await b.registry.invoke('trajectories.import', { path: file, mode: 'strict', graphId: graph.id });
    const { items } = await b.registry.invoke('trajectories.list', { filter: { text: 'Hello' } });
    expect(items).toHaveLength(2);
    for (const t of items) expect(await b.registry.invoke('trajectories.declaredTools', { id: t.id })).toBeNull();
  });

  it('link records imported without a graph to the graph a later import of them merges their tools into', async () => {
    const b = testBackend();
    const first = await b.registry.invoke('trajectories.import', { path: SHAREGPT, mode: 'strict' });
    expect(first.imported).toBeGreaterThan(0);
    const imported = async () =>
      Promise.all(
        (await b.registry.invoke('trajectories.list', {})).items
          .filter((t) => t.source !== 'example')
          .map((t) => b.registry.invoke('trajectories.get', { id: t.id })),
      );
    expect((await imported()).map((t) => t.graphId)).toEqual(Array(first.imported).fill(null));

    const again = await b.registry.invoke('trajectories.import', {
      path: SHAREGPT,
      mode: 'strict',
      newGraphName: 'Weather',
    });
    expect(again).toMatchObject({ imported: 0, duplicates: first.imported, committed: true });
    const graphId = again.tools!.graphId;
    expect((await b.registry.invoke('graphs.get', { id: graphId })).name).toBe('Weather');
    expect((await imported()).map((t) => t.graphId)).toEqual(Array(first.imported).fill(graphId));

    // A record already linked keeps its graph.
    const other = await b.registry.invoke('trajectories.import', {
      path: SHAREGPT,
      mode: 'strict',
      newGraphName: 'Other',
    });
    expect(other.duplicates).toBe(first.imported);
    expect((await imported()).map((t) => t.graphId)).toEqual(Array(first.imported).fill(graphId));
  });

  it('refuse a new graph with a blank name, importing nothing', async () => {
    const b = testBackend();
    await expect(
      b.registry.invoke('trajectories.import', { path: SHAREGPT, mode: 'strict', newGraphName: '  ' }),
    ).rejects.toThrow(/newGraphName/);
    const { items } = await b.registry.invoke('trajectories.list', {});
    expect(items.filter((t) => t.source !== 'example')).toEqual([]);
  });
});
