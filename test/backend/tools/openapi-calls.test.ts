import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../backend/backend';
import type { Tool } from '../../../shared/domain';
import { tempDir } from '../../helpers/temp';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const servers: http.Server[] = [];
const open: Backend[] = [];
afterEach(() => {
  for (const backend of open.splice(0)) backend.close();
  for (const server of servers.splice(0)) server.close();
});

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'tools', name), 'utf8');

/** A loopback API that records each request and answers `{ ok: true }` (201 for a POST). */
async function loopbackApi() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(req.method === 'POST' ? 202 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'd-9', version: '1.4.2', deploys: [] }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/** A backend on a workspace file and a config folder of its own, with a description's tools read as served from `origin`. */
async function importedFrom(origin: string, file: string) {
  const workspace = path.join(tempDir(), 'w.trellis');
  const config = tempDir();
  const backend = createBackend({ workspace, host: 'cli', seed: false, configDir: config });
  open.push(backend);
  const format = 'openapi' as const;
  const parsed = await backend.registry.invoke('tools.parse', {
    format,
    text: fixture(file),
    source: `${origin}/specs/${file}`,
  });
  return { backend, workspace, config, tools: parsed.tools };
}

/** One call as the inspector's Try it makes it, approving the endpoint when asked. */
async function call(backend: Backend, tool: Tool, args: unknown) {
  const first = await backend.registry.invoke('tools.tryRuntime', { tool, args });
  if (!first.consent) return first;
  return backend.registry.invoke('tools.tryRuntime', { tool, args, allow: first.consent });
}

const named = (tools: Tool[], name: string) => tools.find((t) => t.name === name)!;

