import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../backend/backend';
import { tool } from '../../helpers/graphs';
import { startOpenAIServer } from '../../helpers/openai-server';
import { tempDir } from '../../helpers/temp';

const open: Backend[] = [];
const backendOn = (workspace: string, configDir: string) => {
  const backend = createBackend({ workspace, host: 'cli', seed: false, configDir });
  open.push(backend);
  return backend;
};

/** A workspace file whose `rate` tool the model plays, with a model server planted in its settings by SQL. */
async function plantedWorkspace(baseUrl: string) {
  const workspace = path.join(tempDir(), 'shared.trellis');
  const config = tempDir();
  const backend = backendOn(workspace, config);
  const graph = await backend.registry.invoke('graphs.create', { name: 'Rates' });
  const rate = { ...tool('rate', { from: 'string' }, { rate: 'number' }), runtime: { kind: 'llm-simulated' as const } };
  await backend.registry.invoke('graphs.save', { id: graph.id, tools: [rate], edges: [], dismissedSuggestions: [] });
  backend.close();
  const db = new Database(workspace);
  db.prepare('insert into settings values (?, ?)').run(
    'models.remote',
    JSON.stringify({ baseUrl, model: 'json', protectedKey: null }),
  );
  db.close();
  return { workspace, config, graphId: graph.id };
}

const runRate = async (backend: Backend, graphId: string) => {
  const started = await backend.registry.invoke('runs.start', {
    graphId,
    intent: 'Rate of EUR',
    steps: [{ id: 's1', tool: 'rate', args: { from: 'EUR' }, dependsOn: [] }],
  });
  return backend.registry.invoke('runs.continue', { runId: started.id });
};

describe('a model server named by the workspace is sent nothing until the user approves it here', () => {
  it('stops a run before a simulated tool, naming the server; approved, the run uses it', async () => {
    const server = await startOpenAIServer();
    const { workspace, config, graphId } = await plantedWorkspace(server.baseUrl);
    const backend = backendOn(workspace, config);
    expect((await backend.registry.invoke('models.status', {})).remote).toMatchObject({
      baseUrl: server.baseUrl,
      approved: false,
    });
    const run = await runRate(backend, graphId);
    expect(run.status).toBe('needs-consent');
    expect(run.consent).toEqual({
      kind: 'model',
      key: server.baseUrl,
      message: `Send prompts to the model server ${server.baseUrl}? This workspace names it, and it is not approved on this machine.`,
      details: [
        { label: 'Server', value: server.baseUrl },
        { label: 'Model', value: 'json' },
      ],
    });
    expect(server.received).toEqual([]);
    expect(server.listed.count).toBe(0);

    await backend.registry.invoke('runs.allow', { runId: run.id, kind: 'model', key: run.consent!.key });
    const after = await backend.registry.invoke('runs.continue', { runId: run.id });
    expect(after.turns[2]).toMatchObject({ role: 'tool', content: '{"tool":"search","n":2}' });
    expect(server.received.map((r) => r.path)).toEqual(['/v1/chat/completions']);
    expect((await backend.registry.invoke('models.status', {})).remote?.approved).toBe(true);
  });

  it('refuses plans and synthesis with an error that says which server and how to approve it', async () => {
    const server = await startOpenAIServer();
    const { workspace, config, graphId } = await plantedWorkspace(server.baseUrl);
    const backend = backendOn(workspace, config);
    const refusal = {
      code: 'E5006',
      message: `This workspace names the model server ${server.baseUrl}, which is not approved on this machine; nothing was sent to it.`,
      hint:
        `If you trust it, approve it: press "Use this server" in Models, or pass --allow model:${server.baseUrl} ` +
        'to trellis run, synth or plan. Or choose "Use the local model" in Models.',
    };
    await expect(
      backend.registry.invoke('plans.generate', { graphId, intent: 'Rate of EUR', planner: 'model' }),
    ).rejects.toMatchObject(refusal);
    await expect(backend.registry.invoke('synth.start', { graphId, count: 1 })).rejects.toMatchObject(refusal);
    await expect(
      backend.registry.invoke('models.generate', { prompt: 'Say hello', maxTokens: 8 }),
    ).rejects.toMatchObject(refusal);
    expect(server.received).toEqual([]);
    expect(server.listed.count).toBe(0);
  });

  it('counts a server the user sets here as approved, and approves another only by its own address', async () => {
    const server = await startOpenAIServer();
    const backend = backendOn(path.join(tempDir(), 'mine.trellis'), tempDir());
    await backend.registry.invoke('models.useRemote', { baseUrl: server.baseUrl, model: 'words' });
    expect((await backend.registry.invoke('models.status', {})).remote?.approved).toBe(true);
    const made = await backend.registry.invoke('models.generate', { prompt: 'Say hello', maxTokens: 8 });
    expect(made.text).toBe('one two three');

    const planted = await plantedWorkspace(server.baseUrl);
    const other = backendOn(planted.workspace, planted.config);
    await expect(other.registry.invoke('models.allowRemote', { key: 'http://127.0.0.1:1/v1' })).rejects.toMatchObject({
      code: 'E1002',
      message: `This workspace's model server is ${server.baseUrl}, not http://127.0.0.1:1/v1; nothing was approved.`,
    });
    await other.registry.invoke('models.allowRemote', { key: server.baseUrl });
    expect((await other.registry.invoke('models.status', {})).remote?.approved).toBe(true);
  });
});

afterEach(() => {
  for (const backend of open.splice(0)) backend.close();
});
