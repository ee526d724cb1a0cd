import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import type { GraphEdge, Tool } from '../../../shared/domain';
import { dep, smartHomeGraph, tool } from '../../helpers/graphs';
import { tempDir } from '../../helpers/temp';

type Backend = ReturnType<typeof createBackend>;
const opened: Backend[] = [];
afterEach(() => {
  for (const b of opened.splice(0)) b.close();
});

/** A new workspace holding one graph of these tools and edges (no examples). */
async function workspaceWith(tools: Tool[], edges: GraphEdge[]) {
  const b = createBackend({ workspace: path.join(tempDir(), 'synth.trellis'), host: 'cli', seed: false });
  opened.push(b);
  const { id } = await b.registry.invoke('graphs.create', { name: 'G' });
  await b.registry.invoke('graphs.save', { id, tools, edges, dismissedSuggestions: [] });
  return { b, graphId: id };
}

const mock = (t: Tool, code: string): Tool => ({ ...t, runtime: { kind: 'mock', code } });

/** geocode knows one city of the sampler's several; forecast needs its latitude. */
const pickyGeocoder = () => [
  mock(
    { ...tool('geocode', { city: { type: 'string', description: 'City name' } }, { lat: 'number' }) },
    "if (args.city !== 'Kyoto') throw new Error('Unknown city: ' + args.city); return { lat: 35.01 };",
  ),
  mock(tool('forecast', { lat: 'number' }, { summary: 'string' }), "return { summary: 'sunny' };"),
];

