// bench:batch — aggregate generation tokens/s when N requests run at once on one GGUF: through
// Trellis's llama helper (one context of N sequences, decoded in one batch, tokens streamed over
// the supervisor's IPC as the app receives them) and through llama.cpp's own
// `llama-server --parallel N` (when built: npm run build:llama-tools), same model, threads and
// context per sequence, same run. The last line is one JSON object with the figures and ratios.
// Usage: npm run bench:batch [-- --shape small|1b|tiny] [--sequences 1,4,8] [--tokens 128]
//   [--threads N] [--repetitions 5] [--flash-attention on|off] [--gpu cuda] [--native]
//   [--quick]  the tiny model, 1 and 2 sequences, 16 tokens once: seconds, to see that it still runs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { arg } from '../args.mjs';
import { SHAPES, writeGguf } from './shapes.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { ModelSupervisor } = require(path.join(root, 'dist/backend/llm/supervisor.js'));
const { NativeBuilds, nativeBuildsDir } = require(path.join(root, 'dist/backend/llm/native-build.js'));
const { defaultConfigDir } = require(path.join(root, 'dist/backend/config/user-config.js'));

const shapeName = arg('shape', 'small', 'tiny');
const counts = arg('sequences', '1,4,8', '1,2').split(',').map(Number);
const TG = Number(arg('tokens', 128, 16));
const threads = Number(arg('threads', Math.max(1, os.availableParallelism() - 1)));
const repetitions = Number(arg('repetitions', 5, 1));
const flashAttention = arg('flash-attention', 'on') === 'on';
const gpu = arg('gpu', 'off');
// Room for a short prompt and the generated tokens, per sequence (both sides get the same).
const CONTEXT = 256 * Math.ceil((TG + 64) / 256);

// --native: the native build recorded in the user's config folder (bench:model --native builds one).
let nativeRecord;
if (process.argv.includes('--native')) {
  const builds = new NativeBuilds(nativeBuildsDir(defaultConfigDir()), () => Promise.reject(new Error('no build')));
  if (!builds.recorded()) {
    console.error('No native build is recorded: run "trellis model build" or bench:model --native first.');
    process.exit(1);
  }
  nativeRecord = builds.recordFile;
}

const server = path.join(root, 'build/llama.cpp/bin/llama-server');
const haveServer = fs.existsSync(server);
if (!haveServer)
  console.log(`llama-server is not built (${server}): no reference figures. Run "npm run build:llama-tools".`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-batch-'));
const modelPath = path.join(dir, `${shapeName}.gguf`);
const written = writeGguf(modelPath, SHAPES[shapeName]);
console.log(
  `Model: ${shapeName}, ${(written.parameters / 1e6).toFixed(1)} M parameters; threads ${threads}; ` +
    `${TG} tokens per request; context ${CONTEXT} per sequence; flash attention ${flashAttention ? 'on' : 'off'}; GPU ${gpu}`,
);

const prompt = (i) => `Plan trip number ${i} to Lisbon:`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** N requests at once, timed from sending the first to the last one's end: generated tokens / wall time. */
async function burst(n, one, round) {
  const started = performance.now();
  const tokens = await Promise.all(Array.from({ length: n }, (_, i) => one(i, round * 100 + i)));
  return tokens.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
}

/** The helper with N sequences: a request's generated tokens, as the app counts them. */
async function startTrellis(n) {
  const supervisor = new ModelSupervisor({
    env: { TRELLIS_GPU: gpu === 'off' ? 'off' : 'on' },
    ...(nativeRecord ? { nativeRecord } : {}),
  });
  const { weights } = await supervisor.load(modelPath, {
    gpuLayers: gpu === 'off' ? 0 : 'max',
    contextSize: CONTEXT,
    threads,
    batchSize: 512,
    flashAttention,
    sequences: n,
  });
  const binary = await supervisor.binary();
  const one = async (i, seed) => {
    const result = await supervisor.generate({ prompt: prompt(i), chat: false, maxTokens: TG, temperature: 0.8, seed });
    return result.tokens.completion;
  };
  return { one, binary, weights, stop: () => supervisor.stop() };
}

/** llama-server with N slots, the same context per slot. */
async function startServer(n, weights) {
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const args = ['-m', modelPath, '--host', '127.0.0.1', '--port', String(port), '-t', String(threads)];
  args.push('-c', String(CONTEXT * n), '--parallel', String(n), '-ngl', gpu === 'off' ? '0' : '99');
  args.push('-fa', flashAttention ? 'on' : 'off', '-b', '512');
  // The weights loaded as the helper loaded them (backend/llm/weights-loading.ts).
  if (weights === 'in-memory') args.push('--no-mmap');
  const child = spawn(server, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`llama-server exited (${child.exitCode}):\n${log}`);
    const health = await globalThis.fetch(`${base}/health`).catch(() => null);
    if (health?.status === 200) break;
    if (waited > 60_000) {
      child.kill();
      throw new Error(`llama-server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const one = async (i, seed) => {
    const response = await globalThis.fetch(`${base}/completion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: prompt(i), n_predict: TG, temperature: 0.8, seed, stream: false }),
    });
    if (response.ok) return (await response.json()).tokens_predicted;
    const text = await response.text();
    // llama-server parses every answer as chat content and refuses text that is not valid
    // UTF-8, which the tiny model's random weights write in nearly every answer.
    if (text.includes('does not match the expected')) throw new ServerRefused(text);
    throw new Error(`llama-server answered ${response.status}: ${text}`);
  };
  return { one, stop: () => child.kill() };
}

