import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenAICompatibleClient } from '../../../backend/llm/remote-client';
import { tinyModel } from '../../helpers/models';

const SERVER = path.join(__dirname, '..', '..', '..', 'build', 'llama.cpp', 'bin', 'llama-server');
const present = fs.existsSync(SERVER);
if (!present)
  console.info(
    `llama-server test skipped: ${SERVER} is not built. Run "npm run build:llama-tools" to build it from the bundled llama.cpp source.`,
  );

let server: ChildProcess | null = null;
afterEach(() => {
  server?.kill();
  server = null;
});

describe.skipIf(!present)('a real llama-server built from the bundled llama.cpp', () => {
  // JSON-Schema output is covered against the loopback server: this llama-server refuses to
  // build its grammar sampler for the generated test vocabulary ("Failed to initialize samplers").
  it('streams a completion and stops on cancel through the remote backend', async () => {
    const port = 18_000 + Math.floor(Math.random() * 2000);
    server = spawn(
      SERVER,
      ['-m', tinyModel(), '--host', '127.0.0.1', '--port', String(port), '-t', '1', '-c', '1024'],
      { stdio: 'ignore' },
    );
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
    const client = new OpenAICompatibleClient({ baseUrl, model: 'tiny' });
    const tokens: string[] = [];
    const plain = await client.generate({ prompt: 'Plan a trip', chat: true, maxTokens: 16, temperature: 0 }, (t) =>
      tokens.push(t),
    );
    expect(tokens.join('')).toBe(plain.text);
    expect(tokens.length).toBeGreaterThan(0);
    // The server's own count of what it read and wrote (stream_options.include_usage).
    expect(plain.tokens!.prompt).toBeGreaterThan(3);
    expect(plain.tokens!.completion).toBeGreaterThan(0);
    expect(plain.tokens!.completion).toBeLessThanOrEqual(16);
    const abort = new AbortController();
    let n = 0;
    const stopped = await client.generate(
      { prompt: 'Go on', chat: true, maxTokens: 2000, temperature: 0.8, seed: 7 },
      () => ++n === 1 && abort.abort(),
      abort.signal,
    );
    expect(stopped.text.length, 'the server streamed nothing').toBeGreaterThan(0);
    expect(stopped.cancelled).toBe(true);
    expect(n).toBeLessThan(100);
  });
});
