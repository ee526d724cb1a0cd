// bench:otlp — spans/s into a real workspace through the OTLP/HTTP trace receiver of a real
// `trellis serve` process, against writing the same trajectories with `trellis import` from an
// OTLP JSON Lines file of the same requests. N generated agent traces (default 2,000): a root
// span, 4 model calls (GenAI semconv gen_ai.input.messages / gen_ai.output.messages, the history
// resent each call) and 3 execute_tool spans each, exported in batches of 512 spans as the SDK's
// BatchSpanProcessor does (a trace's spans spread over requests, its root last), as protobuf and
// as JSON. The last line is one JSON object with the figures.
// Usage: npm run bench:otlp [-- --traces 2000] [--batch 512] [--quick]
import { Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { arg } from '../args.mjs';
import { exportRequests as generate } from './otlp-traces.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const protobuf = require('protobufjs');
const { OTLP_DESCRIPTOR } = require(path.join(root, 'dist/backend/otlp/descriptor.js'));
const { openWorkspaceStore } = require(path.join(root, 'dist/backend/store/workspace-store.js'));
const REQUEST = protobuf.Root.fromJSON(OTLP_DESCRIPTOR).lookupType(
  'opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest',
);

const traces = Number(arg('traces', 2000, 20));
const batch = Number(arg('batch', 512, 64));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-otlp-'));
const BIN = path.join(root, 'bin', 'trellis.js');

const toProtobuf = (request) => {
  // protobufjs takes bytes for ids: the JSON encoding's hex becomes them.
  const copy = JSON.parse(JSON.stringify(request));
  for (const rs of copy.resourceSpans)
    for (const ss of rs.scopeSpans)
      for (const s of ss.spans)
        for (const key of ['traceId', 'spanId', 'parentSpanId']) if (s[key]) s[key] = Buffer.from(s[key], 'hex');
  return Buffer.from(REQUEST.encode(REQUEST.fromObject(copy)).finish());
};

async function serve(workspace) {
  const child = spawn(process.execPath, [BIN, 'serve', '--workspace', workspace, '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const summary = await new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
    });
    child.once('exit', (code) => reject(new Error(`trellis serve exited ${code}`)));
  });
  const token = new URL(summary.url).searchParams.get('token');
  return {
    endpoint: `${summary.otlpEndpoint}/v1/traces`,
    token,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGINT');
      }),
  };
}

function counts(workspace) {
  const store = openWorkspaceStore(workspace);
  const trajectories = store.db.prepare('SELECT count(*) FROM trajectories').pluck().get();
  const turns = store.db.prepare('SELECT count(*) FROM turns').pluck().get();
  store.close();
  return { trajectories, turns };
}

async function receive(encoding, requests, spans) {
  const workspace = path.join(dir, `received-${encoding}.trellis`);
  const host = await serve(workspace);
  const bodies = requests.map((r) => (encoding === 'protobuf' ? toProtobuf(r) : Buffer.from(JSON.stringify(r))));
  const type = encoding === 'protobuf' ? 'application/x-protobuf' : 'application/json';
  const started = performance.now();
  for (const body of bodies) {
    const response = await globalThis.fetch(host.endpoint, {
      method: 'POST',
      body,
      headers: { 'content-type': type, authorization: `Bearer ${host.token}` },
    });
    if (response.status !== 200) throw new Error(`receiver answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
  const seconds = (performance.now() - started) / 1000;
  await host.stop();
  const stored = counts(workspace);
  if (stored.trajectories !== traces)
    throw new Error(`${encoding}: ${stored.trajectories} trajectories, not ${traces}`);
  console.log(
    `receiver (${encoding}): ${spans} spans in ${requests.length} requests, ${seconds.toFixed(2)} s, ` +
      `${Math.round(spans / seconds)} spans/s, ${Math.round(traces / seconds)} trajectories/s (${stored.turns} turns)`,
  );
  return { seconds, spansPerSecond: spans / seconds, turns: stored.turns };
}

try {
  const { requests, spans } = generate(traces, batch);
  console.log(
    `Generated ${traces} agent traces, ${spans} spans, ${requests.length} export requests of ≤${batch} spans`,
  );
  const protobufRun = await receive('protobuf', requests, spans);
  const jsonRun = await receive('json', requests, spans);

  const file = path.join(dir, 'traces.jsonl');
  fs.writeFileSync(file, requests.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const workspace = path.join(dir, 'imported.trellis');
  const started = performance.now();
  const report = JSON.parse(
    execFileSync(process.execPath, [BIN, 'import', file, '--workspace', workspace, '--json'], { maxBuffer: 1 << 24 }),
  );
  const importSeconds = (performance.now() - started) / 1000;
  const imported = counts(workspace);
  if (report.imported !== traces) throw new Error(`trellis import: ${report.imported} trajectories, not ${traces}`);
  if (imported.turns !== protobufRun.turns) throw new Error(`turns differ: ${imported.turns} vs ${protobufRun.turns}`);
  console.log(
    `trellis import of the same requests as OTLP JSON Lines (${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MiB): ` +
      `${importSeconds.toFixed(2)} s, ${Math.round(spans / importSeconds)} spans/s (process start included)`,
  );
  const ratio = protobufRun.spansPerSecond / (spans / importSeconds);
  console.log(`receiver (protobuf) / trellis import: ${ratio.toFixed(2)}×`);
  console.log(
    JSON.stringify({
      bench: 'otlp',
      traces,
      spans,
      requests: requests.length,
      turns: imported.turns,
      receiverProtobufSpansPerSecond: Math.round(protobufRun.spansPerSecond),
      receiverJsonSpansPerSecond: Math.round(jsonRun.spansPerSecond),
      importSpansPerSecond: Math.round(spans / importSeconds),
      receiverToImport: Number(ratio.toFixed(2)),
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
