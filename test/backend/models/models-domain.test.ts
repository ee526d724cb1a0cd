import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { startOpenAIServer } from '../../helpers/openai-server';
import { tempDir } from '../../helpers/temp';

function backend(secrets?: { protect(s: string): string; reveal(s: string): string }) {
  return createBackend({
    workspace: path.join(tempDir(), 'm.trellis'),
    host: 'cli',
    seed: false,
    ...(secrets ? { secrets } : {}),
  });
}

describe('models domain with a remote server', () => {
  it('generates through the server, streaming models.token events for the job', async () => {
    const { baseUrl } = await startOpenAIServer();
    const b = backend();
    const tokens: unknown[] = [];
    b.events.subscribe((name, payload) => name === 'models.token' && tokens.push(payload));
    await b.registry.invoke('models.useRemote', { baseUrl, model: 'words' });
    const result = await b.registry.invoke('models.generate', { jobId: 'r1', prompt: 'hi' });
    expect(result).toMatchObject({ text: 'one two three', tokens: 3, cancelled: false });
    expect(tokens).toEqual([
      { jobId: 'r1', text: 'one' },
      { jobId: 'r1', text: ' two' },
      { jobId: 'r1', text: ' three' },
    ]);
    b.close();
  });

  it('cancels a remote generation by job id', async () => {
    const { baseUrl } = await startOpenAIServer();
    const b = backend();
    await b.registry.invoke('models.useRemote', { baseUrl, model: 'slow' });
    b.events.subscribe(() => void b.registry.invoke('jobs.cancel', { jobId: 'r2' }));
    const result = await b.registry.invoke('models.generate', { jobId: 'r2', prompt: 'go' });
    expect(result.cancelled).toBe(true);
    b.close();
  });

  it('never writes an API key in plain text: encrypted where a secret store exists, in memory otherwise', async () => {
    const { baseUrl, received } = await startOpenAIServer();
    const plain = backend();
    expect(await plain.registry.invoke('models.useRemote', { baseUrl, model: 'words', apiKey: 'sk-secret' })).toEqual({
      keyStored: false,
    });
    expect(JSON.stringify(plain.store.db.prepare('SELECT * FROM settings').all())).not.toContain('sk-secret');
    await plain.registry.invoke('models.generate', { jobId: 'a', prompt: 'x' });
    expect(received.at(-1)!.authorization).toBe('Bearer sk-secret');
    plain.close();

    const vault = backend({
      protect: (s) => Buffer.from(s).toString('base64'),
      reveal: (s) => Buffer.from(s, 'base64').toString(),
    });
    expect(await vault.registry.invoke('models.useRemote', { baseUrl, model: 'words', apiKey: 'sk-secret' })).toEqual({
      keyStored: true,
    });
    expect(JSON.stringify(vault.store.db.prepare('SELECT * FROM settings').all())).not.toContain('sk-secret');
    expect((await vault.registry.invoke('models.status', {})).remote).toEqual({
      baseUrl,
      model: 'words',
      hasKey: true,
      keyStored: true,
      concurrency: 4,
      // Set by the user through the app: approved on this machine.
      approved: true,
    });
    vault.close();
  });

  it('keeps at most the set number of requests in flight to the server, and every request completes', async () => {
    const { baseUrl, inFlight } = await startOpenAIServer();
    const b = backend();
    await b.registry.invoke('models.useRemote', { baseUrl, model: 'paced', concurrency: 2 });
    expect((await b.registry.invoke('models.status', {})).remote?.concurrency).toBe(2);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => b.registry.invoke('models.generate', { jobId: `p${i}`, prompt: 'go' })),
    );
    expect(results.map((r) => r.text)).toEqual(Array(6).fill('one two three'));
    expect(inFlight.max).toBe(2);
    b.close();
  });

  it('refuses a server address that is not http(s)', async () => {
    const b = backend();
    await expect(b.registry.dispatch('models.useRemote', { baseUrl: 'ftp://x', model: 'm' })).rejects.toMatchObject({
      code: 'E1002',
      message: expect.stringContaining('field "baseUrl"'),
    });
    b.close();
  });
});

describe('a remote server behind the other domains', () => {
  it('serves embeddings for WorfBench node matching, the agent loop and judge prompts, with the JSON Schema sent along', async () => {
    const { baseUrl, received } = await startOpenAIServer();
    const b = createBackend({ workspace: path.join(tempDir(), 'remote.trellis'), host: 'cli', seed: true });
    await b.registry.invoke('models.useRemote', { baseUrl, model: 'words' });
    const gold = path.join(__dirname, '..', '..', 'fixtures', 'eval', 'worfbench-gold.json');
    const scored = await b.registry.invoke('evaluation.worfbench', { pred: gold, gold, matcher: 'model' });
    expect(scored.matcher).toBe('embedding');
    expect(received.some((r) => r.path === '/v1/embeddings')).toBe(true);

    const [graph] = await b.registry.invoke('graphs.list', {});
    let run = await b.registry.invoke('runs.start', {
      graphId: graph!.id,
      intent: 'Weather in Kyoto?',
      mode: 'agent',
      agentFormat: 'json',
    });
    // The server answers words, not the JSON the grammar asks for: the run ends saying so, and
    // nothing Trellis wrote is stored as the model's turn; its outcome keeps the reason.
    run = await b.registry.invoke('runs.step', { runId: run.id });
    expect(run.status).toBe('stopped');
    expect(run.note).toMatch(/not the JSON asked for: one two three/);
    expect(run.turns).toEqual([{ role: 'user', content: 'Weather in Kyoto?' }]);
    const stored = await b.registry.invoke('trajectories.get', { id: run.trajectoryId! });
    expect(stored.outcome).toEqual({ status: 'unknown', by: 'Trellis run', value: run.note });
    const chat = received.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
    expect(JSON.stringify(chat.body)).toContain('get_weather_forecast');
    await expect(
      b.registry.invoke('plans.generate', { graphId: graph!.id, intent: 'x', planner: 'model' }),
    ).rejects.toMatchObject({
      code: 'E5004',
    });
    b.close();
  });

  it('says a server answered JSON that is not a plan, instead of failing inside Trellis', async () => {
    const { baseUrl } = await startOpenAIServer();
    const b = createBackend({ workspace: path.join(tempDir(), 'not-a-plan.trellis'), host: 'cli', seed: true });
    // `json` answers {"tool": "search", "n": 2}: valid JSON, but not the plan the schema asks for.
    await b.registry.invoke('models.useRemote', { baseUrl, model: 'json' });
    const [graph] = await b.registry.invoke('graphs.list', {});
    await expect(
      b.registry.invoke('plans.generate', { graphId: graph!.id, intent: 'Weather in Kyoto?', planner: 'model' }),
    ).rejects.toMatchObject({
      code: 'E5004',
      message:
        'The model answered JSON that is not a plan (no list of steps, each a tool with its arguments): {"tool": "search", "n": 2}',
      hint: expect.stringContaining('must follow the JSON schema Trellis sends'),
    });
    b.close();
  });
});