class ServerRefused extends Error {}
/** Why llama-server gave no figures although built (it refused the model's output), else null. */
let serverNote = null;

/**
 * Both sides started, warmed up, then measured in turn (Trellis, llama-server, Trellis, …), so
 * a busy machine's drift falls on both alike; medians.
 */
async function measure(n) {
  const trellis = await startTrellis(n);
  const sides = [trellis, ...(haveServer && !serverNote ? [await startServer(n, trellis.weights)] : [])];
  try {
    await burst(n, trellis.one, 10); // warm-up: every sequence used once
    if (sides[1])
      await burst(n, sides[1].one, 10).catch(async (error) => {
        if (!(error instanceof ServerRefused)) throw error;
        serverNote = `llama-server refused this model's output (${error.message}): no reference figures`;
        console.log(`  ${serverNote}`);
        await sides.pop().stop();
      });
    const rates = sides.map(() => []);
    for (let r = 0; r < repetitions; r++)
      for (const [k, side] of sides.entries()) rates[k].push(await burst(n, side.one, r));
    return {
      trellis: median(rates[0]),
      server: sides[1] ? median(rates[1]) : null,
      binary: trellis.binary,
      weights: trellis.weights,
    };
  } finally {
    for (const side of sides) await side.stop();
  }
}

const rows = [];
let binary = null;
let weights = null;
for (const n of counts) {
  const measured = await measure(n);
  binary = measured.binary;
  weights = measured.weights;
  const row = {
    n,
    trellis: round(measured.trellis),
    llama_server: measured.server === null ? null : round(measured.server),
    ratio: measured.server === null ? null : round(measured.trellis / measured.server, 2),
  };
  rows.push(row);
  console.log(
    `  N=${n}  Trellis ${row.trellis} t/s   llama-server --parallel ${n} ${row.llama_server ?? '-'} t/s   ratio ${row.ratio ?? '-'}`,
  );
}
fs.rmSync(dir, { recursive: true, force: true });

const one = rows.find((r) => r.n === 1);
for (const row of rows) {
  row.trellis_over_n1 = one ? round(row.trellis / one.trellis, 2) : null;
  row.server_over_n1 = one?.llama_server && row.llama_server ? round(row.llama_server / one.llama_server, 2) : null;
}
const goal = (n) => {
  const row = rows.find((r) => r.n === n);
  return row?.ratio == null ? null : row.ratio >= 0.9;
};
const summary = {
  bench: 'batch',
  date: new Date().toISOString(),
  shape: shapeName,
  parameters: written.parameters,
  threads,
  tokens: TG,
  context_per_sequence: CONTEXT,
  flash_attention: flashAttention,
  /** How the helper loaded the weights; llama-server loads them the same way (--no-mmap). */
  weights: weights ?? 'mapped',
  gpu,
  binary: binary ? { kind: binary.kind, variant: binary.cpuVariant ?? null, backend: binary.backend } : null,
  rows,
  ...(serverNote ? { note: serverNote } : {}),
  goals: { n4_ge_0_9: goal(4), n8_ge_0_9: goal(8) },
};
for (const row of rows)
  console.log(
    `  N=${row.n}: aggregate ${row.trellis_over_n1 ?? '-'}× N=1 in Trellis, ${row.server_over_n1 ?? '-'}× in llama-server`,
  );
console.log(JSON.stringify(summary));
