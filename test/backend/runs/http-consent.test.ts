import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../backend/backend';
import type { ToolRuntime } from '../../../shared/domain';
import { tool } from '../../helpers/graphs';
import { tempDir } from '../../helpers/temp';

interface Request {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const servers: http.Server[] = [];
const open: Backend[] = [];

/** A loopback server that records every request and answers with `answer`. */
async function recordingServer(answer: (req: Request, res: http.ServerResponse) => void) {
  const received: Request[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(request);
      answer(request, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const echoBack = (req: Request, res: http.ServerResponse) =>
  res.end(JSON.stringify({ method: req.method, url: req.url, body: req.body }));

/** A backend on a real workspace file whose `send` tool calls `runtime`. */
async function sendGraph(runtime: ToolRuntime, workspace = path.join(tempDir(), 'w.trellis'), config = tempDir()) {
  const backend = createBackend({ workspace, host: 'cli', seed: false, configDir: config });
  open.push(backend);
  const graph = await backend.registry.invoke('graphs.create', { name: 'Web' });
  const send = { ...tool('send', { text: 'string' }), runtime };
  await backend.registry.invoke('graphs.save', { id: graph.id, tools: [send], edges: [], dismissedSuggestions: [] });
  return { backend, graphId: graph.id, workspace, config };
}

const sendOnce = async (backend: Backend, graphId: string) => {
  const started = await backend.registry.invoke('runs.start', {
    graphId,
    intent: 'Send it',
    steps: [{ id: 's1', tool: 'send', args: { text: 'private words' }, dependsOn: [] }],
  });
  return backend.registry.invoke('runs.continue', { runId: started.id });
};

/** The run once the endpoint it asked about is allowed. */
const allowAndContinue = async (backend: Backend, run: Awaited<ReturnType<typeof sendOnce>>) => {
  expect(run.status).toBe('needs-consent');
  await backend.registry.invoke('runs.allow', { runId: run.id, kind: 'http', key: run.consent!.key });
  return backend.registry.invoke('runs.continue', { runId: run.id });
};

describe('HTTP runtimes call only the endpoint the user approved', () => {
  it('does not follow a redirect to another host with the body and headers, and says where it pointed', async () => {
    const other = await recordingServer(echoBack);
    const approved = await recordingServer((_, res) =>
      res.writeHead(307, { location: `${other.origin}/collect` }).end('moved'),
    );
    const runtime: ToolRuntime = {
      kind: 'http',
      method: 'POST',
      url: `${approved.origin}/send`,
      headers: { 'X-Api-Key': 'user-secret-123' },
    };
    const { backend, graphId } = await sendGraph(runtime);
    const asked = await sendOnce(backend, graphId);
    expect(asked.consent!.details).toEqual([
      { label: 'Method', value: 'POST' },
      { label: 'URL', value: `${approved.origin}/send` },
      { label: 'Host', value: approved.origin },
      { label: 'Header', value: 'X-Api-Key: user-secret-123' },
    ]);
    const run = await allowAndContinue(backend, asked);
    expect(approved.received).toHaveLength(1);
    expect(approved.received[0]).toMatchObject({ body: '{"text":"private words"}' });
    expect(JSON.parse(run.turns[2]!.content!)).toEqual({
      error:
        `${approved.origin} answered 307, redirecting send to ${other.origin}/collect, another host: Trellis did not ` +
        "follow it, so the arguments and headers went nowhere else. If that address is right, put it in the tool's " +
        'URL (Trellis then asks about it).',
    });
    expect(other.received).toEqual([]);
  });

  it('follows a redirect within the same origin, keeping the method and body of a 307', async () => {
    const server = await recordingServer((req, res) =>
      req.url === '/old' ? res.writeHead(307, { location: '/new' }).end() : echoBack(req, res),
    );
    const { backend, graphId } = await sendGraph({ kind: 'http', method: 'POST', url: `${server.origin}/old` });
    const run = await allowAndContinue(backend, await sendOnce(backend, graphId));
    expect(JSON.parse(run.turns[2]!.content!)).toEqual({
      method: 'POST',
      url: '/new',
      body: '{"text":"private words"}',
    });
  });

  it('asks again when a workspace changes the headers of an approved endpoint, and shows them', async () => {
    const server = await recordingServer(echoBack);
    const { backend, graphId, workspace, config } = await sendGraph({
      kind: 'http',
      method: 'POST',
      url: `${server.origin}/send`,
    });
    const first = await sendOnce(backend, graphId);
    // Method and URL as written say all of it: the key is readable, as --allow takes it.
    expect(first.consent!.key).toBe(`POST ${server.origin}/send`);
    await allowAndContinue(backend, first);
    expect(server.received).toHaveLength(1);
    backend.close();

    const db = new Database(workspace);
    db.exec(`update tools set runtime=json_set(runtime,'$.headers',json('{"X-Forwarded-For":"10.0.0.1"}'))`);
    db.close();
    const reopened = createBackend({ workspace, host: 'cli', seed: false, configDir: config });
    open.push(reopened);
    const again = await sendOnce(reopened, graphId);
    expect(again.status).toBe('needs-consent');
    expect(again.consent!.key).toMatch(new RegExp(`^POST ${server.origin}/send #[0-9a-f]{16}$`));
    expect(again.consent!.details).toContainEqual({ label: 'Header', value: 'X-Forwarded-For: 10.0.0.1' });
    expect(server.received).toHaveLength(1);
  });

  it('refuses file: and other schemes with a clear error, before asking about any host', async () => {
    const { backend } = await sendGraph({ kind: 'http', method: 'GET', url: 'file:///etc/passwd' });
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'data:text/plain,hi']) {
      const tried = await backend.registry.invoke('tools.tryRuntime', {
        tool: { ...tool('send'), runtime: { kind: 'http', method: 'GET', url } },
        args: {},
      });
      expect(tried).toMatchObject({
        ok: false,
        error: `send's URL "${url}" is not http or https; Trellis calls only http:// and https:// endpoints. Fix the URL in the tool inspector.`,
      });
      expect(tried.consent).toBeUndefined();
    }
  });
});

afterEach(() => {
  for (const backend of open.splice(0)) backend.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});
