// Where one sequence's time per generated token goes: node-llama-cpp's loop against bare decodes.
// In one process, the same context, ways of generating 128 tokens taken in turn (medians):
//   decode      initBatch/addToBatch/decodeBatch of one token, no logits read (llama-bench's tg)
//   +greedy     the same plus a greedy sampleToken (a second native call per token)
//   direct@.8   the same with the helper's sampling (temperature 0.8, top-k 40, top-p 0.95)
//   evaluate@0  sequence.evaluate with temperature 0 (greedy chain)
//   evaluate@.8 sequence.evaluate with temperature 0.8 (top-k 40, top-p 0.95, dist)
//   pool@.8     as the helper: its SequencePool's batching (sequence order, lockstep) and temperature 0.8
//   completion@.8  LlamaCompletion as the helper generates (node-llama-cpp's default repeat-penalty
//               bookkeeping; `/no-penalty` without it, as the helper now asks)
// and for each, the native decode and sampling time per token, and what is left (JavaScript,
// scheduling, the thread pool's hand-offs).
// Usage: node bench/model/per-token.mjs [--native] [--gpu cuda] [--shape small|tiny|1b] [--threads 1] [--rounds 5]
//   [--tokens 128] [--modes llama-bench,decode,…]  (llama-bench: when built, npm run build:llama-tools)
//   [--mmap on|off]  how the weights are loaded (default: node-llama-cpp's own choice)
//   [--huge-pages on|off]  glibc's malloc asking for huge pages, as in the helper (default on)
//   [--context 640]  the context size (llama-bench's own is prompt + generated tokens: 128 for tg128)
//   [--pin-as-helper]  the decoding threads on the last core, the rest on the others, as the helper
//   does; a way named with "~whole" (pool@.8~whole) then runs with the whole process on that core
//   [--quick]  the tiny model, one round of 16 tokens per way: seconds, to see that it still runs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { arg } from '../args.mjs';
import { llamaBenchReference } from './reference.mjs';
import { SHAPES, writeGguf } from './shapes.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { loadLlamaRuntime } = require(path.join(root, 'dist/backend/llm/llama-runtime.js'));
const { SequencePool } = require(path.join(root, 'dist/backend/llm/sequence-pool.js'));
const { NativeBuilds, nativeBuildsDir } = require(path.join(root, 'dist/backend/llm/native-build.js'));
const { defaultConfigDir } = require(path.join(root, 'dist/backend/config/user-config.js'));

