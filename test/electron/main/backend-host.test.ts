import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventMessage, ResponseMessage } from '../../../shared/contract';
import { forkHelper } from '../../../backend/llm/supervisor';
import type { HelperProcess } from '../../../backend';
import { BackendHost, type BackendHostOptions, type BackendProcess } from '../../../electron/main/backend-host';
import { tempDir } from '../../helpers/temp';
import { tinyModel } from '../../helpers/models';
import { startOpenAIServer } from '../../helpers/openai-server';

/** The backend process's real entry, built by `npm run build`; under Node it speaks over the IPC channel. */
const ENTRY = path.join(__dirname, '..', '..', '..', 'dist', 'electron', 'backend-process', 'main.js');

const hosts: BackendHost[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.stop();
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** What Electron's utilityProcess.fork does in the app, done with Node's fork (structured clone, like Electron). */
function forkBackend(): BackendProcess & { child: ChildProcess } {
  const child = fork(ENTRY, [], {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, TRELLIS_GPU: 'off' },
  });
  children.push(child);
  return {
    child,
    port: {
      post: (message) => void (child.connected && child.send(message)),
      listen: (listener) => child.on('message', listener),
    },
    onExit: (listener) =>
      child.once('exit', (code, signal) => listener(signal ? `was killed (${signal})` : `exited with code ${code}`)),
    kill: () => void child.kill(),
  };
}

interface Started {
  host: BackendHost;
  started: ReturnType<typeof forkBackend>[];
  events: EventMessage[];
  helpers: HelperProcess[];
  gaveUp: string[];
}

function startHost(options: Partial<BackendHostOptions> = {}): Started {
  const started: Started['started'] = [];
  const helpers: HelperProcess[] = [];
  const gaveUp: string[] = [];
  const host = new BackendHost({
    start: () => {
      const backend = forkBackend();
      started.push(backend);
      return backend;
    },
    secretKey: null,
    pickFile: async () => null,
    spawnHelper: (script, env) => {
      const helper = forkHelper(script, env);
      helpers.push(helper);
      return helper;
    },
    onOpenFailed: async () => null,
    onGaveUp: async (reason) => void gaveUp.push(reason),
    ...options,
  });
  hosts.push(host);
  const events: EventMessage[] = [];
  host.subscribe((message) => events.push(message));
  return { host, started, events, helpers, gaveUp };
}

let nextId = 1;
function call(host: BackendHost, method: string, args: unknown = {}): Promise<ResponseMessage> {
  return host.request({ kind: 'request', id: nextId++, method, args });
}

async function result<T>(host: BackendHost, method: string, args: unknown = {}): Promise<T> {
  const response = await call(host, method, args);
  if (!response.ok) throw new Error(`${method}: ${response.error.code} ${response.error.message}`);
  return response.result as T;
}

