// bench:experiments — trajectories re-run per minute by an experiment, at one run in flight
// against N: on a loopback OpenAI-compatible server that answers scripted tool calls after a
// fixed latency (what a server's slots buy when each answer takes that long), and on the tiny
// GGUF the tests write, loaded with 1 sequence and then with N (graph-constrained JSON; its
// random weights make the runs' lengths vary, so its figures say more about the helper's
// batching than about any real model; a run whose calls reach the turn limit without an answer is
// errored, as in any experiment, and counted apart). The trajectories are the tests' 50 weather
// runs in OpenAI fine-tuning JSONL. The last line is one JSON object with the figures.
// Usage: node bench/experiments/run.mjs [--n 4] [--latency-ms 50] [--tokens 64] [--quick]
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { arg, quick } from '../args.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { createBackend } = require(path.join(root, 'dist/backend/backend.js'));
const { writeGguf, TINY_MODEL } = require(path.join(root, 'dist/test/support/gguf-writer.js'));
const FIXTURE = path.join(root, 'test/fixtures/experiments/weather-50.jsonl');

const n = Number(arg('n', 4, 2));
const latencyMs = Number(arg('latency-ms', 50, 5));
const tokens = Number(arg('tokens', 64, 24));
// Quick mode re-runs the 5 Oslo tasks; a full run all 50.
const filter = quick ? { text: 'Oslo' } : {};
const maxTurns = 3;
/** The error of a run whose model kept calling tools until the turn limit (the engine's TurnLimitReached). */
const TURN_LIMIT = /^Stopped after \d+ assistant turns without an answer\.$/;

/** The weather candidate of the tests: calls get_weather for the asked city, then answers from its result. */
function reply(body) {
  const messages = body.messages;
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const city = /weather in (\w+)\?/.exec(user)?.[1] ?? '';
  const last = messages.at(-1);
  if (last.role !== 'tool')
    return {
      tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } },
      ],
    };
  const result = JSON.parse(last.content ?? '{}');
  if (result.error?.startsWith('unknown city'))
    return {
      tool_calls: [
        { id: 'c2', type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } },
      ],
    };
  return { content: `It is ${result.temp_c}°C in ${result.city}.` };
}

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    // The question Trellis asks before an experiment's first run: this server lists no models.
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(404).end();
      return;
    }
    setTimeout(() => {
      const body = JSON.parse(raw || '{}');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content: null, ...reply(body) } }],
          usage: { prompt_tokens: 50, completion_tokens: 10 },
        }),
      );
    }, latencyMs);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}/v1`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-experiments-'));
const backend = createBackend({
  workspace: path.join(dir, 'bench.trellis'),
  host: 'cli',
  seed: false,
  configDir: dir,
  modelEnv: { ...process.env, TRELLIS_GPU: 'off' },
});

/**
 * Trajectories per minute of one experiment, the runs that errored, and how many of those the
 * turn limit stopped (the model's own doing; any other error is the bench's or Trellis's fault).
 */
async function perMinute(name, candidate) {
  const started = performance.now();
  const view = await backend.registry.invoke('experiments.run', {
    definition: { name, filter, maxTurns, candidates: [candidate] },
  });
  const minutes = (performance.now() - started) / 60_000;
  const errored = view.runs.filter((r) => r.verdict === 'errored');
  return {
    trajectories: view.runs.length,
    perMinute: +(view.runs.length / minutes).toFixed(1),
    errored: errored.length,
    atTurnLimit: errored.filter((r) => TURN_LIMIT.test(r.error ?? '')).length,
  };
}

/** "; 2 of 5 errored at 1 (2 at the turn limit), …" for the side whose runs errored; empty where none did. */
function erroredNote(one, many) {
  const side = (r, at) =>
    r.errored ? `${r.errored} of ${r.trajectories} errored at ${at} (${r.atTurnLimit} at the turn limit)` : '';
  const notes = [side(one, 1), side(many, n)].filter(Boolean);
  return notes.length ? `; ${notes.join(', ')}` : '';
}

try {
  await backend.registry.invoke('trajectories.import', { path: FIXTURE, mode: 'strict' });
  const server1 = await perMinute('server 1', { model: { kind: 'server', baseUrl, model: 'bench', concurrency: 1 } });
  const serverN = await perMinute(`server ${n}`, {
    model: { kind: 'server', baseUrl, model: 'bench', concurrency: n },
  });
  const model = path.join(dir, 'tiny.gguf');
  writeGguf(model, TINY_MODEL);
  const settings = { gpuLayers: 0, contextSize: 1024, threads: 1, batchSize: 256, flashAttention: false };
  const local = { model: { kind: 'local', path: 'tiny.gguf' }, format: 'json', maxTokens: tokens, seed: 3 };
  await backend.registry.invoke('models.load', { path: model, settings: { ...settings, sequences: 1 } });
  const tiny1 = await perMinute('tiny 1', local);
  await backend.registry.invoke('models.load', { path: model, settings: { ...settings, sequences: n } });
  const tinyN = await perMinute(`tiny ${n}`, local);
  const summary = {
    bench: 'experiments',
    n,
    latencyMs,
    trajectories: server1.trajectories,
    server: { one: server1, n: serverN, speedup: +(serverN.perMinute / server1.perMinute).toFixed(2) },
    tiny: { one: tiny1, n: tinyN, speedup: +(tinyN.perMinute / tiny1.perMinute).toFixed(2), tokens },
    maxTurns,
  };
  console.log(
    `scripted server (${latencyMs} ms an answer): ${server1.perMinute}/min at 1 in flight, ${serverN.perMinute}/min at ${n}${erroredNote(server1, serverN)}\n` +
      `tiny GGUF (${tokens} tokens an answer, CPU): ${tiny1.perMinute}/min at 1 sequence, ${tinyN.perMinute}/min at ${n}${erroredNote(tiny1, tinyN)}`,
  );
  console.log(JSON.stringify(summary));
} finally {
  backend.close();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
