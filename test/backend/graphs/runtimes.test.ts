import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../shared/domain';
import { graphToFile, suggestEdges } from '../../../shared/graph';
import { testBackend } from '../../helpers/backend';
import { tool } from '../../helpers/graphs';

const LOGS = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'smart-home-logs.jsonl');

/** A workspace with the smart-home logs imported into a new graph of their declared tools (returns unknown). */
async function smartHomeFromLogs() {
  const b = testBackend({ seed: false });
  const report = await b.registry.invoke('trajectories.import', { path: LOGS, newGraphName: 'Smart home' });
  expect(report).toMatchObject({ imported: 6, committed: true });
  return { b, graphId: report.tools!.graphId };
}

const thermostat: Tool = tool(
  'set_thermostat',
  { room_id: 'string', celsius: 'number' },
  { room_id: 'string', celsius: 'number', status: { type: 'string', enum: ['ok'] } },
);

describe('Try it: one call of a runtime as given, through the real sandbox', () => {
  it('runs mock code on typed arguments and checks the result against returns', async () => {
    const b = testBackend({ seed: false });
    const code =
      "return { room_id: args.room_id, celsius: args.celsius, status: args.celsius > 30 ? 'refused' : 'ok' };";
    const ok = await b.registry.invoke('tools.tryRuntime', {
      tool: { ...thermostat, runtime: { kind: 'mock', code } },
      args: { room_id: 'r1', celsius: 21 },
    });
    expect(ok).toMatchObject({ ok: true, result: { room_id: 'r1', celsius: 21, status: 'ok' }, problems: [] });
    const off = await b.registry.invoke('tools.tryRuntime', {
      tool: { ...thermostat, runtime: { kind: 'mock', code } },
      args: { room_id: 'r1', celsius: 40 },
    });
    expect(off.problems).toEqual([{ path: '$.status', message: 'status is "refused", not one of "ok"' }]);
  });

  it('reports what a mock threw, and a runaway mock stopped at its time limit', async () => {
    const b = testBackend({ seed: false });
    const threw = await b.registry.invoke('tools.tryRuntime', {
      tool: { ...thermostat, runtime: { kind: 'mock', code: "throw new Error('no such room ' + args.room_id);" } },
      args: { room_id: 'r9' },
    });
    expect(threw).toMatchObject({ ok: false, error: 'the mock threw Error: no such room r9', problems: [] });
    const loop = await b.registry.invoke('tools.tryRuntime', {
      tool: { ...thermostat, runtime: { kind: 'mock', code: 'while (true) {}' } },
      args: {},
    });
    expect(loop.error).toMatch(/ran longer than its 1000 ms limit/);
  });

  it('answers from fixed responses, then their default, marked so', async () => {
    const b = testBackend({ seed: false });
    const runtime = {
      kind: 'fixed' as const,
      responses: [{ match: { room_id: 'r1' }, result: { room_id: 'r1', celsius: 21, status: 'ok' } }],
      default: { room_id: '?', celsius: 0, status: 'ok' },
    };
    const hit = await b.registry.invoke('tools.tryRuntime', {
      tool: { ...thermostat, runtime },
      args: { room_id: 'r1' },
    });
    expect(hit).toMatchObject({ ok: true, result: { celsius: 21 } });
    expect(hit.note).toBeUndefined();
    const other = await b.registry.invoke('tools.tryRuntime', {
      tool: { ...thermostat, runtime },
      args: { room_id: 'r2' },
    });
    expect(other).toMatchObject({ ok: true, result: { room_id: '?' }, note: 'fixed: default response' });
  });

  it('asks before calling a host, and calls it once allowed', async () => {
    const b = testBackend({ seed: false });
    const http = { kind: 'http' as const, method: 'GET', url: 'http://127.0.0.1:9/rooms/{room_id}' };
    const asked = await b.registry.invoke('tools.tryRuntime', { tool: { ...thermostat, runtime: http }, args: {} });
    expect(asked).toMatchObject({
      ok: false,
      consent: { kind: 'http', key: 'GET http://127.0.0.1:9/rooms/{room_id}' },
    });
    // Allowed, the call goes out (and fails: nothing listens on the discard port).
    const called = await b.registry.invoke('tools.tryRuntime', {
      tool: { ...thermostat, runtime: http },
      args: {},
      allow: { kind: 'http', key: 'GET http://127.0.0.1:9/rooms/{room_id}' },
    });
    expect(called.consent).toBeUndefined();
    expect(called.ok).toBe(false);
  });
});

