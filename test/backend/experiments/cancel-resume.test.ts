import { describe, expect, it } from 'vitest';
import { testBackend } from '../../helpers/backend';
import { startOpenAIServer, type ChatScript } from '../../helpers/openai-server';
import { WEATHER_50, weatherScript } from '../../helpers/weather-candidate';

const taskIn = (body: Record<string, unknown>) => Number(/\(task (\d+)\)/.exec(JSON.stringify(body.messages))?.[1]);

/** Polls until `check` holds (generous: the machine may be busy). */
async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('an experiment job', () => {
  it('is running while it runs, keeps what it finished when cancelled, and resumes with only the rest', async () => {
    let open = false;
    const waiting: (() => void)[] = [];
    // Tasks above 4 wait until the gate opens: the job is cancelled while they are in flight.
    const gated: ChatScript = async (body) => {
      if (!open && taskIn(body) > 4) await new Promise<void>((resolve) => waiting.push(resolve));
      return weatherScript(body);
    };
    const server = await startOpenAIServer({ script: gated });
    const b = testBackend({ seed: false });
    await b.registry.invoke('trajectories.import', { path: WEATHER_50, mode: 'strict' });
    const progress: number[] = [];
    let id = '';
    // What a window fetching the experiment as it hears the job's end would show.
    const statusAtEnd: Promise<string>[] = [];
    b.events.subscribe((name, payload) => {
      const p = payload as { jobId: string; done: number };
      if (name === 'jobs.progress' && p.jobId === 'exp-job') progress.push(p.done);
      if (name === 'jobs.ended' && p.jobId === 'exp-job')
        statusAtEnd.push(b.registry.invoke('experiments.get', { id }).then((v) => v.status));
    });
    const definition = {
      name: 'gated',
      filter: { source: 'weather-50.jsonl' },
      candidates: [{ model: { kind: 'server' as const, baseUrl: server.baseUrl, model: 'weather', concurrency: 2 } }],
    };
    const first = b.registry.invoke('experiments.run', { jobId: 'exp-job', definition });
    await until(async () => {
      const [listed] = await b.registry.invoke('experiments.list', {});
      id = listed?.id ?? '';
      return Boolean(listed && listed.done >= 4 && waiting.length >= 2);
    }, 'tasks 1–4 to finish and two more to wait');
    // A window opened now (a reload) finds it running, with what is done so far.
    const during = await b.registry.invoke('experiments.get', { id });
    expect(during.status).toBe('running');
    expect(await b.registry.invoke('jobs.cancel', { jobId: 'exp-job' })).toEqual({ cancelled: true });
    const cancelled = await first;
    expect(cancelled.cancelled).toBe(true);
    expect(cancelled.status).toBe('incomplete');
    // The end of a cancelled job is pushed, and the experiment is no longer running by then.
    expect(await Promise.all(statusAtEnd)).toEqual(['incomplete']);
    const kept = cancelled.runs.map((r) => Number(/\(task (\d+)\)/.exec(r.sourceTitle)?.[1])).sort((x, y) => x - y);
    expect(kept).toEqual([1, 2, 3, 4]);
    expect(progress.at(-1)).toBe(4);
    // The runs in flight were taken back: only the kept ones are left as trajectories.
    const runs = await b.registry.invoke('trajectories.list', { filter: { source: 'experiment' } });
    expect(runs.total).toBe(4);

    open = true;
    for (const release of waiting.splice(0)) release();
    const before = server.received.length;
    const resumed = await b.registry.invoke('experiments.run', { experimentId: id });
    expect(resumed).toMatchObject({ id, status: 'finished', cancelled: false });
    expect(resumed.runs).toHaveLength(50);
    expect(resumed.table[0]).toMatchObject({ same: 38, improved: 5, regressed: 3, diverged: 4 });
    const askedAgain = new Set(server.received.slice(before).map((r) => taskIn(r.body)));
    for (const task of kept) expect(askedAgain.has(task)).toBe(false);
    expect(askedAgain.size).toBe(46);
    expect((await b.registry.invoke('trajectories.list', { filter: { source: 'experiment' } })).total).toBe(50);

    // Running it again re-uses its definition: a new experiment over the same selection.
    const again = await b.registry.invoke('experiments.run', { experimentId: id, again: true });
    expect(again.id).not.toBe(id);
    expect(again.definition).toEqual(resumed.definition);
    expect(again.sources).toBe(50);
  });

  it('refuses a server that an experiment read from the workspace names before it is approved here', async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const b = testBackend({ seed: false });
    await b.registry.invoke('trajectories.import', { path: WEATHER_50, mode: 'strict' });
    const experiment = b.store.experiments.create(
      {
        name: 'planted',
        filter: {},
        toolPolicy: 'replay',
        maxTurns: 12,
        timeLimitSeconds: 300,
        candidates: [
          {
            model: { kind: 'server', baseUrl: server.baseUrl, model: 'weather', concurrency: 1 },
            format: 'tools',
            temperature: 0,
            maxTokens: 64,
            seed: 1,
          },
        ],
      },
      b.store.trajectoryQueries.ids({}),
    );
    await expect(b.registry.invoke('experiments.run', { experimentId: experiment.id })).rejects.toThrow(/not approved/);
    expect(server.received).toEqual([]);
    expect(server.listed.count).toBe(0);
  });
});
