// bench:settings — which load settings run fastest on this machine: context size, flash attention
// and threads, each configuration in its own llama helper, all loaded at once and measured in
// turn (A B C D, A B C D, …) so a busy machine's drift falls on every configuration alike.
// Measures pp512 and tg128 inside the helper (as bench:model) and a streamed 128-token
// completion over IPC; medians per configuration, and each against the first one.
// Usage: node bench/model/settings.mjs [--shape small|tiny|1b] [--rounds 5] [--native]
//   [--configs 4096:off:1,640:on:1,…]  context:flash-attention:threads
//   [--quick]  the tiny model, two configurations, one round: seconds, to see that it still runs
import os from 'node:os';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { arg } from '../args.mjs';
import { SHAPES, writeGguf } from './shapes.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { ModelSupervisor } = require(path.join(root, 'dist/backend/llm/supervisor.js'));
const { NativeBuilds, nativeBuildsDir } = require(path.join(root, 'dist/backend/llm/native-build.js'));
const { defaultConfigDir } = require(path.join(root, 'dist/backend/config/user-config.js'));

const cores = os.availableParallelism();
const shapeName = arg('shape', 'small', 'tiny');
const rounds = Number(arg('rounds', 5, 1));
const configs = arg(
  'configs',
  `4096:off:${Math.max(1, cores - 1)},4096:on:${Math.max(1, cores - 1)},640:off:${Math.max(1, cores - 1)},640:on:${Math.max(1, cores - 1)},4096:on:${cores}`,
  '640:off:1,640:on:1',
)
  .split(',')
  .map((c) => {
    const [context, fa, threads] = c.split(':');
    return { context: Number(context), flashAttention: fa === 'on', threads: Number(threads) };
  });
let nativeRecord;
if (process.argv.includes('--native')) {
  const builds = new NativeBuilds(nativeBuildsDir(defaultConfigDir()), () => Promise.reject(new Error('no build')));
  nativeRecord = builds.recorded() ? builds.recordFile : undefined;
  if (!nativeRecord) console.log('No native build is recorded: the prebuilt binding runs.');
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-settings-'));
const modelPath = path.join(dir, `${shapeName}.gguf`);
const written = writeGguf(modelPath, SHAPES[shapeName]);
const name = (c) => `context ${c.context}, flash attention ${c.flashAttention ? 'on' : 'off'}, ${c.threads} threads`;
console.log(
  `Model: ${shapeName}, ${(written.parameters / 1e6).toFixed(1)} M parameters; ${cores} cores; ${rounds} rounds`,
);

const helpers = [];
for (const c of configs) {
  const supervisor = new ModelSupervisor({ env: { TRELLIS_GPU: 'off' }, ...(nativeRecord ? { nativeRecord } : {}) });
  await supervisor.load(modelPath, {
    gpuLayers: 0,
    contextSize: c.context,
    threads: c.threads,
    batchSize: 512,
    flashAttention: c.flashAttention,
    sequences: 1,
  });
  helpers.push({ config: c, supervisor, pp: [], tg: [], streamed: [] });
}
const binary = await helpers[0].supervisor.binary();

for (let r = 0; r < rounds; r++) {
  for (const h of helpers) {
    const b = await h.supervisor.benchmark(512, 128);
    h.pp.push(b.promptTokensPerSecond);
    h.tg.push(b.generateTokensPerSecond);
    const times = [];
    await h.supervisor.generate(
      { prompt: 'Plan a trip to Lisbon:', chat: false, maxTokens: 128, temperature: 0.8, seed: r + 1 },
      () => times.push(performance.now()),
    );
    if (times.length > 1) h.streamed.push(((times.length - 1) / (times.at(-1) - times[0])) * 1000);
  }
}
for (const h of helpers) await h.supervisor.stop();
fs.rmSync(dir, { recursive: true, force: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const base = helpers[0];
const rows = helpers.map((h) => ({
  context: h.config.context,
  flash_attention: h.config.flashAttention,
  threads: h.config.threads,
  pp512: round(median(h.pp)),
  tg128: round(median(h.tg)),
  streamed: round(median(h.streamed)),
  pp_vs_first: round(median(h.pp) / median(base.pp), 2),
  tg_vs_first: round(median(h.tg) / median(base.tg), 2),
  streamed_vs_first: round(median(h.streamed) / median(base.streamed), 2),
}));
for (const [i, row] of rows.entries())
  console.log(
    `  ${name(helpers[i].config).padEnd(48)} pp512 ${row.pp512} t/s (${row.pp_vs_first}×)   tg128 ${row.tg128} t/s (${row.tg_vs_first}×)   streamed ${row.streamed} t/s (${row.streamed_vs_first}×)`,
  );
console.log(
  JSON.stringify({
    bench: 'settings',
    date: new Date().toISOString(),
    shape: shapeName,
    parameters: written.parameters,
    cores,
    rounds,
    binary: { kind: binary.kind, variant: binary.cpuVariant ?? null, backend: binary.backend },
    rows,
  }),
);
