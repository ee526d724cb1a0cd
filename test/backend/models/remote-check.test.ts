import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { tempDir } from '../../helpers/temp';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A loopback server answering GET /v1/models with `status` and `body`, or never when `hang`. */
async function modelsServer(status: number, body: unknown, hang = false): Promise<string> {
  const server = http.createServer((req, res) => {
    if (hang) return;
    if (req.url !== '/v1/models') return void res.writeHead(404).end();
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

function backend() {
  return createBackend({ workspace: path.join(tempDir(), 'r.trellis'), host: 'cli', seed: false });
}

describe('Use this server: the server is checked first', () => {
  it('says a blocked port (one fetch never connects to) is to be changed, not a server to start', async () => {
    const b = backend();
    await expect(
      b.registry.invoke('models.useRemote', { baseUrl: 'http://127.0.0.1:6000/v1', model: 'm' }),
    ).rejects.toMatchObject({
      code: 'E5004',
      message: expect.stringContaining('port 6000 is one that Trellis (like a browser) never connects to'),
      hint: expect.stringContaining('Run the server on another port'),
    });
    b.close();
  });

  it('refuses an address where nothing listens, says so, and keeps the model in use', async () => {
    const closed = await modelsServer(200, { data: [] });
    servers.pop()!.close();
    const b = backend();
    await expect(b.registry.invoke('models.useRemote', { baseUrl: closed, model: 'm' })).rejects.toMatchObject({
      code: 'E5004',
      message: `Cannot reach the server at ${closed}: nothing is listening at that address and port (connection refused).`,
    });
    expect((await b.registry.invoke('models.status', {})).remote).toBeNull();
    b.close();
  });

  it('refuses a server that turns the key down, naming the key', async () => {
    const baseUrl = await modelsServer(401, { error: 'invalid key' });
    const b = backend();
    await expect(
      b.registry.invoke('models.useRemote', { baseUrl, model: 'm', apiKey: 'sk-wrong' }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('refused the request (401): it needs a valid API key'),
    });
    b.close();
  });

  it('accepts a server that answers, and says when it does not list the model asked for', async () => {
    const baseUrl = await modelsServer(200, { object: 'list', data: [{ id: 'qwen3:4b' }, { id: 'llama3.2:1b' }] });
    const b = backend();
    expect(await b.registry.invoke('models.useRemote', { baseUrl, model: 'qwen3:4b' })).toEqual({ keyStored: false });
    expect(await b.registry.invoke('models.useRemote', { baseUrl, model: 'qwen3' })).toEqual({
      keyStored: false,
      note: 'The server does not list "qwen3" (it lists qwen3:4b, llama3.2:1b): requests may fail unless it serves any name.',
    });
    expect((await b.registry.invoke('models.status', {})).remote).toMatchObject({ baseUrl, model: 'qwen3' });
    b.close();
  });

  it('gives up on a server that does not answer within five seconds', async () => {
    const baseUrl = await modelsServer(200, {}, true);
    const b = backend();
    await expect(b.registry.invoke('models.useRemote', { baseUrl, model: 'm' })).rejects.toMatchObject({
      message: `The server at ${baseUrl} did not answer within 5 s.`,
    });
    b.close();
  }, 15_000);
});
