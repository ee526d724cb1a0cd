import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../backend/backend';
import { expectSameRun } from '../helpers/agent-expectations';
import { runWeatherAgent } from '../helpers/instrumented-agent';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * A stand-in for the Collector's `file` exporter: each OTLP/HTTP JSON export it receives becomes
 * one line of `file` (one ExportTraceServiceRequest per line, as that exporter writes them).
 */
async function fileCollector(file: string): Promise<string> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = (request.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString();
      fs.appendFileSync(file, `${JSON.stringify(JSON.parse(text))}\n`);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('trellis import of OTLP JSON Lines files', () => {
  it('imports each trace of a file exporter output as one trajectory, spans gathered across lines', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'traces.jsonl');
    const endpoint = await fileCollector(file);
    const first = await runWeatherAgent({
      instrumentation: 'openinference',
      exporter: 'http-json',
      endpoint,
      token: 'unused',
    });
    const second = await runWeatherAgent({
      instrumentation: 'traceloop',
      exporter: 'http-json',
      endpoint,
      token: 'unused',
      fail: 'could not book a table',
    });
    // One span per export: each trace spans many lines.
    expect(fs.readFileSync(file, 'utf8').trim().split('\n').length).toBeGreaterThan(6);
    const workspace = path.join(dir, 'imported.trellis');
    const result = spawnSync(process.execPath, [BIN, 'import', file, '--workspace', workspace, '--json'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: true,
      format: 'otlp',
      imported: 2,
      rejected: [],
      outcomes: { success: 1, failure: 1 },
    });
    const backend = createBackend({ workspace, host: 'cli' });
    try {
      const ids = backend.store.trajectoryQueries.list({}, 10, 0).items.map((s) => s.id);
      const stored = ids.map((id) => backend.store.trajectories.get(id));
      const byConvention = (c: string) => stored.find((t) => (t.metadata?.conventions as string[]).includes(c))!;
      expectSameRun(byConvention('OpenInference'), first);
      expectSameRun(byConvention('GenAI semconv (gen_ai.input.messages)'), second);
      expect(byConvention('OpenInference').outcome?.status).toBe('success');
    } finally {
      backend.close();
    }
    // Importing the same file again adds nothing.
    const again = spawnSync(process.execPath, [BIN, 'import', file, '--workspace', workspace, '--json'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, duplicates: 2 });
  });
});

describe('trellis import of an OTLP file with a bad span', () => {
  it('names the line in strict mode and imports the rest leniently', async () => {
    const { exportRequest, span } = await import('../helpers/otlp-json');
    const file = path.join(tempDir(), 'bad-span.jsonl');
    const chat = span({
      name: 'chat',
      attributes: {
        'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'Hello' }] }]),
      },
    });
    fs.writeFileSync(
      file,
      `${JSON.stringify(exportRequest([chat]))}\n${JSON.stringify(exportRequest([{ ...span({ name: 'x' }), spanId: 'nope' }]))}\n`,
    );
    const workspace = path.join(tempDir(), 'w.trellis');
    const strict = spawnSync(process.execPath, [BIN, 'import', file, '--workspace', workspace], { encoding: 'utf8' });
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain(`${file}:2 (byte`);
    expect(strict.stderr).toContain('spanId "nope" is not 16 hex digits');
    const lenient = spawnSync(
      process.execPath,
      [BIN, 'import', file, '--workspace', workspace, '--lenient', '--json'],
      {
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(lenient.stdout)).toMatchObject({ imported: 1, rejectedCount: 1 });
  });
});
