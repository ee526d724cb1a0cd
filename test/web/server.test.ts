import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { isAllowedOrigin } from '../../web/security';
import { resolveStaticFile } from '../../backend/hosting/static-files';
import { testBackend } from '../helpers/backend';
import { tempDir } from '../helpers/temp';
import { call, connect, testWebHost } from '../helpers/webhost';

describe('web host', () => {
  it('refuses a page request without the token and serves it with one, setting a cookie', async () => {
    const host = await testWebHost(testBackend());
    const bare = await fetch(`http://127.0.0.1:${host.port}/`);
    expect(bare.status).toBe(401);
    expect(await bare.text()).toMatch(/needs the access token/);
    const wrong = await fetch(`http://127.0.0.1:${host.port}/?token=${'0'.repeat(48)}`);
    expect(wrong.status).toBe(401);
    const good = await fetch(host.url);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-security-policy')).toContain("default-src 'self'");
    const cookie = good.headers.get('set-cookie')!.split(';')[0]!;
    const withCookie = await fetch(`http://127.0.0.1:${host.port}/index.html`, { headers: { cookie } });
    expect(withCookie.status).toBe(200);
  });

  it('keeps two hosts on one machine logged in side by side: each names its cookie by its port', async () => {
    const first = await testWebHost(testBackend());
    const second = await testWebHost(testBackend());
    // A browser keeps one cookie jar per host name, whatever the port: both hosts' cookies land in it.
    const jar = new Map<string, string>();
    const visit = async (url: string) => {
      const response = await fetch(url, {
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      const [pair] = (response.headers.get('set-cookie') ?? '').split(';');
      const [name, value] = pair!.split('=');
      if (name && value) jar.set(name, value);
      return response.status;
    };
    expect(await visit(first.url)).toBe(200);
    expect(await visit(second.url)).toBe(200);
    expect([...jar.keys()]).toEqual([`trellis_token_${first.port}`, `trellis_token_${second.port}`]);
    // Reloading either without the token in the address still works from the shared jar.
    expect(await visit(`http://127.0.0.1:${first.port}/`)).toBe(200);
    expect(await visit(`http://127.0.0.1:${second.port}/`)).toBe(200);
    // The other host's cookie alone is refused.
    const otherCookie = `trellis_token_${second.port}=${second.token}`;
    expect((await fetch(`http://127.0.0.1:${first.port}/`, { headers: { cookie: otherCookie } })).status).toBe(401);
    const wrongName = `trellis_token_${second.port}=${first.token}`;
    expect((await fetch(`http://127.0.0.1:${first.port}/`, { headers: { cookie: wrongName } })).status).toBe(401);
  });

  it('refuses a WebSocket from a foreign origin even with the token', async () => {
    const host = await testWebHost(testBackend());
    const api = `ws://127.0.0.1:${host.port}/api?token=${host.token}`;
    await expect(connect(api, 'http://evil.example')).rejects.toThrow('HTTP 403');
    await expect(connect(api, `http://127.0.0.1:${host.port + 1}`)).rejects.toThrow('HTTP 403');
    await expect(connect(api, undefined)).rejects.toThrow('HTTP 403');
  });

  it('refuses a WebSocket from its own origin without the token', async () => {
    const host = await testWebHost(testBackend());
    await expect(connect(`ws://127.0.0.1:${host.port}/api`, `http://127.0.0.1:${host.port}`)).rejects.toThrow(
      'HTTP 401',
    );
  });

  it('carries contract calls, errors and events over the WebSocket', async () => {
    const backend = testBackend();
    const host = await testWebHost(backend);
    const ws: WebSocket = await connect(
      `ws://127.0.0.1:${host.port}/api?token=${host.token}`,
      `http://127.0.0.1:${host.port}`,
    );
    const events: unknown[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { kind: string };
      if (message.kind === 'event') events.push(message);
    });

    const list = await call(ws, { kind: 'request', id: 1, method: 'graphs.list', args: {} });
    expect(list).toMatchObject({ kind: 'response', id: 1, ok: true, result: [{ name: 'Trip planning' }] });
    const graphId = (list.result as { id: string }[])[0]!.id;

    const bad = await call(ws, { kind: 'request', id: 2, method: 'graphs.rename', args: { id: graphId } });
    expect(bad).toMatchObject({
      id: 2,
      ok: false,
      error: {
        code: 'E1002',
        message: 'graphs.rename: field "name": Invalid input: expected string, received undefined',
      },
    });

    const garbage = await call(ws, 'not json at all');
    expect(garbage).toMatchObject({ ok: false, error: { code: 'E1004' } });

    const renamed = await call(ws, {
      kind: 'request',
      id: 3,
      method: 'graphs.rename',
      args: { id: graphId, name: 'Trips' },
    });
    expect(renamed).toMatchObject({ ok: true, result: { name: 'Trips' } });
    await expect
      .poll(() => events)
      .toEqual([{ kind: 'event', name: 'graphs.changed', payload: { graphId, ids: [graphId], reason: 'updated' } }]);
    ws.close();
  });

  it('closes open connections on shutdown', async () => {
    const host = await testWebHost(testBackend());
    const ws = await connect(`ws://127.0.0.1:${host.port}/api?token=${host.token}`, `http://127.0.0.1:${host.port}`);
    const closed = new Promise((resolve) => ws.once('close', resolve));
    await host.close();
    await closed;
    await expect(fetch(host.url)).rejects.toThrow();
  });
});

describe('static files', () => {
  it('never serves a file outside the UI folder', () => {
    const root = tempDir();
    expect(resolveStaticFile(root, '/../../etc/passwd')).toBeNull();
    expect(resolveStaticFile(root, '/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
  });
});

describe('WebSocket origin policy', () => {
  it('accepts only the origin the browser used to reach the host', () => {
    expect(isAllowedOrigin('http://127.0.0.1:7300', '127.0.0.1:7300', '127.0.0.1')).toBe(true);
    expect(isAllowedOrigin('http://localhost:7300', 'localhost:7300', '127.0.0.1')).toBe(true);
    expect(isAllowedOrigin('http://evil.example', '127.0.0.1:7300', '127.0.0.1')).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:7301', '127.0.0.1:7300', '127.0.0.1')).toBe(false);
    expect(isAllowedOrigin(undefined, '127.0.0.1:7300', '127.0.0.1')).toBe(false);
  });

  it('refuses a DNS-rebinding page on a loopback host, allows any name on a wildcard host', () => {
    expect(isAllowedOrigin('http://rebind.example:7300', 'rebind.example:7300', '127.0.0.1')).toBe(false);
    expect(isAllowedOrigin('http://gpu-box.lan:7300', 'gpu-box.lan:7300', '0.0.0.0')).toBe(true);
    expect(isAllowedOrigin('http://gpu-box.lan:7300', 'gpu-box.lan:7300', 'gpu-box.lan')).toBe(true);
  });
});
