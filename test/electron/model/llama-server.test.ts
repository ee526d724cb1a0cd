import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenAICompatibleClient } from '../../../electron/model/remote-client';
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
  it('streams a completion and honours a JSON Schema through the remote backend', async () => {
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
    const schema = {
      type: 'object',
      properties: { tool: { type: 'string', enum: ['search', 'book'] } },
      required: ['tool'],
    };
    const constrained = await client.generate({
      prompt: 'Pick a tool',
      chat: true,
      maxTokens: 64,
      temperature: 0.5,
      jsonSchema: schema,
    });
    expect(['search', 'book']).toContain((JSON.parse(constrained.text) as { tool: string }).tool);
  });
});
