import Ajv from 'ajv';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import type { RunView } from '../../../shared/contract/runs';
import type { JsonSchema } from '../../../shared/domain';
import { asRef } from '../../../shared/plans';
import { TEST_SETTINGS, tinyModel } from '../../helpers/models';
import { tempDir } from '../../helpers/temp';

function backend() {
  return createBackend({
    workspace: path.join(tempDir(), 'runs.trellis'),
    host: 'cli',
    seed: true,
    modelEnv: { ...process.env, TRELLIS_GPU: 'off' },
  });
}

/** Types only: what the grammar promises (value ranges and formats are the validator's business). */
function typesOnly(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  if (schema.type) out.type = schema.type;
  if (schema.enum) out.enum = schema.enum;
  if (schema.properties)
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, JsonSchema>).map(([k, v]) => [k, typesOnly(v)]),
    );
  if (schema.items) out.items = typesOnly(schema.items as JsonSchema);
  return out;
}

describe('plans domain', () => {
  it('makes a deterministic plan from goal tools named in the intent, validated, in WorfBench form', async () => {
    const b = backend();
    const [graph] = await b.registry.invoke('graphs.list', {});
    const result = await b.registry.invoke('plans.generate', {
      graphId: graph!.id,
      intent: 'get_weather_forecast for Kyoto on 2027-04-02',
    });
    expect(result.goals).toEqual(['get_weather_forecast']);
    const [plan] = result.candidates;
    expect(plan!.steps.map((s) => s.tool)).toEqual(['geocode_city', 'get_weather_forecast']);
    expect(plan!.problems).toEqual([]);
    expect(plan!.text).toMatch(/^Node:\n1: geocode_city: city=Kyoto\n2: get_weather_forecast: /);
    const back = await b.registry.invoke('plans.fromWorkflow', { graphId: graph!.id, text: plan!.text });
    expect(back.steps).toEqual(plan!.steps);
    await expect(
      b.registry.invoke('plans.generate', { graphId: graph!.id, intent: 'something vague' }),
    ).rejects.toMatchObject({ code: 'E1002' });
    b.close();
  });

  it('finds goal tools from plain words, and names the closest tools when none is a goal', async () => {
    const b = backend();
    const [graph] = await b.registry.invoke('graphs.list', {});
    const result = await b.registry.invoke('plans.generate', {
      graphId: graph!.id,
      intent: 'Book a flight to Rome and a hotel near the station',
    });
    expect(result.goals).toEqual(['book_flight', 'book_hotel']);
    expect(result.candidates[0]!.steps.map((s) => s.tool)).toEqual([
      'search_flights',
      'book_flight',
      'search_hotels',
      'book_hotel',
    ]);
    await expect(
      b.registry.invoke('plans.generate', { graphId: graph!.id, intent: 'book a table for two' }),
    ).rejects.toMatchObject({
      code: 'E1002',
      message: expect.stringContaining('closest: book_flight (book); book_hotel (book)'),
    });
    b.close();
  });

  it('generates 20 plans with a real model that are all well-formed on the graph', async () => {
    const b = backend();
    const [summary] = await b.registry.invoke('graphs.list', {});
    const graph = await b.registry.invoke('graphs.get', { id: summary!.id });
    await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
    const ajv = new Ajv({ strict: false });
    const validators = new Map(graph.tools.map((t) => [t.name, ajv.compile(typesOnly(t.parameters))]));
    const tokens: string[] = [];
    b.events.subscribe((name, payload) => name === 'models.token' && tokens.push((payload as { text: string }).text));
    const candidates = [];
    for (let round = 0; round < 4; round++) {
      const result = await b.registry.invoke('plans.generate', {
        graphId: graph.id,
        intent: `Book a flight from Paris to Lisbon and convert the price to USD (${round})`,
        planner: 'model',
        candidates: 5,
        maxSteps: 3,
        temperature: 1,
      });
      candidates.push(...result.candidates);
      // What the model did for them: its time, and the tokens of all five candidates.
      expect(result.generation!.ms).toBeGreaterThan(0);
      expect(result.generation!.tokens).toBeGreaterThanOrEqual(5 * 10);
    }
    expect(candidates).toHaveLength(20);
    expect(tokens.length).toBeGreaterThan(20);
    for (const { steps, problems } of candidates) {
      expect(steps.length).toBeGreaterThan(0);
      const structural = problems.filter((p) =>
        [
          'duplicate-id',
          'unknown-tool',
          'unknown-dependency',
          'cycle',
          'unknown-result-field',
          'reference-not-earlier',
        ].includes(p.code),
      );
      expect(structural).toEqual([]);
      for (const step of steps) {
        const literal = Object.fromEntries(Object.entries(step.args).filter(([, v]) => !asRef(v)));
        expect(validators.get(step.tool)!(literal)).toBe(true);
        for (const dep of step.dependsOn) expect(Number(dep.slice(1))).toBeLessThan(Number(step.id.slice(1)));
      }
    }
    b.close();
  }, 300_000);
});