// As the supervisor starts the helper: glibc's malloc asking for huge pages (--huge-pages off: not).
// The environment is read when the process starts, so the bench starts itself again with it.
const { hugePagesEnv } = require(path.join(root, 'dist/backend/llm/weights-loading.js'));
const hugePages = arg('huge-pages', 'on');
const helperEnv = hugePages === 'on' ? hugePagesEnv(process.env) : { ...process.env, TRELLIS_HUGE_PAGES: 'off' };
// --pin-as-helper: started again with decode-threads.js preloaded, to see libuv's pool start (an
// ES module's imports start it before this line runs).
const decodeThreadsModule = path.join(root, 'dist/backend/llm/decode-threads.js');
const preload = process.argv.includes('--pin-as-helper') && !process.env.TRELLIS_BENCH_PRELOADED;
if (helperEnv.GLIBC_TUNABLES !== process.env.GLIBC_TUNABLES || preload) {
  const again = spawnSync(process.execPath, ['--require', decodeThreadsModule, ...process.argv.slice(1)], {
    env: { ...helperEnv, TRELLIS_BENCH_PRELOADED: '1' },
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}
// --pin-as-helper: kept on the cores as the helper keeps itself (core-pinning.ts: with one thread,
// the decoding threads on the last core and the rest on the others); llama-bench then runs on the
// decoding cores. Without it the process stays where it was started (run it under taskset).
const { corePinning } = require(path.join(root, 'dist/backend/llm/core-pinning.js'));
const pinAsHelper = process.argv.includes('--pin-as-helper') ? corePinning() : null;
const shapeName = arg('shape', 'small', 'tiny');
const threads = Number(arg('threads', Math.max(1, os.availableParallelism() - 1)));
const rounds = Number(arg('rounds', 5, 1));
const TG = Number(arg('tokens', 128, 16));
// --gpu cuda: every layer offloaded, in llama-bench too (-ngl 99).
const gpu = arg('gpu', 'off');
const nativeBuilds = process.argv.includes('--native')
  ? new NativeBuilds(nativeBuildsDir(defaultConfigDir()), () => Promise.reject(new Error('no build')))
  : null;
const nativeRecord = nativeBuilds?.recordFile;
/** llama.cpp's own tg, when built (bench/model/reference.mjs); left out, saying so, when not. */
const referenceBench = llamaBenchReference(nativeBuilds?.recorded()?.folder ?? null);
const modes = arg('modes', 'llama-bench,decode,+greedy,evaluate@0,evaluate@.8,pool@.8')
  .split(',')
  .filter((mode) => mode !== 'llama-bench' || referenceBench);
const lib = await import('node-llama-cpp');
const { llama, binary } = await loadLlamaRuntime(lib, { gpu: gpu === 'off' ? false : gpu, nativeRecord });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-per-token-'));
const modelPath = path.join(dir, `${shapeName}.gguf`);
writeGguf(modelPath, SHAPES[shapeName]);
// --mmap on|off: how the weights are loaded (node-llama-cpp's default "auto" decides itself).
const mmap = arg('mmap', 'auto');
const model = await llama.loadModel({
  modelPath,
  gpuLayers: gpu === 'off' ? 0 : 'max',
  ...(mmap === 'auto' ? {} : { useMmap: mmap === 'on' }),
});
const pinned = pinAsHelper?.(threads) ?? null;
const settings = { contextSize: Number(arg('context', 640)), threads, batchSize: 512, flashAttention: true };
const plain = await model.createContext({ ...settings, sequences: 1 });
const pool = new SequencePool(1);
const pooled = await model.createContext({ ...settings, sequences: 1, batching: pool.batching });
pool.attach(pooled);
console.log(
  `Binding ${binary.kind} (${binary.backend ?? 'cpu'}); GPU ${gpu}; llama-bench ${referenceBench?.build ?? 'not built'}; ${shapeName}; threads ${threads}; weights ${model.useMmap ? 'mmap' : 'read into memory'}, huge pages ${hugePages}; ${rounds} rounds of ${TG} tokens per way`,
);

/** Wraps a context's native calls to add up their time (decodeBatch, sampleToken). */
function meter(context) {
  const spent = { decode: 0, sample: 0 };
  const native = context._ctx;
  context._ctx = new Proxy(native, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property !== 'decodeBatch' && property !== 'sampleToken') return value.bind(target);
      const key = property === 'decodeBatch' ? 'decode' : 'sample';
      return (...args) => {
        const started = performance.now();
        return value.apply(target, args).finally(() => (spent[key] += performance.now() - started));
      };
    },
  });
  return spent;
}
const spentPlain = meter(plain);
const spentPooled = meter(pooled);
const first = model.tokenize(' the')[0];

async function bare(withSampling, temperature = 0) {
  const sequence = plain.getSequence();
  const ctx = plain._ctx;
  // node-llama-cpp's LlamaSampler is internal: the addon's own sampler class, configured greedy.
  const sampler = withSampling ? new llama._bindings.AddonSampler(model._model) : null;
  sampler?.applyConfig(temperature ? { temperature, topK: 40, topP: 0.95, seed: 1 } : { temperature: 0, seed: 1 });
  const id = sequence._sequenceId ?? 0;
  let token = first;
  const started = performance.now();
  for (let i = 0; i < TG; i++) {
    ctx.initBatch(1);
    const [logit] = ctx.addToBatch(id, i, Uint32Array.of(token), Uint32Array.of(0));
    await ctx.decodeBatch();
    if (sampler) token = await ctx.sampleToken(logit, sampler);
  }
  const ms = performance.now() - started;
  sampler?.dispose();
  await sequence.clearHistory();
  sequence.dispose();
  return ms;
}

async function evaluate(context, temperature) {
  const sequence = context.getSequence();
  let count = 0;
  let started = 0;
  for await (const token of sequence.evaluate([first], { temperature, seed: 1 })) {
    void token;
    if (count === 0) started = performance.now();
    if (++count > TG) break;
  }
  const ms = performance.now() - started;
  await sequence.clearHistory();
  sequence.dispose();
  return ms;
}

async function viaPool(temperature) {
  const { sequence, release } = await pool.acquire();
  try {
    await sequence.clearHistory();
    let count = 0;
    let started = 0;
    for await (const token of sequence.evaluate([first], { temperature, seed: 1 })) {
      void token;
      if (count === 0) started = performance.now();
      if (++count > TG) break;
    }
    return performance.now() - started;
  } finally {
    release();
  }
}

