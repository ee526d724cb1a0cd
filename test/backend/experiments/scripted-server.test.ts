import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExperimentRun } from '../../../shared/experiments/types';
import { testBackend } from '../../helpers/backend';
import { closedPortUrl, startOpenAIServer } from '../../helpers/openai-server';
import { PLANTED, WEATHER_50, weatherScript } from '../../helpers/weather-candidate';

const taskOf = (run: ExperimentRun) => Number(/\(task (\d+)\)/.exec(run.sourceTitle)?.[1]);
const tasks = (runs: ExperimentRun[], pick: (r: ExperimentRun) => boolean) =>
  runs
    .filter(pick)
    .map(taskOf)
    .sort((a, b) => a - b);

async function importedWeather() {
  const b = testBackend({ seed: false });
  const imported = await b.registry.invoke('trajectories.import', { path: WEATHER_50, mode: 'strict' });
  expect(imported.imported).toBe(50);
  return b;
}

describe('an experiment against a scripted OpenAI-compatible server', () => {
  it('finds exactly the planted divergences, replay misses and outcome changes on 50 imported runs', async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const b = await importedWeather();
    const result = await b.registry.invoke('experiments.run', {
      definition: {
        name: 'scripted',
        filter: { source: 'weather-50.jsonl' },
        candidates: [
          { label: 'scripted', model: { kind: 'server', baseUrl: server.baseUrl, model: 'weather', concurrency: 4 } },
        ],
      },
    });
    expect(result.cancelled).toBe(false);
    expect(result.status).toBe('finished');
    expect(result.runs).toHaveLength(50);
    expect(result.table).toEqual([
      expect.objectContaining({ runs: 50, same: 38, diverged: 4, improved: 5, regressed: 3, errored: 0, misses: 5 }),
    ]);
    const { runs } = result;
    expect(tasks(runs, (r) => r.verdict === 'improved')).toEqual(PLANTED.improved);
    expect(tasks(runs, (r) => r.verdict === 'regressed')).toEqual(PLANTED.regressed);
    expect(tasks(runs, (r) => r.verdict === 'diverged')).toEqual([...PLANTED.nearest, ...PLANTED.answer]);

    const byTask = new Map(runs.map((r) => [taskOf(r), r]));
    // Improved: the recording misspelt the city first; the candidate asked the right one at once.
    expect(byTask.get(1)!.divergence).toEqual({
      kind: 'arguments',
      runTurn: 2,
      sourceTurn: 2,
      changes: [{ path: 'toolCalls[0].args.city', before: 'Lyonx', after: 'Lyon' }],
    });
    // The recordings carry no outcome: the source's is read from its calls, and the run says so.
    expect(byTask.get(1)).toMatchObject({
      outcomeBefore: 'failure',
      outcomeBeforeFrom: 'calls',
      outcomeAfter: 'success',
      misses: [],
    });
    // Regressed: a tool the recording never called; nothing to replay, the call fails.
    expect(byTask.get(6)!.divergence).toEqual({
      kind: 'tool',
      runTurn: 2,
      sourceTurn: 2,
      changes: [{ path: 'toolCalls[0].name', before: 'get_weather', after: 'get_forecast' }],
    });
    expect(byTask.get(6)).toMatchObject({
      outcomeBefore: 'success',
      outcomeAfter: 'failure',
      misses: [{ turn: 3, tool: 'get_forecast', args: { city: 'Pune' }, nearest: null }],
    });
    // The nearest recording answers the lower-case city.
    expect(byTask.get(9)!.misses).toEqual([
      { turn: 3, tool: 'get_weather', args: { city: 'cork' }, nearest: { city: 'Cork' } },
    ]);
    expect(byTask.get(9)!.divergence).toMatchObject({ kind: 'arguments', runTurn: 2 });
    expect(byTask.get(11)!.divergence).toMatchObject({
      kind: 'answer',
      runTurn: 4,
      sourceTurn: 4,
      changes: [{ path: 'content', before: 'It is 22°C in Lyon.', after: 'The temperature in Lyon is 22°C.' }],
    });
    expect(byTask.get(20)).toMatchObject({ verdict: 'same', divergence: null, misses: [], outcomeAfter: 'success' });

    // Each run is a trajectory forked from its source, with the record's tools, named after its candidate.
    const run = await b.registry.invoke('trajectories.get', { id: byTask.get(6)!.runId! });
    expect(run.kind).toBe('run');
    expect(run.forkOf).toEqual({ trajectoryId: byTask.get(6)!.sourceId, turnIndex: 1 });
    expect(run.metadata).toMatchObject({ experiment: result.id, candidate: 'scripted' });
    expect(run.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    const declared = await b.registry.invoke('trajectories.declaredTools', { id: run.id });
    expect(declared?.map((t) => t.name)).toEqual(['get_weather', 'get_forecast']);

    // The candidate was asked as production asks: the recorded messages with roles, and the record's tools.
    const first = server.received.find((r) => JSON.stringify(r.body.messages).includes('(task 20)'))!;
    expect(first.body.tools).toEqual([
      expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'get_weather' }) }),
      expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'get_forecast' }) }),
    ]);
    expect((first.body.messages as { role: string }[]).map((m) => m.role)).toEqual(['system', 'user']);
    expect(first.body.response_format).toBeUndefined();
    expect(server.inFlight.max).toBeLessThanOrEqual(4);

    const listed = await b.registry.invoke('experiments.list', {});
    expect(listed).toEqual([
      expect.objectContaining({ id: result.id, sources: 50, candidates: 1, done: 50, errored: 0 }),
    ]);
  });

  it('re-runs from turn N with the recording before it, and sends the candidate’s system prompt and tool descriptions', async () => {
    const server = await startOpenAIServer({ script: weatherScript, whole: true });
    const b = await importedWeather();
    const result = await b.registry.invoke('experiments.run', {
      definition: {
        name: 'from turn 4',
        filter: { source: 'weather-50.jsonl', text: 'task 1' },
        fromTurn: 4,
        candidates: [
          {
            model: { kind: 'server', baseUrl: server.baseUrl, model: 'weather' },
            systemPrompt: 'Be brief.',
            toolDescriptions: { get_weather: 'Weather now, by city name' },
          },
        ],
      },
    });
    const one = result.runs.find((r) => r.sourceTitle.includes('(task 1)'))!;
    // The recording's failed first call stays in the history; the candidate retries as the recording did.
    expect(one).toMatchObject({ verdict: 'same', divergence: null, outcomeBefore: 'failure', outcomeAfter: 'failure' });
    const asked = server.received.find((r) => JSON.stringify(r.body.messages).includes('(task 1)'))!;
    const messages = asked.body.messages as { role: string; content?: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(messages[0]!.content).toBe('Be brief.');
    expect((asked.body.tools as { function: { description: string } }[])[0]!.function.description).toBe(
      'Weather now, by city name',
    );
    // Turn 4 of every other record is its answer: re-answered the same, but by the tasks planted to word it otherwise.
    const others = result.runs.filter((r) => r !== one);
    expect(others.length).toBeGreaterThan(2);
    for (const r of others)
      expect([taskOf(r), r.verdict, r.divergence?.kind ?? null]).toEqual(
        PLANTED.answer.includes(taskOf(r) as 11) ? [taskOf(r), 'diverged', 'answer'] : [taskOf(r), 'same', null],
      );

    // A turn that is no assistant turn is refused per record, saying which turns are; nothing is run.
    const sent = server.received.length;
    const past = await b.registry.invoke('experiments.run', {
      definition: {
        name: 'from turn 5',
        filter: { source: 'weather-50.jsonl', text: 'task 1' },
        fromTurn: 5,
        candidates: [{ model: { kind: 'server', baseUrl: server.baseUrl, model: 'weather' } }],
      },
    });
    expect(server.received.length).toBe(sent);
    const errors = new Set(past.runs.map((r) => r.error));
    expect(errors).toEqual(
      new Set([
        'Not re-run: turn 5 is a tool turn; its assistant turns are 2, 4, 6.',
        'Not re-run: turn 5 is past its end; its assistant turns are 2, 4.',
      ]),
    );
    expect(past.table[0]).toMatchObject({ errored: past.runs.length });
  });

  it('sends the run’s API key with every request, keeps it for resuming in this backend, and never stores it', async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const b = await importedWeather();
    const KEY = 'sk-experiment-key-7f3a';
    const candidates = [
      { label: 'keyed', model: { kind: 'server' as const, baseUrl: server.baseUrl, model: 'weather', concurrency: 2 } },
    ];
    const first = await b.registry.invoke('experiments.run', {
      definition: { name: 'keyed', filter: { source: 'weather-50.jsonl', text: 'Oslo' }, candidates },
      apiKeys: { [server.baseUrl]: KEY },
    });
    expect(first.runs.length).toBeGreaterThan(0);
    const chats = () => server.received.filter((r) => r.path.endsWith('/chat/completions'));
    const sent = chats().length;
    expect(sent).toBeGreaterThan(0);
    expect(new Set(chats().map((r) => r.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
    // Run again in the same backend, no key given: the one given before is used.
    await b.registry.invoke('experiments.run', { experimentId: first.id, again: true });
    expect(chats().length).toBeGreaterThan(sent);
    expect(new Set(chats().map((r) => r.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
    // Nothing of the key is in the workspace file or its journal.
    const workspace = b.store.db.name;
    b.close();
    for (const file of [workspace, `${workspace}-wal`])
      if (fs.existsSync(file)) expect(fs.readFileSync(file).includes(KEY)).toBe(false);
  });

  it('uses the key given in Models for the workspace’s own server when the run brings none', async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const b = await importedWeather();
    await b.registry.invoke('models.useRemote', {
      baseUrl: `${server.baseUrl}/`,
      model: 'weather',
      apiKey: 'sk-models',
    });
    await b.registry.invoke('experiments.run', {
      definition: {
        name: 'models key',
        filter: { source: 'weather-50.jsonl', text: 'Oslo' },
        candidates: [{ model: { kind: 'server', baseUrl: server.baseUrl, model: 'weather', concurrency: 1 } }],
      },
    });
    const chats = server.received.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats.length).toBeGreaterThan(0);
    expect(new Set(chats.map((r) => r.authorization))).toEqual(new Set(['Bearer sk-models']));
  });
});

describe('an experiment whose server is not there, or fails every answer', () => {
  it('refuses before any run when nothing listens at the address, and keeps no trajectory', async () => {
    const b = await importedWeather();
    const baseUrl = await closedPortUrl();
    const before = (await b.registry.invoke('trajectories.list', { filter: {}, limit: 1, offset: 0 })).total;
    await expect(
      b.registry.invoke('experiments.run', {
        definition: {
          name: 'down',
          filter: { source: 'weather-50.jsonl' },
          candidates: [{ model: { kind: 'server', baseUrl, model: 'weather' } }],
        },
      }),
    ).rejects.toThrow(/Cannot reach the server at .*nothing is listening/);
    expect((await b.registry.invoke('trajectories.list', { filter: {}, limit: 1, offset: 0 })).total).toBe(before);
  });

  it('keeps the error on the row but no trajectory for a run whose model failed before answering', async () => {
    const server = await startOpenAIServer({
      script: () => Promise.reject(new Error('model crashed')),
    });
    const b = await importedWeather();
    const before = (await b.registry.invoke('trajectories.list', { filter: {}, limit: 1, offset: 0 })).total;
    const result = await b.registry.invoke('experiments.run', {
      definition: {
        name: 'failing',
        filter: { source: 'weather-50.jsonl', text: 'Oslo' },
        candidates: [{ model: { kind: 'server', baseUrl: server.baseUrl, model: 'weather' } }],
      },
    });
    expect(result.runs.length).toBeGreaterThan(0);
    for (const run of result.runs) {
      expect(run).toMatchObject({ verdict: 'errored', runId: null });
      expect(run.error).toMatch(/500/);
    }
    expect(result.table[0]).toMatchObject({ errored: result.runs.length, succeededAfter: 0, succeededBefore: 0 });
    expect((await b.registry.invoke('trajectories.list', { filter: {}, limit: 1, offset: 0 })).total).toBe(before);
  });
});
