import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../../backend/backend';
import { isSandboxBusy, MockRunner, SandboxBusyError } from '../../../../backend/executor/runtimes/mock-runner';
import { McpServers } from '../../../../backend/executor/runtimes';
import { runSampleWhenSandboxFree, sandboxWasBusy } from '../../../../backend/synth/sample-run';
import { checkTrajectory } from '../../../../shared/checks/trajectory';
import { seededRandom } from '../../../../shared/random';
import { resultOf } from '../../../../shared/runs/results';
import type { Tool } from '../../../../shared/domain';
import { dep, tool } from '../../../helpers/graphs';
import { tempDir } from '../../../helpers/temp';

const runners: MockRunner[] = [];
const backends: Backend[] = [];
afterEach(async () => {
  for (const b of backends.splice(0)) b.close();
  await Promise.all(runners.splice(0).map((r) => r.close()));
});

function runner(options: ConstructorParameters<typeof MockRunner>[0]): MockRunner {
  const r = new MockRunner(options);
  runners.push(r);
  return r;
}

/** Mock code that keeps the sandbox busy for about `ms` (its clock is fixed: it counts instead). */
const busyFor = (iterations: number, result = 'x') =>
  `let x = 0; for (let i = 0; i < ${iterations}; i++) x += i % 7; return { done: ${JSON.stringify(result)}, x };`;

/** Loop iterations the sandbox runs in about `ms` on this machine now (warmed up first). */
async function iterationsFor(ms: number): Promise<number> {
  const probe = runner({ parallelism: 1 });
  for (let i = 0; i < 3; i++) await probe.run(busyFor(1e6), {}, { timeoutMs: 30_000 });
  const started = performance.now();
  await probe.run(busyFor(4e6), {}, { timeoutMs: 30_000 });
  return Math.round((4e6 * ms) / Math.max(1, performance.now() - started));
}

describe('mock time is execution time', () => {
  it('runs 8 and more concurrent calls of a ~400 ms mock on one worker: a queued call waits without spending its limit', async () => {
    const r = runner({ parallelism: 1 });
    const code = busyFor(await iterationsFor(400));
    // Ten times what a call takes on this machine just now: a machine loaded later slows every
    // call (five times was once not enough, at a load of 14 on 2 cores), never the queue's count.
    const timeoutMs = 4000;
    // Before, a call had twice its limit and 2 s from its submission, queued or not.
    const oldBudget = 2 * timeoutMs + 2000;
    let queuedFor = 0;
    // Calls at once, doubled until the last of them waited longer than that old budget.
    for (let calls = 8; queuedFor <= oldBudget && calls <= 64; calls *= 2) {
      const submitted = performance.now();
      const results = await Promise.allSettled(Array.from({ length: calls }, () => r.run(code, {}, { timeoutMs })));
      queuedFor = performance.now() - submitted;
      expect(
        results.filter((x) => x.status === 'rejected'),
        `${calls} calls`,
      ).toEqual([]);
      expect(results.map((x) => (x as PromiseFulfilledResult<{ done: string }>).value.done)).toEqual(
        Array(calls).fill('x'),
      );
    }
    expect(queuedFor).toBeGreaterThan(oldBudget);
  }, 180_000);

  it('still stops a mock that loops forever with its own time limit, queued behind others, and goes on', async () => {
    const r = runner({ parallelism: 1 });
    const code = busyFor(await iterationsFor(300));
    const ahead = Array.from({ length: 6 }, () => r.run(code, {}, { timeoutMs: 5000 }));
    const endless = r.run('while (true) {}', {}, { timeoutMs: 500 });
    const behind = r.run('return 1 + 1;', {});
    await expect(endless).rejects.toThrow('the mock ran longer than its 500 ms limit and was stopped');
    expect((await Promise.all(ahead)).every((v) => (v as { done: string }).done === 'x')).toBe(true);
    expect(await behind).toBe(2);
  }, 60_000);

  it('refuses, with its own message, a call that waits longer than the wait limit; it never runs', async () => {
    const r = runner({ parallelism: 1, maxWaitMs: 200 });
    const endless = r.run('while (true) {}', {}, { timeoutMs: 3000 });
    const waiting = r.run('return "ran";', {});
    await expect(waiting).rejects.toBeInstanceOf(SandboxBusyError);
    const message = String(await waiting.catch((e: Error) => e.message));
    expect(message).toBe(
      'the mock sandbox was busy: this call waited 0.2 s for a free worker (of 1) and never started. ' +
        'Run fewer calls at once (a lower --concurrency), or make the mocks faster.',
    );
    expect(isSandboxBusy(message)).toBe(true);
    expect(isSandboxBusy('the mock ran longer than its 1000 ms limit and was stopped')).toBe(false);
    await expect(endless).rejects.toThrow('the mock ran longer than its 3000 ms limit');
    expect(await r.run('return "ran";', {})).toBe('ran');
  }, 30_000);
});