describe('replay runtimes made from imported trajectories', () => {
  it('records every tool the logs called, one recording per distinct arguments, and saves them with the graph', async () => {
    const { b, graphId } = await smartHomeFromLogs();
    const made = await b.registry.invoke('graphs.makeReplayRuntimes', { id: graphId });
    expect(made).toMatchObject({ trajectories: 6, limited: false, unrecorded: [] });
    const byTool = Object.fromEntries(made.tools.map((t) => [t.tool, t.runtime]));
    expect(byTool.list_rooms).toMatchObject({ source: { trajectories: 5, calls: 5, dropped: 0 } });
    expect(byTool.list_rooms!.kind === 'replay' && byTool.list_rooms!.recordings).toHaveLength(1);
    expect(byTool.get_temperature).toMatchObject({ source: { calls: 5 } });
    expect(byTool.get_temperature!.kind === 'replay' && byTool.get_temperature!.recordings).toHaveLength(3);
    expect(byTool.set_thermostat!.kind === 'replay' && byTool.set_thermostat!.recordings).toContainEqual({
      args: { room_id: 'r1', celsius: 40, mode: 'heat' },
      error: 'celsius must be between 5 and 30',
      // The log wrote it with a space after the colon: a replay answers with that text itself.
      text: '{"error": "celsius must be between 5 and 30"}',
    });
    const saved = await b.registry.invoke('graphs.get', { id: graphId });
    expect(saved.tools.every((t) => t.runtime?.kind === 'replay')).toBe(true);
  });

  it('keeps a runtime a tool already has unless told to overwrite it, and saves nothing when asked not to', async () => {
    const { b, graphId } = await smartHomeFromLogs();
    await b.registry.invoke('graphs.setRuntime', {
      id: graphId,
      tools: ['list_rooms'],
      runtime: { kind: 'mock', code: 'return { rooms: [] };' },
    });
    const kept = await b.registry.invoke('graphs.makeReplayRuntimes', { id: graphId });
    expect(kept.tools.find((t) => t.tool === 'list_rooms')!.kept).toBe('mock');
    let graph = await b.registry.invoke('graphs.get', { id: graphId });
    expect(graph.tools.find((t) => t.name === 'list_rooms')!.runtime!.kind).toBe('mock');
    const dry = await b.registry.invoke('graphs.makeReplayRuntimes', { id: graphId, overwrite: true, apply: false });
    expect(dry.updatedAt).toBeNull();
    graph = await b.registry.invoke('graphs.get', { id: graphId });
    expect(graph.tools.find((t) => t.name === 'list_rooms')!.runtime!.kind).toBe('mock');
    await b.registry.invoke('graphs.makeReplayRuntimes', { id: graphId, overwrite: true });
    graph = await b.registry.invoke('graphs.get', { id: graphId });
    expect(graph.tools.find((t) => t.name === 'list_rooms')!.runtime!.kind).toBe('replay');
  });

  it('makes them for the selected tools only, counting the trajectories that call those', async () => {
    const { b, graphId } = await smartHomeFromLogs();
    const made = await b.registry.invoke('graphs.makeReplayRuntimes', { id: graphId, tools: ['get_temperature'] });
    expect(made.tools.map((t) => t.tool)).toEqual(['get_temperature']);
    expect(made.trajectories).toBe(5);
    const graph = await b.registry.invoke('graphs.get', { id: graphId });
    expect(graph.tools.map((t) => t.runtime?.kind ?? null)).toEqual([null, 'replay', null]);
  });

  it('makes them from a selection of trajectories only', async () => {
    const { b, graphId } = await smartHomeFromLogs();
    const { items } = await b.registry.invoke('trajectories.list', { filter: { text: 'Cool' } });
    expect(items).toHaveLength(1);
    const made = await b.registry.invoke('graphs.makeReplayRuntimes', {
      id: graphId,
      trajectoryIds: items.map((t) => t.id),
    });
    expect(made.trajectories).toBe(items.length);
    const temperature = made.tools.find((t) => t.tool === 'get_temperature')!.runtime;
    expect(temperature.kind === 'replay' && temperature.recordings.map((r) => r.args)).toEqual([{ room_id: 'r2' }]);
  });

  it('runs a plan on the real engine: exact recordings replayed as such, other arguments from the nearest', async () => {
    const { b, graphId } = await smartHomeFromLogs();
    await b.registry.invoke('graphs.makeReplayRuntimes', { id: graphId });
    const run = await b.registry.invoke('runs.start', {
      graphId,
      intent: 'Make the bedroom 22 degrees',
      steps: [
        { id: 's1', tool: 'list_rooms', args: {}, dependsOn: [] },
        { id: 's2', tool: 'get_temperature', args: { room_id: 'r1' }, dependsOn: ['s1'] },
        { id: 's3', tool: 'set_thermostat', args: { room_id: 'r1', celsius: 22, mode: 'heat' }, dependsOn: ['s2'] },
      ],
    });
    // Step by step: call, observation, for each step.
    let view = run;
    for (let i = 0; i < 2; i++) view = await b.registry.invoke('runs.step', { runId: run.id });
    expect(view.turns[2]).toMatchObject({ role: 'tool', thought: 'replayed: exact' });
    expect(JSON.parse(view.turns[2]!.content!).rooms).toHaveLength(3);
    view = await b.registry.invoke('runs.continue', { runId: run.id });
    expect(view.status).toBe('finished');
    const observations = view.turns.filter((t) => t.role === 'tool');
    expect(observations.map((t) => t.thought)).toEqual([
      'replayed: exact',
      'replayed: exact',
      // Two equal values (room and mode) with 21 and with 23: the earlier recording answers,
      // its echo of the temperature replaced by this call's.
      'replayed: nearest to {"celsius":21,"mode":"heat","room_id":"r1"} (celsius from this call)',
    ]);
    expect(JSON.parse(observations[2]!.content!)).toEqual({ room_id: 'r1', celsius: 22, mode: 'heat', status: 'ok' });
    expect(JSON.parse(observations[1]!.content!)).toEqual({ room_id: 'r1', celsius: 18.5 });
    // The run's own replayed answers are not recordings: making runtimes again gives the same ones.
    const again = await b.registry.invoke('graphs.makeReplayRuntimes', { id: graphId, apply: false });
    expect(again.trajectories).toBe(6);
  });
});

