import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../backend/backend';
import { handleRequest } from '../../../backend/connection';
import { exportRequest, span } from '../../helpers/otlp-json';
import { tempDir } from '../../helpers/temp';

const call = async (backend: Backend, method: string, args: unknown) => {
  const answer = (await handleRequest(backend, { kind: 'request', id: 1, method, args })) as {
    ok: boolean;
    result?: unknown;
    error?: { message: string };
  };
  if (!answer.ok) throw new Error(answer.error!.message);
  return answer.result as {
    listening: { endpoint: string; path: string; token: string | null } | null;
    configurable: boolean;
    port: number;
  };
};

describe("the desktop app's trace receiver", () => {
  it('is off by default, turns on with a token of its own, stays on for the next start, and turns off', async () => {
    const workspace = path.join(tempDir(), 'desktop.trellis');
    const first = createBackend({ workspace, host: 'electron' });
    try {
      expect(await call(first, 'system.traceReceiver', {})).toEqual({
        listening: null,
        configurable: true,
        port: 0,
        grouping: 'conversation',
      });
      const on = await call(first, 'system.setTraceReceiver', { enabled: true, port: 0 });
      const { endpoint, token } = on.listening!;
      expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(token).toMatch(/^[0-9a-f]{48}$/);
      const body = JSON.stringify(exportRequest([span({ name: 'desktop agent' })]));
      const refused = await fetch(`${endpoint}/v1/traces`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(refused.status).toBe(401);
      const taken = await fetch(`${endpoint}/v1/traces`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(taken.status).toBe(200);
      expect(first.store.trajectoryQueries.list({}, 10, 0).items.map((t) => t.title)).toEqual(['desktop agent']);
      // The base URL takes traces too; a wrong path is told where to send them.
      const atBase = await fetch(`${endpoint}/`, {
        method: 'POST',
        body: JSON.stringify(exportRequest([span({ name: 'at the base URL', traceId: 'b'.repeat(32) })])),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(atBase.status).toBe(200);
      const elsewhere = await fetch(`${endpoint}/api/traces`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(elsewhere.status).toBe(404);
      expect(((await elsewhere.json()) as { message: string }).message).toContain(`POST ${endpoint}/v1/traces`);
    } finally {
      first.close();
    }
    const second = createBackend({ workspace, host: 'electron' });
    try {
      await expect.poll(async () => (await call(second, 'system.traceReceiver', {})).listening).not.toBeNull();
      const off = await call(second, 'system.setTraceReceiver', { enabled: false, port: 0 });
      expect(off.listening).toBeNull();
    } finally {
      second.close();
    }
  });

  it('cannot be switched from a web host or the command line', async () => {
    const backend = createBackend({ workspace: path.join(tempDir(), 'cli.trellis'), host: 'cli' });
    try {
      await expect(call(backend, 'system.setTraceReceiver', { enabled: true })).rejects.toThrow(
        /cannot be turned on or off here/,
      );
    } finally {
      backend.close();
    }
  });
});
