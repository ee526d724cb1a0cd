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
});
