import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { startHostProcess, type HostProcess } from '../../e2e/helpers/host-process';
import { tempDir } from '../helpers/temp';
import { connect } from '../helpers/webhost';

/** JSON text of arrays nested `depth` levels deep (written by hand: JSON.stringify itself cannot). */
const nestedText = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;

const MOCK_3000_DEEP = 'let v = 0; for (let i = 0; i < 3000; i++) v = [v]; return v;';

const hosts: HostProcess[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.stop();
});

/** Sends one request as raw text; the answer with its id, or a rejection when the socket closes first. */
function ask(ws: WebSocket, id: number, text: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      if (message.kind !== 'response' || message.id !== id) return;
      ws.off('message', onMessage);
      resolve(message);
    };
    ws.on('message', onMessage);
    ws.once('close', () => reject(new Error(`the host closed the connection before answering request ${id}`)));
    ws.send(text);
  });
}

const request = (id: number, method: string, args: unknown) => JSON.stringify({ kind: 'request', id, method, args });

/** A tool whose runtime is `runtimeText` (JSON text, so it may nest deeper than JSON.stringify can write). */
const tryRuntimeText = (id: number, runtimeText: string) =>
  request(id, 'tools.tryRuntime', {
    tool: {
      name: 'deep',
      description: '',
      parameters: { type: 'object' },
      returns: {},
      runtime: '$RUNTIME',
      position: { x: 0, y: 0 },
    },
    args: {},
  }).replace('"$RUNTIME"', runtimeText);

async function servedHost() {
  const workspace = path.join(tempDir(), 'deep.trellis');
  const host = await startHostProcess(workspace);
  hosts.push(host);
  const url = new URL(host.url);
  const open = () => connect(`ws://127.0.0.1:${host.port}/api?token=${url.searchParams.get('token')}`, host.origin);
  return { host, workspace, alice: await open(), bob: await open() };
}

describe('a deeply nested value never takes the web host down', () => {
  it('answers a 10,000-deep fixed response and a 3,000-deep mock result with an error, and keeps serving another client', async () => {
    const { alice, bob } = await servedHost();

    const fixed = await ask(
      alice,
      1,
      tryRuntimeText(1, `{"kind":"fixed","responses":[],"default":${nestedText(10_000)}}`),
    );
    expect(fixed).toMatchObject({ id: 1, ok: true, result: { ok: false } });
    expect((fixed.result as { error: string }).error).toBe(
      "deep's result was refused: its fixed response nests more than 256 levels deep; a tool result may nest at " +
        'most 256 levels and be at most 1.0 MiB of JSON. Edit the response in the tool inspector.',
    );
    expect(await ask(bob, 2, request(2, 'system.info', {}))).toMatchObject({ id: 2, ok: true });

    const mock = await ask(alice, 3, tryRuntimeText(3, JSON.stringify({ kind: 'mock', code: MOCK_3000_DEEP })));
    expect(mock).toMatchObject({ id: 3, ok: true, result: { ok: false } });
    expect((mock.result as { error: string }).error).toMatch(
      /^the mock returned a value that nests more than 256 levels deep; a tool result may nest at most 256 levels/,
    );
    expect(await ask(bob, 4, request(4, 'system.info', {}))).toMatchObject({ id: 4, ok: true });
    // The connection that sent them is still open and answers too.
    expect(await ask(alice, 5, request(5, 'graphs.list', {}))).toMatchObject({ id: 5, ok: true });
  });

  it('answers a graph planted with a 10,000-deep fixed response with E1007 for that call alone', async () => {
    const { alice, bob, workspace } = await servedHost();
    const graphs = await ask(alice, 1, request(1, 'graphs.list', {}));
    const graphId = (graphs.result as { id: string }[])[0]!.id;
    // As someone sharing the workspace file could: the runtime written straight into the database.
    const db = new Database(workspace);
    const planted = db
      .prepare('UPDATE tools SET runtime = ? WHERE graph_id = ? AND ord = 0')
      .run(`{"kind":"fixed","responses":[],"default":${nestedText(10_000)}}`, graphId);
    db.close();
    expect(planted.changes).toBe(1);

    const graph = await ask(alice, 2, request(2, 'graphs.get', { id: graphId }));
    expect(graph).toMatchObject({ id: 2, ok: false, error: { code: 'E1007' } });
    expect((graph.error as { message: string }).message).toBe(
      'The answer to graphs.get could not be sent: it nests so deeply that writing it out ran out of stack.',
    );
    expect(await ask(bob, 3, request(3, 'system.info', {}))).toMatchObject({ id: 3, ok: true });
    expect(await ask(alice, 4, request(4, 'graphs.list', {}))).toMatchObject({ id: 4, ok: true });
  });
});
