// bench:bindings — the same GGUF through node-llama-cpp directly (no helper, no Trellis code),
// under several bindings: the prebuilt one npm installs, a native build, or any folder holding a
// llama-addon.node. Each run is a child process of its own (one binding per process), the
// bindings taken in turn within each round so that all meet the same machine load; medians.
// Each child says which ggml CPU library it mapped (the prebuilt binding picks one of its
// libggml-cpu-<variant>.so at run time) and what llama.cpp reports of its CPU backend.
// Usage: node bench/model/bindings.mjs --binding prebuilt --binding native=/path/to/Release
//   [--threads 1,2] [--batch 512,128] [--rounds 3] [--shape small] [--type f16|f32] [--pp 512] [--tg 128]
//   [--env NAME=VALUE …]  set in every child (e.g. OMP_WAIT_POLICY=passive)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { quick } from '../args.mjs';

const argv = process.argv.slice(2);
const many = (name) => argv.flatMap((a, i) => (a === `--${name}` && argv[i + 1] !== undefined ? [argv[i + 1]] : []));
/** The last `--name value`, else the quick-mode value (BENCH_QUICK=1: seconds, for test/bench), else the fallback. */
const one = (name, fallback, quickValue = fallback) => many(name).at(-1) ?? (quick ? quickValue : fallback);