/** As the helper generates: LlamaCompletion (detokenizing, stop detection), timed from the first chunk to the last. */
async function completion(temperature, repeatPenalty) {
  const sequence = plain.getSequence();
  const times = [];
  const generator = new lib.LlamaCompletion({ contextSequence: sequence });
  await generator.generateCompletion('Plan a trip to Lisbon:', {
    maxTokens: TG + 1,
    temperature,
    seed: 1,
    ...(repeatPenalty ? {} : { repeatPenalty: false }),
    onTextChunk: () => times.push(performance.now()),
  });
  generator.dispose();
  await sequence.clearHistory();
  sequence.dispose();
  // Scaled to TG tokens: a chunk may hold more than one token, and EOG may end it early.
  return ((times.at(-1) - times[0]) / Math.max(1, times.length - 1)) * TG;
}

/** llama.cpp's own tg: llama-bench -n TG -p 0, one repetition, same file and threads. */
function llamaBench() {
  const run = spawnSync(
    pinned === null ? referenceBench.path : 'taskset',
    (pinned === null ? [] : ['-c', pinned.cores.join(','), referenceBench.path]).concat(
      ['-m', modelPath, '-p', '0', '-n', String(TG), '-t', String(threads), '-fa', '1', '-r', '1', '-o', 'json'].concat(
        ['-ngl', gpu === 'off' ? '0' : '99'],
        // The weights loaded as this process loaded them.
        ['-mmp', model.useMmap ? '1' : '0'],
      ),
    ),
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  const [row] = JSON.parse(run.stdout);
  return row.avg_ns / 1e6;
}

const ways = {
  'llama-bench': [{ decode: 0, sample: 0 }, async () => llamaBench()],
  decode: [spentPlain, () => bare(false)],
  '+greedy': [spentPlain, () => bare(true)],
  // The same with the helper's sampling (temperature 0.8, top-k 40, top-p 0.95): the least a
  // generation costs through node-llama-cpp's native calls, without sequence.evaluate's loop.
  'direct@.8': [spentPlain, () => bare(true, 0.8)],
  'evaluate@0': [spentPlain, () => evaluate(plain, 0)],
  'evaluate@.8': [spentPlain, () => evaluate(plain, 0.8)],
  'pool@.8': [spentPooled, () => viaPool(0.8)],
  'completion@.8': [spentPlain, () => completion(0.8, true)],
  'completion@.8/no-penalty': [spentPlain, () => completion(0.8, false)],
};
/**
 * With --pin-as-helper, a way ending in "~whole" runs with the whole process on the decoding cores
 * (TRELLIS_PIN_CORES=whole), the others as the helper pins itself: the two compared a few seconds
 * apart, where this machine's speed drifts from minute to minute.
 */
function pinFor(mode) {
  if (!pinAsHelper) return;
  process.env.TRELLIS_PIN_CORES = mode.endsWith('~whole') ? 'whole' : '';
  pinAsHelper(threads);
}
const wayOf = (mode) => ways[mode.replace(/~whole$/, '')];
const results = Object.fromEntries(modes.map((m) => [m, []]));
for (const mode of modes) {
  pinFor(mode);
  await wayOf(mode)[1](); // warm-up
}
for (let r = 0; r < rounds; r++) {
  for (const mode of modes) {
    pinFor(mode);
    const [spent, run] = wayOf(mode);
    spent.decode = spent.sample = 0;
    const cpuBefore = process.cpuUsage();
    const ms = await run();
    const cpu = process.cpuUsage(cpuBefore);
    // The evaluate loops decode once more than they time (the first token's prompt), close enough.
    // CPU time (every thread of this process) does not count waiting for a core: on a loaded machine
    // it tells work from scheduling.
    results[mode].push({
      ms: ms / TG,
      decode: spent.decode / TG,
      sample: spent.sample / TG,
      cpu: (cpu.user + cpu.system) / 1000 / TG,
    });
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const r2 = (x) => Math.round(x * 100) / 100;
const rows = modes.map((mode) => {
  const ms = median(results[mode].map((x) => x.ms));
  const decode = median(results[mode].map((x) => x.decode));
  const sample = median(results[mode].map((x) => x.sample));
  const cpu = median(results[mode].map((x) => x.cpu));
  return {
    way: mode,
    tps: r2(1000 / ms),
    ms: r2(ms),
    decode: r2(decode),
    sample: r2(sample),
    rest: r2(ms - decode - sample),
    cpu: r2(cpu),
  };
});
console.table(rows);
await plain.dispose();
await pooled.dispose();
await model.dispose();
fs.rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    bench: 'per-token',
    date: new Date().toISOString(),
    binary: binary.kind,
    gpu,
    llama_bench_build: referenceBench?.build ?? null,
    threads,
    weights: model.useMmap ? 'mapped' : 'in-memory',
    huge_pages: hugePages,
    pinned,
    loadavg: os.loadavg()[0],
    rows,
  }),
);