const workspace = () => path.join(tempDir(), 'desk.trellis');

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 20_000) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('the backend in its own process, as the Electron main process runs it', () => {
  it('is built', () => {
    expect(fs.existsSync(ENTRY), 'run "npm run build" first').toBe(true);
  });

  it('answers the windows’ contract requests from another process, on a real workspace, with their own ids', async () => {
    const { host, started } = startHost();
    expect(await host.open(workspace())).toBe(true);
    expect(started[0]!.child.pid).not.toBe(process.pid);

    const response = await host.request({ kind: 'request', id: 4711, method: 'graphs.list', args: {} });
    expect(response).toMatchObject({ kind: 'response', id: 4711, ok: true });
    expect((response as { result: { name: string }[] }).result.map((g) => g.name)).toContain('Trip planning');

    expect(await host.request({ kind: 'request', id: 12, method: 'graphs.frobnicate', args: {} })).toMatchObject({
      id: 12,
      ok: false,
      error: { code: 'E1001' },
    });
    expect(await host.request({ kind: 'request', id: 13, method: 'graphs.create', args: {} })).toMatchObject({
      id: 13,
      ok: false,
      error: { code: 'E1002' },
    });
    expect(await host.request('not a message')).toMatchObject({ id: -1, ok: false, error: { code: 'E1004' } });
  });

  it('answers a planted 10,000-deep fixed response with E1007 for that request, and the next one as usual', async () => {
    const { host } = startHost();
    const file = workspace();
    expect(await host.open(file)).toBe(true);
    const graphs = await result<{ id: string }[]>(host, 'graphs.list');
    const db = new Database(file);
    const deep = `${'['.repeat(10_000)}0${']'.repeat(10_000)}`;
    db.prepare('UPDATE tools SET runtime = ? WHERE graph_id = ? AND ord = 0').run(
      `{"kind":"fixed","responses":[],"default":${deep}}`,
      graphs[0]!.id,
    );
    db.close();
    expect(await host.request({ kind: 'request', id: 77, method: 'graphs.get', args: { id: graphs[0]!.id } })).toEqual({
      kind: 'response',
      id: 77,
      ok: false,
      error: {
        code: 'E1007',
        message:
          'The answer to "graphs.get" could not be sent: it nests so deeply that writing it out ran out of stack.',
        hint: expect.stringContaining('the call itself may have been carried out') as unknown,
      },
    });
    expect(await result<{ host: string }>(host, 'system.info')).toMatchObject({ host: 'electron' });
  });

  it('passes the backend’s events on to the windows', async () => {
    const { host, events } = startHost();
    await host.open(workspace());
    const created = await result<{ id: string }>(host, 'graphs.create', { name: 'Weather' });
    await until(() => events.length > 0, 'the graphs.changed event');
    expect(events).toContainEqual({
      kind: 'event',
      name: 'graphs.changed',
      payload: { graphId: created.id, ids: [created.id], reason: 'created' },
    });
  });

  it('offers the newest backup of a workspace from a newer Trellis, and opens the one chosen', async () => {
    const file = workspace();
    const { host: first } = startHost();
    await first.open(file);
    await result(first, 'graphs.create', { name: 'Only in the backup' });
    await first.stop();
    const backup = path.join(path.dirname(file), 'desk.backups', 'desk-2026-01-01.trellis');
    fs.mkdirSync(path.dirname(backup));
    fs.copyFileSync(file, backup);
    const db = new Database(file);
    db.pragma('user_version = 9999');
    db.close();

    const offered: unknown[] = [];
    const { host } = startHost({
      onOpenFailed: async (failure) => {
        offered.push(failure);
        return failure.newestBackup;
      },
    });
    expect(await host.open(file)).toBe(true);
    expect(offered).toEqual([{ ok: false, error: expect.objectContaining({ code: 'E2001' }), newestBackup: backup }]);
    const names = (await result<{ name: string }[]>(host, 'graphs.list')).map((g) => g.name);
    expect(names).toContain('Only in the backup');
  });

  it('ends the backend process when the user declines the backup', async () => {
    const file = workspace();
    fs.writeFileSync(file, 'SQLite format 3\0 but torn after the header');
    const { host, started } = startHost({ onOpenFailed: async () => null });
    expect(await host.open(file)).toBe(false);
    await exited(started[0]!.child);
    expect(await call(host, 'graphs.list')).toMatchObject({
      ok: false,
      error: { code: 'E9000', message: 'No workspace is open.' },
    });
  });

  it('asks the main process for the native file dialog', async () => {
    const asked: unknown[] = [];
    const { host } = startHost({
      pickFile: async (title, extensions) => {
        asked.push({ title, extensions });
        return '/home/ada/tools.json';
      },
    });
    await host.open(workspace());
    const picked = await result(host, 'system.pickFile', { title: 'Import tools', extensions: ['json'] });
    expect(picked).toEqual({ path: '/home/ada/tools.json', supported: true });
    expect(asked).toEqual([{ title: 'Import tools', extensions: ['json'] }]);
  });

  it('stores an API key sealed with the main process’s key and reveals it in the backend process for the server', async () => {
    const server = await startOpenAIServer();
    const file = workspace();
    const secretKey = new Uint8Array(crypto.randomBytes(32));
    const { host } = startHost({ secretKey });
    await host.open(file);
    const remote = { baseUrl: server.baseUrl, model: 'words', apiKey: 'sk-desk-4242' };
    expect(await result(host, 'models.useRemote', remote)).toEqual({ keyStored: true });
    const reply = await result<{ text: string }>(host, 'models.generate', { prompt: 'Say three words.' });
    expect(reply.text).toBe('one two three');
    expect(server.received.at(-1)?.authorization).toBe('Bearer sk-desk-4242');
    await host.stop();

    const db = new Database(file, { readonly: true });
    const stored = db.prepare("SELECT value FROM settings WHERE key = 'models.remote'").get() as { value: string };
    db.close();
    expect(stored.value).not.toContain('sk-desk-4242');
    expect(stored.value).toContain('sealed:v1:');

    // Another installation's key cannot unseal it: the user is told to enter the key again.
    const { host: elsewhere } = startHost({ secretKey: new Uint8Array(crypto.randomBytes(32)) });
    await elsewhere.open(file);
    expect(await call(elsewhere, 'models.generate', { prompt: 'Say three words.' })).toMatchObject({
      ok: false,
      error: { code: 'E5004', hint: 'Enter the key again under Models → Remote server.' },
    });
  });

  it('closes the workspace before ending the backend process when Trellis quits', async () => {
    const file = workspace();
    const { host, started } = startHost();
    await host.open(file);
    await result(host, 'graphs.create', { name: 'Written' });
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await host.stop();
    await exited(started[0]!.child);
    // Closing checkpoints the write-ahead log into the file and removes it; a bare kill leaves it.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(await call(host, 'graphs.list')).toMatchObject({ ok: false, error: { message: 'Trellis is quitting.' } });
  });

  it('answers a request in flight with an error when the backend process dies, then starts it again', async () => {
    let asked = 0;
    const { host, started } = startHost({
      pickFile: () => {
        asked++;
        return new Promise(() => {});
      },
    });
    const file = workspace();
    await host.open(file);
    await result(host, 'graphs.create', { name: 'Kept' });
    const inFlight = host.request({
      kind: 'request',
      id: 77,
      method: 'system.pickFile',
      args: { title: 'Pick', extensions: ['gguf'] },
    });
    await until(() => asked === 1, 'the file dialog request');
    started[0]!.child.kill('SIGKILL');

    expect(await inFlight).toEqual({
      kind: 'response',
      id: 77,
      ok: false,
      error: {
        code: 'E9000',
        message: 'The backend process was killed (SIGKILL) before answering "system.pickFile".',
        hint: 'Trellis started it again; send the request again.',
      },
    });
    const names = (await result<{ name: string }[]>(host, 'graphs.list')).map((g) => g.name);
    expect(names).toContain('Kept');
    expect(started).toHaveLength(2);
    expect(started[1]!.child.pid).not.toBe(started[0]!.child.pid);
  });

  it('stops starting it again when it keeps dying, and says so to the user and to every request', async () => {
    const { host, started, gaveUp } = startHost({ restartsPerMinute: 1 });
    await host.open(workspace());
    started[0]!.child.kill('SIGKILL');
    await exited(started[0]!.child);
    await result(host, 'graphs.list');
    started[1]!.child.kill('SIGKILL');
    await until(() => gaveUp.length === 1, 'giving up');
    expect(gaveUp[0]).toBe('The backend process was killed (SIGKILL); it stopped 2 times within a minute.');
    expect(await call(host, 'graphs.list')).toMatchObject({
      ok: false,
      error: { code: 'E9000', message: gaveUp[0], hint: expect.stringMatching(/^Restart Trellis/) },
    });
    expect(started).toHaveLength(2);
  });

  it('starts the llama helper through the main process and ends it with the backend process', async () => {
    const { host, started, helpers } = startHost();
    await host.open(workspace());
    const details = await result<{ architecture: string }>(host, 'models.inspect', { path: tinyModel() });
    expect(details.architecture).toBe('llama');
    expect(helpers).toHaveLength(1);
    const helperPid = helpers[0]!.pid!;
    expect(helperPid).not.toBe(started[0]!.child.pid);
    const helperGone = new Promise<string>((resolve) => helpers[0]!.onExit(resolve));

    started[0]!.child.kill('SIGKILL');
    await helperGone;
    expect(() => process.kill(helperPid, 0)).toThrow();
  });
});
