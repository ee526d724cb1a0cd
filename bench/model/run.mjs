// bench:model — prompt processing (pp512) and generation (tg128) tokens/s of the same GGUF,
// same threads, same run: through Trellis's llama helper and through llama.cpp's own
// llama-bench. Also grammar-constrained (plan-shaped JSON Schema) against unconstrained
// generation. The last line is one JSON object with the figures and ratios.
// Usage: npm run bench:model [-- --shape small|1b|tiny] [-- --gpu cuda]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { arg } from '../args.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { writeGguf, TINY_MODEL, BENCH_MODEL_1B } = require(path.join(root, 'dist/test/support/gguf-writer.js'));
const { ModelSupervisor } = require(path.join(root, 'dist/backend/model/supervisor.js'));

const SHAPES = {
  tiny: TINY_MODEL,
  // ~124M parameters: large enough to measure, small enough for a two-core CPU.
  small: {
    embedding: 768,
    layers: 12,
    heads: 12,
    kvHeads: 4,
    feedForward: 2048,
    contextLength: 2048,
    tensorType: 'f16',
    vocabularySize: 32000,
  },
  '1b': BENCH_MODEL_1B,
};
const shapeName = arg('shape', 'small');
const gpu = arg('gpu', 'off');
const threads = Number(arg('threads', Math.max(1, os.availableParallelism() - 1)));
const repetitions = Number(arg('repetitions', 3));
const PP = 512;
const TG = 128;

const llamaBench = path.join(root, 'build/llama.cpp/bin/llama-bench');
if (!fs.existsSync(llamaBench)) {
  console.error(
    `llama-bench is not built (${llamaBench}). Run "npm run build:llama-tools" first (add -- --cuda on a GPU machine).`,
  );
  process.exit(1);
}

const PLAN_SCHEMA = {
  type: 'object',
  properties: {
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          tool: { type: 'string', enum: ['search_flights', 'book_flight', 'search_hotels', 'book_hotel'] },
          args: {
            type: 'object',
            properties: { city: { type: 'string' }, date: { type: 'string' }, passengers: { type: 'integer' } },
          },
          dependsOn: { type: 'array', items: { type: 'string' } },
        },
        required: ['id', 'tool', 'args', 'dependsOn'],
      },
    },
  },
  required: ['steps'],
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-model-'));
const modelPath = path.join(dir, `${shapeName}.gguf`);
const written = writeGguf(modelPath, SHAPES[shapeName]);
console.log(
  `Model: ${shapeName}, ${(written.parameters / 1e6).toFixed(1)} M parameters, ${(written.bytes / 2 ** 20).toFixed(0)} MiB; threads ${threads}; GPU ${gpu}`,
);

const ngl = gpu === 'off' ? 0 : 99;
const bench = spawnSync(
  llamaBench,
  [
    '-m',
    modelPath,
    '-p',
    String(PP),
    '-n',
    String(TG),
    '-t',
    String(threads),
    '-ngl',
    String(ngl),
    '-r',
    String(repetitions),
    '-o',
    'json',
  ],
  {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  },
);
if (bench.status !== 0) {
  console.error(bench.stderr);
  process.exit(1);
}
const rows = JSON.parse(bench.stdout);
const reference = {
  pp: rows.find((r) => r.n_prompt === PP && r.n_gen === 0).avg_ts,
  tg: rows.find((r) => r.n_gen === TG && r.n_prompt === 0).avg_ts,
};

const supervisor = new ModelSupervisor({ env: { TRELLIS_GPU: gpu === 'off' ? 'off' : 'on' } });
// As llama-bench: a context just large enough, flash attention on where the backend has it.
await supervisor.load(modelPath, {
  gpuLayers: gpu === 'off' ? 0 : 'max',
  contextSize: PP + TG,
  threads,
  batchSize: PP,
  flashAttention: true,
});
const runs = [];
for (let i = 0; i < repetitions; i++) runs.push(await supervisor.benchmark(PP, TG, PLAN_SCHEMA));
await supervisor.stop();
fs.rmSync(dir, { recursive: true, force: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const trellis = {
  pp: median(runs.map((r) => r.promptTokensPerSecond)),
  tg: median(runs.map((r) => r.generateTokensPerSecond)),
  msPerToken: median(runs.map((r) => r.msPerToken)),
  msPerTokenConstrained: median(runs.map((r) => r.msPerTokenConstrained ?? NaN)),
};
const summary = {
  bench: 'model',
  date: new Date().toISOString(),
  shape: shapeName,
  parameters: written.parameters,
  threads,
  gpu,
  llama_bench: { pp512: round(reference.pp, 1), tg128: round(reference.tg, 1) },
  trellis: { pp512: round(trellis.pp, 1), tg128: round(trellis.tg, 1) },
  pp_ratio: round(trellis.pp / reference.pp),
  tg_ratio: round(trellis.tg / reference.tg),
  constrained_time_ratio: round(trellis.msPerTokenConstrained / trellis.msPerToken),
};
summary.goals = {
  pp_ge_0_95: summary.pp_ratio >= 0.95,
  tg_ge_0_95: summary.tg_ratio >= 0.95,
  constrained_le_1_15: summary.constrained_time_ratio <= 1.15,
};
console.log(
  `  pp${PP}  llama-bench ${summary.llama_bench.pp512} t/s   Trellis ${summary.trellis.pp512} t/s   ratio ${summary.pp_ratio}`,
);
console.log(
  `  tg${TG}  llama-bench ${summary.llama_bench.tg128} t/s   Trellis ${summary.trellis.tg128} t/s   ratio ${summary.tg_ratio}`,
);
console.log(`  constrained / unconstrained time per token: ${summary.constrained_time_ratio}`);
console.log(JSON.stringify(summary));