const mock = (t: Tool, code: string): Tool => ({ ...t, runtime: { kind: 'mock', code } });

describe('synthesis with more samples at once than the sandbox runs', () => {
  it('keeps no sample with a timeout it caused itself', async () => {
    // ~150 ms a call against its 1 s limit; 48 samples at once queue well past the 4 s a call
    // was once given from its submission (on one worker).
    const n = await iterationsFor(150);
    const graphTools = [
      mock(
        tool('geocode', { city: 'string' }, { lat: 'number' }),
        `${busyFor(n).replace(/return .*$/, '')} return { lat: 35 };`,
      ),
      mock(
        tool('forecast', { lat: 'number' }, { summary: 'string' }),
        `${busyFor(n).replace(/return .*$/, '')} return { summary: 'sunny' };`,
      ),
    ];
    const b = createBackend({ workspace: path.join(tempDir(), 'synth.trellis'), host: 'cli', seed: false });
    backends.push(b);
    const { id: graphId } = await b.registry.invoke('graphs.create', { name: 'G' });
    await b.registry.invoke('graphs.save', {
      id: graphId,
      tools: graphTools,
      edges: [dep('geocode', 'lat', 'forecast', 'lat')],
      dismissedSuggestions: [],
    });
    const result = await b.registry.invoke('synth.start', { graphId, count: 48, kinds: ['serial'], concurrency: 48 });
    expect(result.failed).toEqual([]);
    expect(result.created).toHaveLength(48);
    expect(result.checks).toMatchObject({ stillFailing: 0, rejectedByCode: {}, sandboxBusy: 0, errorFree: 48 });
    for (const id of result.created) {
      const t = await b.registry.invoke('trajectories.get', { id });
      const errors = t.turns.filter((turn) => turn.role === 'tool' && JSON.stringify(resultOf(turn)).includes('error'));
      expect(errors, id).toEqual([]);
    }
  }, 180_000);

  it('marks a run whose mock call never got the sandbox, after running the draw again', async () => {
    const mocks = runner({ parallelism: 1, maxWaitMs: 100 });
    // The only worker is taken for the whole test.
    const blocker = mocks.run('while (true) {}', {}, { timeoutMs: 20_000 }).catch(() => undefined);
    const echo = mock(tool('echo', { text: 'string' }, { text: 'string' }), 'return { text: args.text };');
    const graph = { tools: [echo], edges: [] };
    const run = await runSampleWhenSandboxFree(
      graph,
      [{ id: 's1', tool: 'echo', args: { text: 'hi' }, dependsOn: [] }],
      'Say hi',
      seededRandom(1),
      {
        runtime: { mocks, mcp: new McpServers(), allowed: () => false, seed: 1 },
        validateResult: () => [],
        check: (turns) => checkTrajectory(turns, { graph: { ...graph, id: 'g', name: 'G' } as never }),
      },
    );
    expect(sandboxWasBusy(run.turns)).toBe(true);
    await mocks.close();
    await blocker;
  }, 30_000);
});