if (argv[0] === '--child') await child(JSON.parse(argv[1]));
else await parent();

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function parent() {
  const { SHAPES, writeGguf } = await import('./shapes.mjs');
  const bindings = (many('binding').length ? many('binding') : ['prebuilt']).map((spec) => {
    const [name, folder] = spec.split('=');
    return { name, folder: folder ?? (name === 'prebuilt' ? null : name) };
  });
  const threadCounts = one('threads', '1,2', '1').split(',').map(Number);
  const rounds = Number(one('rounds', '3', '1'));
  const shape = one('shape', 'small', 'tiny');
  const tensorType = one('type', SHAPES[shape].tensorType);
  const pp = Number(one('pp', '512', '64'));
  const tg = Number(one('tg', '128', '16'));
  const batches = one('batch', String(pp)).split(',').map(Number);
  const env = Object.fromEntries(many('env').map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-bindings-'));
  const modelPath = path.join(dir, `${shape}.gguf`);
  writeGguf(modelPath, { ...SHAPES[shape], tensorType });
  console.log(
    `Model ${shape} (${tensorType}); pp${pp} (batch ${batches.join(', ')}), tg${tg}; threads ${threadCounts.join(', ')}; ${rounds} rounds; load ${os.loadavg()[0].toFixed(1)}`,
  );
  const results = [];
  for (let round = 1; round <= rounds; round++) {
    for (const threads of threadCounts)
      for (const batch of batches) {
        // Alternate which binding goes first, so neither always meets the other's leftovers.
        const order = round % 2 ? bindings : [...bindings].reverse();
        for (const binding of order) {
          const run = spawnSync(
            process.execPath,
            [import.meta.filename, '--child', JSON.stringify({ ...binding, modelPath, threads, pp, tg, batch })],
            { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
          );
          const line = run.stdout.trim().split('\n').at(-1) ?? '';
          if (run.status !== 0 || !line.startsWith('{')) {
            console.error(`${binding.name} failed:\n${run.stderr}\n${run.stdout}`);
            process.exit(1);
          }
          const result = { round, threads, batch, binding: binding.name, ...JSON.parse(line) };
          results.push(result);
          console.log(
            `  round ${round}, ${threads} thread(s), batch ${batch}, ${binding.name.padEnd(10)} pp ${result.pp.toFixed(1).padStart(7)}  tg ${result.tg.toFixed(1).padStart(6)} t/s  (${result.variant})`,
          );
        }
      }
  }
  console.log('\nMedians (t/s):');
  const summary = [];
  for (const threads of threadCounts)
    for (const batch of batches)
      for (const { name } of bindings) {
        const mine = results.filter((r) => r.threads === threads && r.batch === batch && r.binding === name);
        const row = {
          binding: name,
          threads,
          batch,
          pp: Math.round(median(mine.map((r) => r.pp)) * 10) / 10,
          tg: Math.round(median(mine.map((r) => r.tg)) * 10) / 10,
          variant: mine[0].variant,
          cpu: mine[0].cpu,
        };
        summary.push(row);
        console.log(
          `  ${threads} thread(s), batch ${batch}  ${name.padEnd(10)} pp ${row.pp}  tg ${row.tg}  ${row.variant}: ${row.cpu}`,
        );
      }
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    JSON.stringify({ bench: 'bindings', date: new Date().toISOString(), shape, tensorType, pp, tg, env, summary }),
  );
}

/** The ggml CPU libraries this process has mapped: which variant the binding chose. */
function mappedCpuLibraries() {
  const maps = fs.readFileSync('/proc/self/maps', 'utf8');
  const found = new Set(maps.match(/\S*libggml-cpu[^\s]*\.so|\S*libggml\.[^\s]*so/g) ?? []);
  return [...found].map((file) => path.basename(file)).join(' ');
}

async function child({ folder, modelPath, threads, pp, tg, batch }) {
  const lib = await import('node-llama-cpp');
  const llama = folder ? await loadFolder(lib, folder) : await lib.getLlama({ build: 'never', gpu: false });
  const model = await llama.loadModel({ modelPath, gpuLayers: 0 });
  const context = await model.createContext({
    contextSize: pp + tg,
    batchSize: batch,
    threads,
    flashAttention: true,
    sequences: 1,
  });
  const sequence = context.getSequence();
  const filler = model.tokenize(' the flight search hotel book city date plan step tool result');
  const prompt = Array.from({ length: pp }, (_, i) => filler[i % filler.length]);
  const timePrompt = async () => {
    await sequence.clearHistory();
    const started = performance.now();
    await sequence.evaluateWithoutGeneratingNewTokens(prompt);
    return (pp / (performance.now() - started)) * 1000;
  };
  const timeGeneration = async () => {
    await sequence.clearHistory();
    let count = 0;
    let started = 0;
    for await (const token of sequence.evaluate([filler[0]], { temperature: 0 })) {
      void token;
      if (count === 0) started = performance.now();
      if (++count > tg) break;
    }
    return ((count - 1) / (performance.now() - started)) * 1000;
  };
  await timePrompt(); // warm-up
  const ppRate = median([await timePrompt(), await timePrompt()]);
  await timeGeneration();
  const tgRate = await timeGeneration();
  const cpu = llama.systemInfo.match(/CPU : ([^\n]*)/)?.[1] ?? '';
  const features = [...cpu.matchAll(/([A-Z0-9_]+) = 1/g)].map((m) => m[1]).join(' ');
  console.log(JSON.stringify({ pp: ppRate, tg: tgRate, variant: mappedCpuLibraries(), cpu: features }));
  await llama.dispose();
}

/** A binding in any folder, through node-llama-cpp's internal loader (as backend/llm/llama-runtime.ts). */
async function loadFolder(lib, folder) {
  const bindingPath = path.join(folder, 'llama-addon.node');
  const addon = { exports: {} };
  process.dlopen(addon, bindingPath);
  return lib.Llama._create({
    bindings: addon.exports,
    bindingPath,
    buildType: 'localBuild',
    buildMetadata: JSON.parse(fs.readFileSync(path.join(folder, '_nlcBuildMetadata.json'), 'utf8')),
    logLevel: lib.LlamaLogLevel.warn,
    logger: lib.Llama.defaultConsoleLogger,
    vramPadding: () => 0,
    ramPadding: (total) => Math.floor(Math.min(total * 0.25, 2 ** 30)),
    debug: false,
    numa: false,
    tempDir: false,
  });
}
