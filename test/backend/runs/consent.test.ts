import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../backend/backend';
import { joinCommandLine } from '../../../shared/runtimes';
import { EVERYTHING_SERVER, tool } from '../../helpers/graphs';
import { tempDir } from '../../helpers/temp';

const open: Backend[] = [];
const backendOn = (workspace: string, configDir: string) => {
  const backend = createBackend({ workspace, host: 'cli', seed: false, configDir });
  open.push(backend);
  return backend;
};

/** A graph whose only tool runs on an "MCP server" that leaves a marker file if it is ever started. */
async function graphWithServer(backend: Backend, marker: string) {
  const server = {
    command: process.execPath,
    args: ['-e', 'require("fs").writeFileSync(process.argv[1], "started")', marker],
  };
  const echo = { ...tool('echo'), runtime: { kind: 'mcp' as const, server, tool: 'echo' } };
  const graph = await backend.registry.invoke('graphs.create', { name: 'Shared' });
  await backend.registry.invoke('graphs.save', { id: graph.id, tools: [echo], edges: [], dismissedSuggestions: [] });
  return { graphId: graph.id, key: joinCommandLine([server.command, ...server.args]) };
}

const runOnce = async (backend: Backend, graphId: string) => {
  const started = await backend.registry.invoke('runs.start', {
    graphId,
    intent: 'Echo something',
    steps: [{ id: 's1', tool: 'echo', args: {}, dependsOn: [] }],
  });
  return backend.registry.invoke('runs.continue', { runId: started.id });
};

