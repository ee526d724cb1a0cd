import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testBackend } from '../helpers/backend';
import { call, connect, testWebHost } from '../helpers/webhost';

interface Corpus {
  paths: { path: string; why: string }[];
  frames: { hex: string; why: string }[];
  /** Runtimes tried once; "$NESTED" in them stands for arrays nested `depth` levels deep. */
  results: { why: string; runtime: unknown; args?: unknown; depth?: number }[];
}
const corpus = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'faults', 'web-host.json'), 'utf8'),
) as Corpus;

type Host = Awaited<ReturnType<typeof testWebHost>>;

/** A plain request and a contract call still work: the host survived. */
async function expectAlive(host: Host) {
  expect((await fetch(host.url)).status).toBe(200);
  const ws = await connect(`ws://127.0.0.1:${host.port}/api?token=${host.token}`, `http://127.0.0.1:${host.port}`);
  expect(await call(ws, { kind: 'request', id: 1, method: 'system.info', args: {} })).toMatchObject({ ok: true });
  ws.close();
}

/** Raw HTTP, so the path reaches the host exactly as written (fetch would normalise it). */
function rawGet(port: number, target: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: trellis_token_${port}=${token}\r\nConnection: close\r\n\r\n`,
      ),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

/** Opens a WebSocket by hand, sends one raw frame, and waits until the host closes the socket. */
function sendRawFrame(port: number, token: string, frame: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `GET /api?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
          'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    );
    let upgraded = false;
    socket.on('data', (chunk) => {
      if (upgraded) return;
      if (!chunk.toString('latin1').startsWith('HTTP/1.1 101')) return reject(new Error('no upgrade'));
      upgraded = true;
      socket.write(frame);
    });
    socket.on('close', () => (upgraded ? resolve() : reject(new Error('closed before the upgrade'))));
    socket.on('error', () => undefined);
  });
}

/** A Try it request whose "$NESTED" placeholders become JSON text nested `depth` deep (too deep for JSON.stringify). */
function tryRuntimeText({ runtime, args = {}, depth = 0 }: Corpus['results'][number]): string {
  const tool = {
    name: 'probe',
    description: '',
    parameters: { type: 'object' },
    returns: {},
    runtime,
    position: { x: 0, y: 0 },
  };
  const text = JSON.stringify({ kind: 'request', id: 7, method: 'tools.tryRuntime', args: { tool, args } });
  return text.replaceAll('"$NESTED"', `${'['.repeat(depth)}0${']'.repeat(depth)}`);
}

describe('the web host survives a fault corpus', () => {
  it(`answers ${corpus.paths.length} malformed paths with 400 or 404 and keeps serving`, async () => {
    const host = await testWebHost(testBackend());
    for (const { path: target, why } of corpus.paths) {
      const status = await rawGet(host.port, target, host.token);
      expect([400, 404], `${target} (${why})`).toContain(status);
      await expectAlive(host);
    }
    expect(await rawGet(host.port, '/%E0%A4%A', host.token)).toBe(400);
  });

  it(`answers each of ${corpus.results.length} results too deep to send with an error for that call, and keeps serving`, async () => {
    const host = await testWebHost(testBackend());
    const ws = await connect(`ws://127.0.0.1:${host.port}/api?token=${host.token}`, `http://127.0.0.1:${host.port}`);
    for (const entry of corpus.results) {
      const answer = await call(ws, tryRuntimeText(entry));
      expect(answer, entry.why).toMatchObject({ id: 7, ok: true, result: { ok: false } });
      expect((answer.result as { error: string }).error, entry.why).toMatch(/nests more than 256 levels deep/);
      await expectAlive(host);
    }
    ws.close();
  });

  it(`closes the one connection that sends each of ${corpus.frames.length} malformed frames and keeps serving`, async () => {
    const host = await testWebHost(testBackend());
    for (const { hex } of corpus.frames) {
      await sendRawFrame(host.port, host.token, Buffer.from(hex.replace(/ /g, ''), 'hex'));
      await expectAlive(host);
    }
  });
});
