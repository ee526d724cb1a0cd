import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testBackend } from '../../helpers/backend';
import { describeAddedTools } from '../../../shared/formats/trajectories/import-report';

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

  it('a new graph gets the tools the calls name when no record declares them, parameters from the arguments', async () => {
    const b = testBackend();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-called-')), 'calls.jsonl');
    // OpenAI chat messages as a logger writes them without the request's "tools": arguments are JSON text.
    const call = (id: string, name: string, args: object) => ({
      id,
      type: 'function',
      function: { name, arguments: JSON.stringify(args) },
    });
    const record = (ask: string, calls: ReturnType<typeof call>[]) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: ask },
          { role: 'assistant', content: null, tool_calls: calls },
          ...calls.map((c) => ({ role: 'tool', tool_call_id: c.id, content: '{"ok": true}' })),
          { role: 'assistant', content: 'Done.' },
        ],
      });
    fs.writeFileSync(
      file,
      [
        record('Weather in Lisbon, in celsius?', [call('c1', 'get_weather', { city: 'Lisbon', unit: 'celsius' })]),
        record('And Oslo?', [call('c2', 'get_weather', { city: 'Oslo' })]),
        record('Find three hotels', [
          call('c3', 'search_web', { query: 'hotels', limit: 3 }),
          call('c4', 'get_weather', { city: 'Porto' }),
        ]),
      ].join('\n') + '\n',
    );
    const report = await b.registry.invoke('trajectories.import', {
      path: file,
      mode: 'strict',
      newGraphName: 'From calls',
    });
    expect(report).toMatchObject({ imported: 3, committed: true, toolSets: 0 });
    expect(report.tools).toMatchObject({
      added: ['get_weather', 'search_web'],
      inferred: ['get_weather', 'search_web'],
    });
    const graph = await b.registry.invoke('graphs.get', { id: report.tools!.graphId });
    const weather = graph.tools.find((t) => t.name === 'get_weather')!;
    // A description is what a model reads: left for the user to write, the report says where the tool came from.
    expect(weather.description).toBe('');
    expect(weather.parameters).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string' } },
      required: ['city'],
    });
    expect(graph.tools.find((t) => t.name === 'search_web')!.parameters).toEqual({
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query', 'limit'],
    });
    // The checks find the calls' tools in the graph: no unknown-tool, no invalid arguments.
    const { items } = await b.registry.invoke('trajectories.list', { filter: { text: 'Oslo' } });
    const findings = await b.registry.invoke('trajectories.check', { id: items[0]!.id });
    expect(findings.map((f) => f.code)).not.toContain('unknown-tool');
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);

    // Into an existing graph, a call to a tool it lacks stays a finding (the graph is the user's), and the report names it.
    const other = await b.registry.invoke('trajectories.import', {
      path: file,
      mode: 'strict',
      graphId: (await b.registry.invoke('graphs.list', {})).find((g) => g.name !== 'From calls')!.id,
    });
    expect(other.tools).toMatchObject({
      added: [],
      inferred: [],
      undeclared: [
        { name: 'get_weather', calls: 3 },
        { name: 'search_web', calls: 1 },
      ],
    });
    expect(describeAddedTools(other.tools!, 'list')).toBe(
      'Tools added to graph "Trip planning": none. Called but declared by no record and not in the graph, so not added:' +
        ' get_weather (3 calls), search_web (1 call); the checks report these calls as unknown tools. Add them in Graph if they are real.',
    );
  });

  it('makes no tool from calls when a record declares tools: an undeclared call may be invented', async () => {
    const b = testBackend();
    // The first record declares get_weather; the second calls search_flights and search_hotels.
    const report = await b.registry.invoke('trajectories.import', {
      path: path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'sharegpt.jsonl'),
      mode: 'strict',
      newGraphName: 'Mixed',
    });
    expect(report.tools).toMatchObject({
      added: ['get_weather'],
      inferred: [],
      undeclared: [
        { name: 'search_flights', calls: 1 },
        { name: 'search_hotels', calls: 1 },
      ],
    });
    const { items } = await b.registry.invoke('trajectories.list', { filter: { text: 'Kyoto' } });
    const findings = await b.registry.invoke('trajectories.check', { id: items[0]!.id });
    expect(findings.filter((f) => f.code === 'unknown-tool')).toHaveLength(2);
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