describe('result schemas inferred from recorded results', () => {
  it('proposes returns for imported tools; applied, edge suggestions work on them', async () => {
    const { b, graphId } = await smartHomeFromLogs();
    let graph = await b.registry.invoke('graphs.get', { id: graphId });
    expect(suggestEdges(graph).filter((s) => s.edge.kind === 'dependency')).toEqual([]);
    const { proposals, updatedAt } = await b.registry.invoke('graphs.inferReturns', { id: graphId });
    expect(updatedAt).toBeNull();
    const temperature = proposals.find((p) => p.tool === 'get_temperature')!;
    expect(temperature).toMatchObject({
      results: 5,
      changed: true,
      proposed: {
        type: 'object',
        properties: { room_id: { type: 'string' }, celsius: { type: 'number' } },
        required: ['room_id', 'celsius'],
      },
    });
    // The failed call's {"error": …} is not a result.
    expect(proposals.find((p) => p.tool === 'set_thermostat')!.results).toBe(5);
    const applied = await b.registry.invoke('graphs.inferReturns', { id: graphId, apply: true });
    expect(applied.updatedAt).not.toBeNull();
    graph = await b.registry.invoke('graphs.get', { id: graphId });
    expect(graph.tools.find((t) => t.name === 'list_rooms')!.returns).toMatchObject({
      properties: { rooms: { type: 'array', items: { required: ['room_id', 'name'] } } },
    });
    // get_temperature hands back the room_id it was given: the room comes from the list.
    const keys = suggestEdges(graph).map((s) => s.key);
    expect(keys).toContain('dep:list_rooms.rooms[].room_id->set_thermostat.room_id');
    expect(keys).not.toContain('dep:get_temperature.room_id->set_thermostat.room_id');
  });
});

describe('setting runtimes', () => {
  it('runs a plan on fixed responses: a matching pattern, then the default', async () => {
    const { b, graphId } = await smartHomeFromLogs();
    await b.registry.invoke('graphs.setRuntime', {
      id: graphId,
      tools: ['get_temperature'],
      runtime: {
        kind: 'fixed',
        responses: [{ match: { room_id: 'r1' }, result: { room_id: 'r1', celsius: 19.5 } }],
        default: { room_id: 'unknown', celsius: 0 },
      },
    });
    const run = await b.registry.invoke('runs.start', {
      graphId,
      intent: 'Temperatures of r1 and r2',
      steps: [
        { id: 's1', tool: 'get_temperature', args: { room_id: 'r1' }, dependsOn: [] },
        { id: 's2', tool: 'get_temperature', args: { room_id: 'r2' }, dependsOn: [] },
      ],
    });
    const view = await b.registry.invoke('runs.continue', { runId: run.id });
    expect(view.status).toBe('finished');
    const observations = view.turns.filter((t) => t.role === 'tool');
    expect(observations.map((t) => JSON.parse(t.content!))).toEqual([
      { room_id: 'r1', celsius: 19.5 },
      { room_id: 'unknown', celsius: 0 },
    ]);
    expect(observations.map((t) => t.thought)).toEqual([undefined, 'fixed: default response']);
  });

  it("puts every kind of runtime in the graph's exported JSON, which imports back with them", async () => {
    const { b, graphId } = await smartHomeFromLogs();
    await b.registry.invoke('graphs.makeReplayRuntimes', { id: graphId });
    const http = { kind: 'http' as const, method: 'PUT', url: 'http://h/{room_id}', headers: { 'X-Key': 'k' } };
    await b.registry.invoke('graphs.setRuntime', { id: graphId, tools: ['set_thermostat'], runtime: http });
    const graph = await b.registry.invoke('graphs.get', { id: graphId });
    const text = JSON.stringify(graphToFile(graph));
    const back = await b.registry.invoke('tools.parse', { format: 'trellis', text });
    expect(back.tools.map((t) => t.runtime?.kind)).toEqual(['replay', 'replay', 'http']);
    expect(back.tools[2]!.runtime).toEqual(http);
    expect(back.tools[0]!.runtime).toEqual(graph.tools[0]!.runtime);
  });

  it('names the tools a graph does not have', async () => {
    const { b, graphId } = await smartHomeFromLogs();
    await expect(
      b.registry.invoke('graphs.setRuntime', { id: graphId, tools: ['list_rooms', 'open_door'], runtime: null }),
    ).rejects.toMatchObject({ code: 'E3001', message: expect.stringContaining('"open_door"') });
  });
});