describe('tools imported from an API description call the API as it describes', () => {
  it('sends path, query (form, deepObject), header and cookie values and the API key to the server at its base URL', async () => {
    const api = await loopbackApi();
    const { backend, tools } = await importedFrom(api.origin, 'oncall-openapi-3.1.yaml');
    const history = named(tools, 'get_deploy_history');
    const args = {
      service: 'pay ments',
      limit: 5,
      environment: ['prod', 'staging'],
      filter: { author: 'ana' },
      'X-Request-Id': 'r-17',
      session_hint: 'blue',
    };
    const asked = await backend.registry.invoke('tools.tryRuntime', { tool: history, args });
    expect(asked.consent!.message).toContain('sending the secret on-call-ops-api/apiKey in the header X-Ops-Key');
    expect(api.received).toEqual([]);

    const unset = await call(backend, history, args);
    expect(unset.ok).toBe(false);
    expect(unset.error).toBe(
      'get_deploy_history needs the secret "on-call-ops-api/apiKey" (an API key, sent in the header X-Ops-Key), ' +
        'which is not set on this machine. Set it once: trellis graph secret on-call-ops-api/apiKey (reads the value ' +
        "from standard input), or under Secrets in the tool's HTTP runtime. It is kept in your own config folder, not " +
        'in the workspace.',
    );
    expect(api.received).toEqual([]);

    await backend.registry.invoke('tools.setSecret', { name: 'on-call-ops-api/apiKey', value: 'key-Zq81' });
    const done = await call(backend, history, args);
    expect(done).toMatchObject({ ok: true, result: { deploys: [] } });
    expect(api.received).toHaveLength(1);
    const [request] = api.received as [Received];
    expect(request.method).toBe('GET');
    expect(decodeURIComponent(request.url)).toBe(
      '/v2/services/pay ments/deploys?limit=5&environment=prod,staging&filter[author]=ana',
    );
    expect(request.url.startsWith('/v2/services/pay%20ments/deploys?')).toBe(true);
    expect(request.headers).toMatchObject({
      'x-ops-key': 'key-Zq81',
      'x-request-id': 'r-17',
      cookie: 'session_hint=blue',
    });
    expect(request.body).toBe('');
  });

  it('sends a JSON body with the bearer token, and a form body with HTTP Basic', async () => {
    const api = await loopbackApi();
    const { backend, tools } = await importedFrom(api.origin, 'oncall-openapi-3.1.yaml');
    await backend.registry.invoke('tools.setSecret', { name: 'on-call-ops-api/bearerAuth', value: 'tok-55' });
    await backend.registry.invoke('tools.setSecret', { name: 'on-call-ops-api/basicAuth', value: 'oncall:pa55' });
    const rolled = await call(backend, named(tools, 'rollback_deploy'), {
      service: 'payments',
      dry_run: true,
      to_version: '1.4.1',
      body_service: 'payments',
    });
    expect(rolled).toMatchObject({ ok: true, result: { id: 'd-9' } });
    const noted = await call(backend, named(tools, 'add_incident_note'), {
      incident_id: 'INC-3',
      note: 'rolled back',
      tags: ['deploy', 'payments'],
    });
    expect(noted.ok).toBe(true);
    const [rollback, note] = api.received as [Received, Received];
    expect(rollback).toMatchObject({ method: 'POST', url: '/v2/services/payments/rollback?dry_run=true' });
    expect(rollback.headers).toMatchObject({ authorization: 'Bearer tok-55', 'content-type': 'application/json' });
    expect(JSON.parse(rollback.body)).toEqual({ to_version: '1.4.1', service: 'payments' });
    expect(note).toMatchObject({ method: 'POST', url: '/v2/incidents/INC-3/notes' });
    expect(note.headers).toMatchObject({
      authorization: `Basic ${Buffer.from('oncall:pa55').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(note.body).toBe('note=rolled+back&tags=deploy&tags=payments');
  });

  it('calls a Swagger 2 API: the key in the query, a body from its fields or whole, repeated and piped lists', async () => {
    const api = await loopbackApi();
    const { backend, tools } = await importedFrom(api.origin, 'shop-swagger2.json');
    await backend.registry.invoke('tools.setSecret', { name: 'corner-shop/key', value: 'shop key' });
    expect((await call(backend, named(tools, 'findOrders'), { status: ['open', 'paid'], ids: [3, 4] })).ok).toBe(true);
    expect((await call(backend, named(tools, 'placeOrder'), { item: 'tea', quantity: 2, 'X-Trace': 't1' })).ok).toBe(
      true,
    );
    expect((await call(backend, named(tools, 'setStock'), { counts: [5, 0, 2] })).ok).toBe(true);
    const [find, place, stock] = api.received as [Received, Received, Received];
    expect(find.url).toBe('/api/orders?status=open&status=paid&ids=3%7C4&api_key=shop+key');
    expect(place).toMatchObject({ url: '/api/orders?api_key=shop+key', body: '{"item":"tea","quantity":2}' });
    expect(place.headers['x-trace']).toBe('t1');
    expect(stock).toMatchObject({ method: 'PUT', url: '/api/stock?api_key=shop+key', body: '[5,0,2]' });
  });

  it('keeps the secret out of the workspace file: only its name is saved with the tools', async () => {
    const api = await loopbackApi();
    const { backend, workspace, config, tools } = await importedFrom(api.origin, 'oncall-openapi-3.1.yaml');
    const graph = await backend.registry.invoke('graphs.create', { name: 'On-call' });
    await backend.registry.invoke('graphs.save', { id: graph.id, tools, edges: [], dismissedSuggestions: [] });
    await backend.registry.invoke('tools.setSecret', {
      name: 'on-call-ops-api/apiKey',
      value: 'SECRET-7c1e-not-in-workspace',
    });
    const saved = await backend.registry.invoke('graphs.get', { id: graph.id });
    expect((await call(backend, named(saved.tools, 'get_deploy_history'), { service: 's' })).ok).toBe(true);
    expect(await backend.registry.invoke('tools.secretsSet', { names: ['on-call-ops-api/apiKey', 'x/y'] })).toEqual({
      set: ['on-call-ops-api/apiKey'],
    });
    backend.close();
    const files = [workspace, `${workspace}-wal`, `${workspace}-shm`].filter((f) => fs.existsSync(f));
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      expect(bytes.includes('SECRET-7c1e-not-in-workspace'), file).toBe(false);
      expect(bytes.includes(Buffer.from('SECRET-7c1e-not-in-workspace', 'utf16le')), file).toBe(false);
    }
    expect(fs.readFileSync(workspace).includes('on-call-ops-api/apiKey')).toBe(true);
    const secretsFile = path.join(config, 'api-secrets.json');
    expect(fs.readFileSync(secretsFile, 'utf8')).toContain('SECRET-7c1e-not-in-workspace');
    if (process.platform !== 'win32') expect(fs.statSync(secretsFile).mode & 0o077).toBe(0);
  });
});
