import { describe, expect, it } from 'vitest';
import { testBackend } from '../../helpers/backend';
import { startOpenAIServer } from '../../helpers/openai-server';
import { WEATHER_50, weatherScript } from '../../helpers/weather-candidate';

const taskOf = (title: string) => Number(/\(task (\d+)\)/.exec(title)?.[1]);

describe('an experiment’s tool policy', () => {
  it("answers calls by the graph's runtimes, or replays exact matches and falls back to them", async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const b = testBackend({ seed: false });
    const imported = await b.registry.invoke('trajectories.import', {
      path: WEATHER_50,
      mode: 'strict',
      newGraphName: 'Weather',
    });
    const graphId = imported.tools!.graphId;
    await b.registry.invoke('graphs.setRuntime', {
      id: graphId,
      tools: ['get_weather'],
      runtime: { kind: 'fixed', responses: [], default: { city: 'Fixed', temp_c: 99 } },
    });
    const candidates = [{ model: { kind: 'server' as const, baseUrl: server.baseUrl, model: 'weather' } }];
    // Among them tasks 6, 9 and 20: a tool with no runtime, a call the recordings answer only by the nearest, an exact one.
    const filter = { source: 'weather-50.jsonl' };
    const runtimes = await b.registry.invoke('experiments.run', {
      definition: { name: 'runtimes', filter, toolPolicy: 'runtimes', candidates },
    });
    const byTask = (runs: typeof runtimes.runs) => new Map(runs.map((r) => [taskOf(r.sourceTitle), r]));
    const r = byTask(runtimes.runs);
    expect(r.get(20)).toMatchObject({
      verdict: 'diverged',
      misses: [],
      divergence: { kind: 'result', runTurn: 3, sourceTurn: 3 },
    });
    const run20 = await b.registry.invoke('trajectories.get', { id: r.get(20)!.runId! });
    expect(run20.turns.at(-1)!.content).toBe('It is 99°C in Fixed.');
    const run6 = await b.registry.invoke('trajectories.get', { id: r.get(6)!.runId! });
    expect(run6.turns[3]!.content).toContain('get_forecast has no runtime in the graph of this trajectory');

    const fallback = await b.registry.invoke('experiments.run', {
      definition: { name: 'fallback', filter, toolPolicy: 'replay-then-runtimes', candidates },
    });
    const f = byTask(fallback.runs);
    // An exact recording answers; the nearest does not: the runtime does, and the miss is counted.
    expect(f.get(20)).toMatchObject({ verdict: 'same', misses: [] });
    expect(f.get(9)!.misses).toEqual([
      { turn: 3, tool: 'get_weather', args: { city: 'cork' }, nearest: { city: 'Cork' } },
    ]);
    const run9 = await b.registry.invoke('trajectories.get', { id: f.get(9)!.runId! });
    expect(run9.turns[3]!.content).toBe('{"city":"Fixed","temp_c":99}');
  });
});