describe('synthesis that passes its own checks', () => {
  it('draws a sample again when a tool refuses a value, and then avoids that value', async () => {
    const { b, graphId } = await workspaceWith(pickyGeocoder(), [dep('geocode', 'lat', 'forecast', 'lat')]);
    // Five of the sampler's six cities are refused: six attempts always reach Kyoto.
    const result = await b.registry.invoke('synth.start', {
      graphId,
      count: 20,
      kinds: ['serial'],
      seed: 3,
      maxAttempts: 6,
    });
    expect(result.created).toHaveLength(20);
    expect(result.checks.resampled).toBeGreaterThan(0);
    expect(result.checks.rejectedByCode['tool-error']).toBeGreaterThan(0);
    // Each refused city is avoided once seen: at most five attempts are ever rejected.
    expect(result.checks.rejectedByCode['tool-error']).toBeLessThanOrEqual(5);
    expect(result.checks.attempts).toBe(20 + result.checks.rejectedByCode['tool-error']!);
    expect(result.checks).toMatchObject({ stillFailing: 0, errorFree: 20, withFindings: 0, dropped: 0 });
    for (const id of result.created) {
      const t = await b.registry.invoke('trajectories.get', { id });
      expect(t.turns.find((turn) => turn.toolCalls?.[0]?.name === 'geocode')!.toolCalls![0]!.args).toEqual({
        city: 'Kyoto',
      });
    }
  }, 60_000);

  it('keeps a sample that still fails after its last attempt, tagged, and counts it by finding code', async () => {
    const broken = [mock(tool('lookup', { q: 'string' }, { id: 'string' }), "throw new Error('down');")];
    const { b, graphId } = await workspaceWith(broken, []);
    const result = await b.registry.invoke('synth.start', {
      graphId,
      count: 3,
      kinds: ['isolated'],
      seed: 1,
      maxAttempts: 2,
    });
    // A one-tool graph has no isolated pair: nothing to sample, and nothing failed.
    expect(result.created).toHaveLength(0);
    expect(result.failed).toEqual([]);
    expect(result.notApplicable.map((n) => n.kind)).toEqual(['isolated']);

    const two = [...broken, mock(tool('echo', { text: 'string' }, { text: 'string' }), 'return { text: args.text };')];
    const w = await workspaceWith(two, []);
    const kept = await w.b.registry.invoke('synth.start', {
      graphId: w.graphId,
      count: 4,
      kinds: ['isolated'],
      seed: 1,
      maxAttempts: 2,
    });
    expect(kept.created).toHaveLength(4);
    expect(kept.checks).toMatchObject({
      maxAttempts: 2,
      attempts: 8,
      resampled: 4,
      rejectedByCode: { 'tool-error': 8 },
      stillFailing: 4,
      stillFailingByCode: { 'tool-error': 4 },
      dropped: 0,
    });
    const label = await w.b.registry.invoke('labels.get', { trajectoryId: kept.created[0]! });
    expect(label).toMatchObject({ status: null, tags: ['synth-failed-checks'] });
    expect(label!.note).toMatch(/after 2 attempts: tool-error/);

    const dropped = await w.b.registry.invoke('synth.start', {
      graphId: w.graphId,
      count: 4,
      kinds: ['isolated'],
      seed: 2,
      maxAttempts: 2,
      dropFailing: true,
    });
    expect(dropped.created).toHaveLength(0);
    expect(dropped.checks).toMatchObject({ stillFailing: 4, dropped: 4 });
  }, 60_000);

  it('fills an element edge from the observed list: a real id, a varied element, named in the intent', async () => {
    const home = smartHomeGraph();
    const ROOMS =
      "[{ room_id: 'r-k1', name: 'kitchen' }, { room_id: 'r-b2', name: 'bedroom' }, { room_id: 'r-o3', name: 'office' }]";
    const known = "if (!['r-k1', 'r-b2', 'r-o3'].includes(args.room_id)) throw new Error('No room ' + args.room_id);";
    const code: Record<string, string> = {
      list_rooms: `return { rooms: ${ROOMS} };`,
      get_temperature: `${known} return { room_id: args.room_id, celsius: 19.5 };`,
      set_thermostat: `${known} return { room_id: args.room_id, celsius: args.celsius, mode: args.mode, status: 'ok' };`,
    };
    const { b, graphId } = await workspaceWith(
      home.tools.map((t) => mock(t, code[t.name]!)),
      home.edges,
    );
    const result = await b.registry.invoke('synth.start', { graphId, count: 15, kinds: ['serial'], seed: 4 });
    expect(result.created).toHaveLength(15);
    expect(result.checks).toMatchObject({ errorFree: 15, stillFailing: 0 });
    const plans = new Map((await b.registry.invoke('plans.list', { graphId })).map((p) => [p.id, p]));
    const rooms = new Set<string>();
    for (const id of result.created) {
      const t = await b.registry.invoke('trajectories.get', { id });
      const call = t.turns.flatMap((turn) => turn.toolCalls ?? []).find((c) => c.name !== 'list_rooms')!;
      const roomId = (call.args as { room_id: string }).room_id;
      rooms.add(roomId);
      const name = { 'r-k1': 'kitchen', 'r-b2': 'bedroom', 'r-o3': 'office' }[roomId];
      expect(t.turns[0]!.content).toContain(`Take the room whose name is ${name}.`);
      expect(JSON.stringify(plans.get(t.planId!)!.steps)).toContain(`rooms[name=${name}].room_id`);
      const findings = await b.registry.invoke('trajectories.findings', { id });
      expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    }
    expect(rooms.size).toBeGreaterThan(1);
  }, 60_000);

  it('makes the same trajectories from the same seed', async () => {
    const made = async (seed: number) => {
      const b = createBackend({ workspace: path.join(tempDir(), 'same.trellis'), host: 'cli', seed: true });
      opened.push(b);
      const [graph] = await b.registry.invoke('graphs.list', {});
      const result = await b.registry.invoke('synth.start', { graphId: graph!.id, count: 12, seed });
      const runs = [];
      for (const id of result.created) {
        const t = await b.registry.invoke('trajectories.get', { id });
        runs.push(t.turns.map((turn) => [turn.role, turn.content ?? null, turn.toolCalls ?? null]));
      }
      return { runs, checks: result.checks };
    };
    const first = await made(21);
    expect(await made(21)).toEqual(first);
    expect((await made(22)).runs).not.toEqual(first.runs);
  }, 90_000);
});

describe('kinds a graph cannot provide', () => {
  it('are skipped as not applicable, with the reason, and the samples drawn from the kinds it can provide', async () => {
    // A chain geocode → forecast: serial, but no join for parallel branches and no unrelated tool.
    const { b, graphId } = await workspaceWith(pickyGeocoder(), [dep('geocode', 'lat', 'forecast', 'lat')]);
    const result = await b.registry.invoke('synth.start', { graphId, count: 4, seed: 3, maxAttempts: 6 });
    expect(result.failed).toEqual([]);
    expect(result.created).toHaveLength(4);
    expect(result.byKind).toEqual({ serial: 4 });
    expect(result.notApplicable).toEqual([
      { kind: 'parallel', reason: expect.stringMatching(/no tool takes results from two different tools/) },
      { kind: 'isolated', reason: expect.stringMatching(/every tool is linked to the others/) },
    ]);
  }, 60_000);
});
