import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { Backend } from '../../backend/backend';
import { startWebHost, type WebHost, type WebHostOptions } from '../../web/server';
import { tempDir } from './temp';

const hosts: WebHost[] = [];

/** A web host serving a tiny stand-in UI folder (the real UI is covered by e2e). */
export async function testWebHost(backend: Backend, options: Pick<WebHostOptions, 'traces'> = {}): Promise<WebHost> {
  const root = tempDir();
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Trellis</title>');
  const host = await startWebHost({ backend, staticRoot: root, port: 0, ...options });
  hosts.push(host);
  return host;
}

/** Opens a WebSocket to the host; resolves with the socket or rejects with the HTTP status. */
export function connect(url: string, origin: string | undefined): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Sends one request and waits for its response. */
export function call(ws: WebSocket, message: unknown): Promise<Record<string, unknown>> {
  // A request's own answer: with several requests in flight, the first response may be another's.
  const id = typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined;
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const parsed = JSON.parse(data.toString()) as Record<string, unknown>;
      if (parsed.kind !== 'response' || (id !== undefined && parsed.id !== undefined && parsed.id !== id)) return;
      ws.off('message', onMessage);
      resolve(parsed);
    };
    ws.on('message', onMessage);
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  });
}

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});
