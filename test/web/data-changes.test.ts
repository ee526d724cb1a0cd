import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { testBackend } from '../helpers/backend';
import { call, connect, testWebHost } from '../helpers/webhost';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'trajectories', 'sharegpt.jsonl');

interface EventMessage {
  kind: 'event';
  name: string;
  payload: { reason: string; ids?: string[] };
}

/** Runs the command line without blocking this process, which serves the web host meanwhile. */
function trellis(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 }, (error, out, err) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, out, err }),
    );
  });
}

/** A UI's connection, keeping the data-change events it is pushed. */
async function client(port: number, token: string): Promise<{ ws: WebSocket; changes: EventMessage[] }> {
  const ws = await connect(`ws://127.0.0.1:${port}/api?token=${token}`, `http://127.0.0.1:${port}`);
  const changes: EventMessage[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as EventMessage;
    if (message.kind === 'event' && message.name.endsWith('.changed') && message.name !== 'graphs.changed')
      changes.push(message);
  });
  return { ws, changes };
}

describe('data changes over the web host', () => {
  it('tells every connected UI of one client’s write, and of an import another process made', async () => {
    const backend = testBackend();
    const host = await testWebHost(backend);
    const first = await client(host.port, host.token);
    const second = await client(host.port, host.token);
    const listed = async (ws: WebSocket) =>
      (
        (await call(ws, { kind: 'request', id: 1, method: 'trajectories.list', args: { filter: {} } })).result as {
          total: number;
        }
      ).total;
    const before = await listed(second.ws);

    // A review in one window shows in the other.
    const [trajectoryId] = backend.store.trajectories.allIds().map((t) => t.id);
    const label = { trajectoryId, status: 'accepted', rating: null, tags: [], note: '' };
    await call(first.ws, { kind: 'request', id: 2, method: 'labels.set', args: label });
    await expect
      .poll(() => second.changes)
      .toEqual([{ kind: 'event', name: 'labels.changed', payload: { reason: 'labelled', ids: [trajectoryId] } }]);
    second.changes.splice(0);

    // `trellis import` in a process of its own, into the workspace the web host has open.
    const imported = await trellis('import', FIXTURE, '--workspace', backend.store.file);
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    await expect.poll(() => second.changes.map((e) => e.name), { timeout: 10_000 }).toContain('trajectories.changed');
    expect(second.changes.find((e) => e.name === 'trajectories.changed')!.payload).toEqual({ reason: 'external' });
    // What the event sends the UI to fetch again is there: the imported records are listed.
    expect(await listed(second.ws)).toBeGreaterThan(before);
    expect(first.changes.map((e) => e.name)).toContain('trajectories.changed');
    first.ws.close();
    second.ws.close();
  });
});