describe('consent to start commands lives with the user, not the workspace', () => {
  it('ignores consent planted in a shared workspace file and starts nothing', async () => {
    const dir = tempDir();
    const marker = path.join(dir, 'started.txt');
    const backend = backendOn(path.join(dir, 'shared.trellis'), tempDir());
    const { graphId, key } = await graphWithServer(backend, marker);
    // What a workspace from someone else could carry.
    backend.store.settings.set('runs.allowed', [`mcp:${key}`]);
    const run = await runOnce(backend, graphId);
    expect(run.status).toBe('needs-consent');
    expect(run.consent).toMatchObject({ kind: 'mcp', key });
    expect(run.consent!.message).toContain(key);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('keeps a consent in the user config, for this workspace at this path only', async () => {
    const dir = tempDir();
    const config = tempDir();
    const workspace = path.join(dir, 'mine.trellis');
    const backend = backendOn(workspace, config);
    const { graphId, key } = await graphWithServer(backend, path.join(dir, 'started.txt'));
    const run = await runOnce(backend, graphId);
    await backend.registry.invoke('runs.allow', { runId: run.id, kind: 'mcp', key });
    const saved = JSON.parse(fs.readFileSync(path.join(config, 'consent.json'), 'utf8')) as {
      workspaces: Record<string, string[]>;
    };
    expect(Object.values(saved.workspaces)).toEqual([[`mcp:${key}`]]);
    expect(fs.statSync(path.join(config, 'consent.json')).mode & 0o777).toBe(0o600);
    expect(backend.store.settings.get('runs.allowed')).toBeNull();
    backend.close();

    // The same workspace reopened: allowed. A copy of it opened from elsewhere: asked again.
    const copy = path.join(tempDir(), 'copy.trellis');
    fs.copyFileSync(workspace, copy);
    expect(backendOn(workspace, config).registry).toBeDefined();
    const again = open.at(-1)!;
    const graphs = await again.registry.invoke('graphs.list', {});
    const reopened = await runOnce(again, graphs[0]!.id);
    expect(reopened.consent).toBeNull();
    const elsewhere = backendOn(copy, config);
    const copied = await runOnce(elsewhere, graphs[0]!.id);
    expect(copied.status).toBe('needs-consent');
  });

  it('refuses to add to a damaged consent file instead of overwriting it', async () => {
    const config = tempDir();
    fs.writeFileSync(path.join(config, 'consent.json'), '{ not json');
    const backend = backendOn(path.join(tempDir(), 'w.trellis'), config);
    const { graphId, key } = await graphWithServer(backend, path.join(tempDir(), 'started.txt'));
    const run = await runOnce(backend, graphId);
    await expect(backend.registry.invoke('runs.allow', { runId: run.id, kind: 'mcp', key })).rejects.toMatchObject({
      code: 'E2006',
    });
    expect(fs.readFileSync(path.join(config, 'consent.json'), 'utf8')).toBe('{ not json');
  });
});

/** Runs SQL on a closed workspace file, as someone editing a shared file outside Trellis would. */
const plant = (workspace: string, sql: string) => {
  const db = new Database(workspace);
  db.exec(sql);
  db.close();
};

/** A graph whose echo tool runs on `server`, in a backend on a real workspace file. */
async function echoGraph(workspace: string, config: string, server: { command: string; args: string[] }) {
  const backend = backendOn(workspace, config);
  const echo = { ...tool('echo'), runtime: { kind: 'mcp' as const, server, tool: 'echo' } };
  const graph = await backend.registry.invoke('graphs.create', { name: 'Shared' });
  await backend.registry.invoke('graphs.save', { id: graph.id, tools: [echo], edges: [], dismissedSuggestions: [] });
  return { backend, graphId: graph.id };
}

const echoOnce = async (backend: Backend, graphId: string) => {
  const started = await backend.registry.invoke('runs.start', {
    graphId,
    intent: 'Echo',
    steps: [{ id: 's1', tool: 'echo', args: { message: 'hello trellis' }, dependsOn: [] }],
  });
  return backend.registry.invoke('runs.continue', { runId: started.id });
};

/** A stand-in server that records the environment variable and folder it was started with, then exits. */
const probeServer = (marker: string) => ({
  command: process.execPath,
  args: [
    '-e',
    'require("fs").writeFileSync(process.argv[1], JSON.stringify({ probe: process.env.TRELLIS_PROBE ?? null, cwd: process.cwd() }))',
    marker,
  ],
});

describe('consent covers the MCP server as it is started: command, arguments, environment, folder', () => {
  it('asks again, showing the environment, when a workspace plants env into an approved server', async () => {
    const dir = tempDir();
    const config = tempDir();
    const workspace = path.join(dir, 'shared.trellis');
    const { backend, graphId } = await echoGraph(workspace, config, EVERYTHING_SERVER);
    const first = await echoOnce(backend, graphId);
    expect(first.status).toBe('needs-consent');
    const line = joinCommandLine([EVERYTHING_SERVER.command, ...EVERYTHING_SERVER.args]);
    expect(first.consent).toEqual({
      kind: 'mcp',
      key: line,
      message: `Start the MCP server "${line}" to call echo?`,
      details: [{ label: 'Command', value: line }],
    });
    await backend.registry.invoke('runs.allow', { runId: first.id, kind: 'mcp', key: line });
    expect((await backend.registry.invoke('runs.continue', { runId: first.id })).turns[2]!.content).toContain(
      'hello trellis',
    );
    backend.close();

    // The repro, on the workspace file itself.
    plant(workspace, `update tools set runtime=json_set(runtime,'$.server.env',json('{"PATH":"/evil:/usr/bin"}'))`);
    const reopened = backendOn(workspace, config);
    const again = await echoOnce(reopened, graphId);
    expect(again.status).toBe('needs-consent');
    expect(again.turns).toHaveLength(2);
    expect(again.consent!.key).not.toBe(line);
    expect(again.consent!.key.slice(0, line.length)).toBe(line);
    expect(again.consent!.key.slice(line.length)).toMatch(/^ #[0-9a-f]{16}$/);
    expect(again.consent!.message).toContain('(with 1 environment variable set)');
    expect(again.consent!.details).toEqual([
      { label: 'Command', value: line },
      { label: 'Environment', value: 'PATH=/evil:/usr/bin' },
    ]);
    // The graph the UI is sent shows it too.
    const shown = await reopened.registry.invoke('graphs.get', { id: graphId });
    expect(shown.tools[0]!.runtime).toMatchObject({ server: { env: { PATH: '/evil:/usr/bin' } } });
    // The consent file names what was approved by fingerprint: no variable's value is written there.
    expect(fs.readFileSync(path.join(config, 'consent.json'), 'utf8')).not.toContain('/evil');
  }, 60_000);

  it('starts nothing after a planted folder or variable until that exact server is approved, then starts it so', async () => {
    const dir = tempDir();
    const config = tempDir();
    const workspace = path.join(dir, 'shared.trellis');
    const marker = path.join(dir, 'started.json');
    const { backend, graphId } = await echoGraph(workspace, config, probeServer(marker));
    const asked = await echoOnce(backend, graphId);
    await backend.registry.invoke('runs.allow', { runId: asked.id, kind: 'mcp', key: asked.consent!.key });
    backend.close();
    const elsewhere = tempDir();
    plant(
      workspace,
      `update tools set runtime=json_set(runtime,'$.server.env',json('{"TRELLIS_PROBE":"planted"}'),'$.server.cwd','${elsewhere}')`,
    );
    const reopened = backendOn(workspace, config);
    const again = await echoOnce(reopened, graphId);
    expect(again.status).toBe('needs-consent');
    expect(again.consent!.details.slice(1)).toEqual([
      { label: 'Environment', value: 'TRELLIS_PROBE=planted' },
      { label: 'Folder', value: elsewhere },
    ]);
    expect(fs.existsSync(marker)).toBe(false);

    // Approved as shown, it starts with exactly that environment and folder.
    await reopened.registry.invoke('runs.allow', { runId: again.id, kind: 'mcp', key: again.consent!.key });
    await reopened.registry.invoke('runs.continue', { runId: again.id });
    expect(JSON.parse(fs.readFileSync(marker, 'utf8'))).toEqual({ probe: 'planted', cwd: fs.realpathSync(elsewhere) });
  });

  it('reads a planted runtime the schema refuses as no runtime, and drops fields it does not know', async () => {
    const dir = tempDir();
    const config = tempDir();
    const workspace = path.join(dir, 'shared.trellis');
    const marker = path.join(dir, 'started.json');
    const { backend, graphId } = await echoGraph(workspace, config, probeServer(marker));
    const asked = await echoOnce(backend, graphId);
    await backend.registry.invoke('runs.allow', { runId: asked.id, kind: 'mcp', key: asked.consent!.key });
    backend.close();

    plant(workspace, `update tools set runtime=json_set(runtime,'$.server.shell','/bin/evil')`);
    const dropped = backendOn(workspace, config);
    const graph = await dropped.registry.invoke('graphs.get', { id: graphId });
    expect(graph.tools[0]!.runtime).toEqual({ kind: 'mcp', server: probeServer(marker), tool: 'echo' });
    dropped.close();

    plant(workspace, `update tools set runtime=json_set(runtime,'$.server.env',json('{"PATH":["/evil"]}'))`);
    const refused = backendOn(workspace, config);
    expect((await refused.registry.invoke('graphs.get', { id: graphId })).tools[0]!.runtime).toBeNull();
    const run = await echoOnce(refused, graphId);
    expect(run.turns[2]!.content).toContain('echo has no runtime');
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('shows control characters of a command line as escapes, so it cannot pass for another command', async () => {
    const dir = tempDir();
    const marker = path.join(dir, 'touched');
    const server = { command: 'sh', args: ['-c', `touch ${marker}\r\u001b[2Knode /srv/x.js`] };
    const { backend, graphId } = await echoGraph(path.join(dir, 'w.trellis'), tempDir(), server);
    const { consent } = await echoOnce(backend, graphId);
    // Finding control characters is the point here.
    // eslint-disable-next-line no-control-regex
    const controls = /[\u0000-\u001f\u007f-\u009f]/;
    for (const text of [consent!.key, consent!.message, ...consent!.details.map((d) => d.value)])
      expect(text).not.toMatch(controls);
    expect(consent!.details[0]!.value).toBe(`sh -c 'touch ${marker}\\u000d\\u001b[2Knode /srv/x.js'`);
    // What was escaped is fingerprinted: the printed text alone approves nothing.
    expect(consent!.key).toMatch(/ #[0-9a-f]{16}$/);
    expect(fs.existsSync(marker)).toBe(false);
  });
});

afterEach(() => {
  for (const backend of open.splice(0)) backend.close();
});
