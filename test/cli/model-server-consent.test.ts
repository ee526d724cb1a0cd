import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../backend/backend';
import { tool } from '../helpers/graphs';
import { startOpenAIServer } from '../helpers/openai-server';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

/** The real CLI, run without blocking this process: the loopback model server lives here. */
const trellis = (home: string, ...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, TRELLIS_HOME: home } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

/**
 * A workspace file with a tool the model plays and a plan calling it, and a model server planted
 * in its settings by SQL, as a shared file could carry it; a fresh user config beside it.
 */
async function plantedWorkspace(baseUrl: string) {
  const workspace = path.join(tempDir(), 'shared.trellis');
  const home = tempDir();
  const backend = createBackend({ workspace, host: 'cli', seed: false, configDir: home });
  const graph = await backend.registry.invoke('graphs.create', { name: 'Rates' });
  const rate = { ...tool('rate', { from: 'string' }), runtime: { kind: 'llm-simulated' as const } };
  await backend.registry.invoke('graphs.save', { id: graph.id, tools: [rate], edges: [], dismissedSuggestions: [] });
  const plan = await backend.registry.invoke('plans.save', {
    graphId: graph.id,
    intent: 'Rate of EUR',
    steps: [{ id: 's1', tool: 'rate', args: { from: 'EUR' }, dependsOn: [] }],
    modelSettings: null,
  });
  backend.close();
  const db = new Database(workspace);
  db.exec(`insert into settings values('models.remote','{"baseUrl":"${baseUrl}","model":"json","protectedKey":null}')`);
  db.close();
  return { workspace, home, planId: plan.id };
}

describe('a model server planted in a workspace gets nothing from the command line until approved', () => {
  it('trellis run, synth and plan --planner model send it no request, and say how to approve it', async () => {
    const server = await startOpenAIServer();
    const { workspace, home, planId } = await plantedWorkspace(server.baseUrl);

    const run = await trellis(home, 'run', '--workspace', workspace, '--plan', planId);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `trellis run: stopped before a step: Send prompts to the model server ${server.baseUrl}? This workspace ` +
        `names it, and it is not approved on this machine.\n  Server: ${server.baseUrl}\n  Model: json\n` +
        `Nothing was started or sent. To allow it for this workspace, run again with --allow model:${server.baseUrl}.`,
    );

    const refusal =
      `E5006 Model server not approved: This workspace names the model server ${server.baseUrl}, which is not ` +
      'approved on this machine; nothing was sent to it. If you trust it, approve it: press "Use this server" ' +
      `in Models, or pass --allow model:${server.baseUrl} to trellis run, synth or plan.`;
    const synth = await trellis(home, 'synth', '--workspace', workspace, '--count', '1');
    expect(synth.status).toBe(1);
    expect(synth.stderr).toContain(`trellis synth: ${refusal}`);
    const plan = await trellis(home, 'plan', '--workspace', workspace, '--intent', 'Rate of EUR', '--planner', 'model');
    expect(plan.status).toBe(1);
    expect(plan.stderr).toContain(`trellis plan: ${refusal}`);

    expect(server.received).toEqual([]);

    expect(server.listed.count).toBe(0);
  });

  it('sends to it once --allow names it, and refuses an --allow that names another server', async () => {
    const server = await startOpenAIServer();
    const { workspace, home, planId } = await plantedWorkspace(server.baseUrl);

    const wrong = await trellis(
      home,
      'run',
      '--workspace',
      workspace,
      '--plan',
      planId,
      '--allow',
      'model:http://x/v1',
    );
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain(
      `This workspace's model server is ${server.baseUrl}, not http://x/v1; nothing was approved.`,
    );
    expect(server.received).toEqual([]);
    expect(server.listed.count).toBe(0);

    const allowed = await trellis(
      home,
      'run',
      '--workspace',
      workspace,
      '--plan',
      planId,
      '--allow',
      `model:${server.baseUrl}`,
    );
    expect(allowed.stdout).toContain('"tool":"search"');
    expect(server.received.map((r) => r.path)).toEqual(['/v1/chat/completions']);
    // Kept in the user's config: the next verb needs no flag.
    const plan = await trellis(home, 'plan', '--workspace', workspace, '--intent', 'Rate of EUR', '--planner', 'model');
    expect(plan.stderr).not.toContain('E5006');
    expect(server.received.length).toBeGreaterThan(1);
  });
});
