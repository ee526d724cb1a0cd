// bench:otlp-bounds — what hostile or merely large requests cost the trace receiver of a real
// `trellis serve` process: time to answer and the process's peak RSS (VmHWM) for
//   - a gzip protobuf body inflating to 64 MiB of empty ResourceSpans (33.5 M messages),
//   - a gzip JSON body inflating to 64 MiB of empty objects,
//   - one conversation (gen_ai.conversation.id) growing over many requests of one large span each:
//     each request's latency, how each ends (status), and the workspace's size on disk.
// Usage: node bench/import/otlp-bounds.mjs [--requests 60] [--span-kb 512] (after npm run build)
// The last line is one JSON object with the figures.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import zlib from 'node:zlib';
import { arg } from '../args.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const requests = Number(arg('requests', 60, 10));
const spanKb = Number(arg('span-kb', 512, 64));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-otlp-bounds-'));
const workspace = path.join(dir, 'bench.trellis');

const child = spawn(
  process.execPath,
  [path.join(root, 'bin', 'trellis.js'), 'serve', '--workspace', workspace, '--json'],
  {
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let out = '';
child.stdout.on('data', (chunk) => (out += chunk));
while (!out.includes('\n')) {
  if (child.exitCode !== null) throw new Error('trellis serve did not start');
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const summary = JSON.parse(out.split('\n')[0]);
const token = new URL(summary.url).searchParams.get('token');

const alive = () => child.exitCode === null && child.signalCode === null;
let stderr = '';
child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
// Sampled while it runs: a process that dies takes its own peak with it.
let peakKb = 0;
const sampler = setInterval(() => {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    if (kb) peakKb = Math.max(peakKb, Number(kb));
  } catch {
    // Gone: the last sample stands.
  }
}, 100);
const peakRssMb = () => Math.round(peakKb / 1024);
const only = arg('only', 'protobufBomb,jsonBomb,conversation').split(',');

async function post(body, type, gzip) {
  const started = performance.now();
  try {
    const response = await globalThis.fetch(`${summary.otlpEndpoint}/v1/traces`, {
      method: 'POST',
      body,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': type,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
      signal: globalThis.AbortSignal.timeout(180_000),
    });
    await response.arrayBuffer();
    return { status: response.status, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    return { status: `no answer (${error.name})`, seconds: (performance.now() - started) / 1000 };
  }
}

const INFLATED = 64 * 1024 * 1024 - 64;
const protobufBomb = zlib.gzipSync(Buffer.alloc(INFLATED, Buffer.from([0x0a, 0x00])), { level: 9 });
const jsonBomb = zlib.gzipSync(`{"resourceSpans":[${'{},'.repeat((INFLATED - 40) / 3)}{}]}`, { level: 9 });

const figures = {};
for (const [name, body, type] of [
  ['protobufBomb', protobufBomb, 'application/x-protobuf'],
  ['jsonBomb', jsonBomb, 'application/json'],
]) {
  if (!only.includes(name)) continue;
  const answer = await post(body, type, true);
  figures[name] = {
    sentBytes: body.length,
    ...answer,
    alive: alive(),
    peakRssMb: peakRssMb(),
    ...(alive() ? {} : { died: stderr.trim().split('\n').at(-1) }),
  };
  console.log(name, JSON.stringify(figures[name]));
  if (!alive()) break;
}

if (alive() && only.includes('conversation')) {
  const traceId = randomBytes(16).toString('hex');
  const latencies = [];
  const statuses = {};
  const start = 1_750_000_000_000n;
  for (let i = 0; i < requests && alive(); i++) {
    const text = `turn ${i} `.padEnd(spanKb * 1024, 'x');
    const span = {
      traceId,
      spanId: randomBytes(8).toString('hex'),
      parentSpanId: 'a'.repeat(16),
      name: 'chat',
      kind: 3,
      startTimeUnixNano: ((start + BigInt(i)) * 1_000_000n).toString(),
      endTimeUnixNano: ((start + BigInt(i) + 1n) * 1_000_000n).toString(),
      attributes: [
        { key: 'gen_ai.conversation.id', value: { stringValue: 'bench-conversation' } },
        {
          key: 'gen_ai.input.messages',
          value: { stringValue: JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: text }] }]) },
        },
      ],
    };
    const body = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] });
    const answer = await post(body, 'application/json', false);
    latencies.push(Number(answer.seconds.toFixed(3)));
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  const size = fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
  figures.conversation = {
    requests: latencies.length,
    spanKb,
    statuses,
    firstSeconds: latencies[0],
    lastSeconds: latencies.at(-1),
    maxSeconds: Math.max(...latencies),
    alive: alive(),
    peakRssMb: peakRssMb(),
    workspaceMb: Math.round(size / 1024 / 1024),
  };
  console.log('conversation', JSON.stringify(figures.conversation));
}
clearInterval(sampler);
child.kill();
fs.rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(figures));