describe('runs domain', () => {
  async function planRun(b: ReturnType<typeof backend>) {
    const [graph] = await b.registry.invoke('graphs.list', {});
    const intent = 'book_flight from Paris to Lisbon on 2027-03-14 for 2 passengers';
    const { candidates } = await b.registry.invoke('plans.generate', { graphId: graph!.id, intent });
    const steps = candidates[0]!.steps;
    steps.find((s) => s.tool === 'book_flight')!.args.traveler_name = 'Ana Silva';
    return b.registry.invoke('runs.start', { graphId: graph!.id, intent, steps });
  }

  it('refuses an agent run without a model before saving anything', async () => {
    const b = backend();
    const [graph] = await b.registry.invoke('graphs.list', {});
    const before = (await b.registry.invoke('trajectories.list', { filter: {} })).total;
    await expect(
      b.registry.invoke('runs.start', { graphId: graph!.id, intent: 'Weather in Kyoto?', mode: 'agent' }),
    ).rejects.toMatchObject({ code: 'E5003', message: expect.stringMatching(/needs a model: load one in Models/) });
    expect((await b.registry.invoke('trajectories.list', { filter: {} })).total).toBe(before);
    b.close();
  });

  it('steps a plan run, saves it as a trajectory after every turn, forks it, and lists the tree', async () => {
    const b = backend();
    let run = await planRun(b);
    expect(run.nextAction).toEqual({ kind: 'call', stepId: 's1', tool: 'search_flights' });
    for (let i = 0; i < 3; i++) run = await b.registry.invoke('runs.step', { runId: run.id });
    expect(run.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect((await b.registry.invoke('trajectories.get', { id: run.trajectoryId! })).turns).toHaveLength(4);

    // Edit the observation of s1, fork before s2's call, and continue both.
    const observation = JSON.parse(run.turns[2]!.content!) as Record<string, unknown>;
    const edited = await b.registry.invoke('runs.edit', {
      runId: run.id,
      turnIndex: 2,
      content: JSON.stringify({ ...observation, cheapest_flight_id: 'TP-20270314-1' }),
    });
    expect(edited.turns[2]!.content).toContain('TP-20270314-1');
    const fork = await b.registry.invoke('runs.fork', { runId: run.id, turnIndex: 2 });
    expect(fork.forkOf).toEqual({ trajectoryId: run.trajectoryId, turnIndex: 2 });
    const forkDone = await b.registry.invoke('runs.continue', { runId: fork.id });
    expect(forkDone.status).toBe('finished');
    expect(forkDone.turns[3]!.toolCalls![0]!.args).toMatchObject({ flight_id: 'TP-20270314-1' });
    const tree = await b.registry.invoke('runs.tree', {});
    expect(tree.map((r) => r.forkOf?.trajectoryId ?? null)).toEqual([null, run.trajectoryId]);
    const listed = await b.registry.invoke('trajectories.list', { filter: { source: 'run' } });
    expect(listed.total).toBe(2);
    // The finished fork keeps its outcome; the paused run has none yet, until it is stopped.
    expect((await b.registry.invoke('trajectories.get', { id: fork.trajectoryId! })).outcome).toEqual({
      status: 'success',
      by: 'Trellis run',
      value: 'finished',
    });
    expect((await b.registry.invoke('trajectories.get', { id: run.trajectoryId! })).outcome).toBeNull();
    await b.registry.invoke('runs.stop', { runId: run.id });
    expect((await b.registry.invoke('trajectories.get', { id: run.trajectoryId! })).outcome).toMatchObject({
      status: 'unknown',
      value: 'stopped',
    });
    const ended = await b.registry.invoke('trajectories.list', { filter: { source: 'run', outcome: 'success' } });
    expect(ended.items.map((t) => t.id)).toEqual([fork.trajectoryId]);
    b.close();
  });

  it('runs the model as an agent: each turn a call constrained to the graph (or an answer), executed by its runtime', async () => {
    const b = backend();
    const [summary] = await b.registry.invoke('graphs.list', {});
    const graph = await b.registry.invoke('graphs.get', { id: summary!.id });
    await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
    let run = await b.registry.invoke('runs.start', {
      graphId: graph.id,
      intent: 'Weather in Kyoto tomorrow?',
      mode: 'agent',
      agentFormat: 'json',
    });
    expect(run.nextAction).toEqual({ kind: 'call' });
    for (let i = 0; i < 4 && run.status !== 'finished'; i++)
      run = await b.registry.invoke('runs.step', { runId: run.id });
    const names = new Set(graph.tools.map((t) => t.name));
    const assistant = run.turns.filter((t) => t.role === 'assistant');
    expect(assistant.length).toBeGreaterThan(0);
    for (const turn of assistant) {
      if (turn.toolCalls) for (const call of turn.toolCalls) expect(names.has(call.name)).toBe(true);
      else expect(typeof turn.content).toBe('string');
      // What the model read (the tools and the conversation so far) and wrote, and how long it took.
      expect(turn.tokens!.prompt).toBeGreaterThan(50);
      expect(turn.tokens!.completion).toBeGreaterThan(0);
      expect(turn.timing!.durationMs).toBeGreaterThan(0);
    }
    // As saved: the trajectory keeps the counts.
    const saved = await b.registry.invoke('trajectories.get', { id: run.trajectoryId! });
    expect(saved.turns.find((t) => t.role === 'assistant')!.tokens).toEqual(assistant[0]!.tokens);
    // Every executed call got an observation from the tool's runtime.
    for (const turn of run.turns.filter((t) => t.role === 'tool'))
      expect(run.turns.some((t) => t.toolCalls?.some((c) => c.id === turn.toolCallId))).toBe(true);
    b.close();
  }, 180_000);

  it('says so on an agent turn whose prompt and answer did not fit the model’s context', async () => {
    const b = backend();
    const [summary] = await b.registry.invoke('graphs.list', {});
    // The example graph's tools alone take more than 512 tokens of prompt.
    await b.registry.invoke('models.load', { path: tinyModel(), settings: { ...TEST_SETTINGS, contextSize: 512 } });
    let run = await b.registry.invoke('runs.start', {
      graphId: summary!.id,
      intent: 'Weather in Kyoto?',
      mode: 'agent',
      agentFormat: 'json',
    });
    run = await b.registry.invoke('runs.step', { runId: run.id });
    const turn = run.turns[1]!;
    expect(turn.role).toBe('assistant');
    expect(turn.tokens!.prompt + turn.tokens!.completion).toBeGreaterThan(512);
    expect(run.warnings).toEqual([
      expect.objectContaining({
        kind: 'context',
        turnIndex: 1,
        message: expect.stringMatching(/did not fit the model's context of 512 tokens.*larger context size/),
      }),
    ]);
    b.close();
  }, 180_000);

  it('replays a recorded trajectory with its observations and forks it into an editable run', async () => {
    const b = backend();
    const { items } = await b.registry.invoke('trajectories.list', { filter: { text: 'Kyoto' } });
    let replay: RunView = await b.registry.invoke('runs.open', { trajectoryId: items[0]!.id });
    expect(replay.mode).toBe('replay');
    replay = await b.registry.invoke('runs.continue', { runId: replay.id, untilTurns: 4 });
    expect(replay.turns).toHaveLength(4);
    await expect(
      b.registry.invoke('runs.edit', { runId: replay.id, turnIndex: 3, content: 'x' }),
    ).rejects.toMatchObject({
      code: 'E3003',
    });
    const fork = await b.registry.invoke('runs.fork', { runId: replay.id, turnIndex: 3 });
    expect(fork.mode).toBe('agent');
    const edited = await b.registry.invoke('runs.edit', { runId: fork.id, turnIndex: 3, content: '{"ok":true}' });
    expect(edited.turns[3]!.content).toBe('{"ok":true}');
    // With no model the agent cannot choose its next call: the fork ends, saying so.
    const ended = await b.registry.invoke('runs.step', { runId: fork.id });
    expect([ended.status, ended.note]).toEqual([
      'stopped',
      'No model loaded: load one in Models or point at a server.',
    ]);
    b.close();
  });
});
