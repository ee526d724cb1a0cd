// bench:model — prompt processing (pp512) and generation (tg128) tokens/s of the same GGUF,
// same threads, same run: through Trellis's llama helper and through llama.cpp's own
// llama-bench (when built: npm run build:llama-tools). Also grammar-constrained (plan-shaped
// JSON Schema) against unconstrained generation, and generation as the UI receives it: token
// by token over the supervisor's IPC and through the backend's event stream. Says which
// llama.cpp binding ran. The last line is one JSON object with the figures and ratios.
// Usage: npm run bench:model [-- --shape small|1b|tiny] [--gpu cuda] [--native|--prebuilt] [--threads N]
//   [--context N] [--flash-attention on|off]  the helper's context (default 640, on, as llama-bench)
//   --gpu cuda  offload every layer;  --native  run the native build recorded for this machine
//   (built first, offline, when there is none: the whole binding, node-llama-cpp's native build).
//   By default on the CPU it runs what a user gets without building anything by hand: the app
//   compiles the prebuilt binding's CPU library by itself on the first model load, so the bench
//   does the same first when none is recorded (minutes; TRELLIS_NATIVE_BUILD=off or --prebuilt:
//   the prebuilt binding as npm installed it).
//   --quick  the tiny model, pp64 and tg16 once: seconds, to see that the bench still runs
//   --skip-loops  leave out the chat turn through both generation loops (minutes with the 1b shape)
//   --skip-constrained  leave out the plan under its JSON Schema (the constrained figures are null)
//   --reference-cores helper|free  llama-bench on the cores the helper keeps to (default; the
//   helper pins itself when it has fewer threads than cores), or wherever the scheduler puts it
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { arg, quick } from '../args.mjs';
import { compareLoops, describeLoops } from './loops.mjs';
import { llamaBenchReference } from './reference.mjs';
import { SHAPES, writeGguf } from './shapes.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { ModelSupervisor } = require(path.join(root, 'dist/backend/llm/supervisor.js'));
const { NativeBuilds, nativeBuildsDir, nativeBuildProblem } = require(
  path.join(root, 'dist/backend/llm/native-build.js'),
);
const { buildWithNodeLlamaCpp } = require(path.join(root, 'dist/backend/llm/node-llama-cpp-builder.js'));
const { cpuLibraryBuilder, cpuLibraryBuildFits } = require(path.join(root, 'dist/backend/llm/cpu-library-builder.js'));
const { defaultConfigDir } = require(path.join(root, 'dist/backend/config/user-config.js'));

const loadAtStart = os.loadavg()[0];
const shapeName = arg('shape', 'small', 'tiny');
const gpu = arg('gpu', 'off');
const threads = Number(arg('threads', Math.max(1, os.availableParallelism() - 1)));
const repetitions = Number(arg('repetitions', 3, 1));
const native = process.argv.includes('--native');
// What the app does on the first model load (auto-native-build.ts), unless turned off the same way.
const automatic =
  !native &&
  !process.argv.includes('--prebuilt') &&
  gpu === 'off' &&
  process.env.TRELLIS_NATIVE_BUILD !== 'off' &&
  cpuLibraryBuildFits();
const skipLoops = process.argv.includes('--skip-loops');
const skipConstrained = process.argv.includes('--skip-constrained');
const PP = quick ? 64 : 512;
const TG = quick ? 16 : 128;
// The helper's context as llama-bench's by default (just large enough, flash attention on); the
// app's own defaults are measured against it with --context 4096 --flash-attention off.
const contextSize = Number(arg('context', PP + TG, 128));
const flashAttention = arg('flash-attention', 'on') === 'on';
const referenceCores = arg('reference-cores', 'helper');

// --native: the build recorded in the user's config folder, made now when there is none that fits;
// by default the CPU library the app builds by itself.
const nativeRecord = native || automatic ? await ensureNativeBuild(native ? 'whole' : 'cpu library') : undefined;
const referenceBench = llamaBenchReference(
  nativeRecord ? JSON.parse(fs.readFileSync(nativeRecord, 'utf8')).folder : null,
);
const llamaBench = referenceBench?.path;
async function ensureNativeBuild(kind) {
  const builder = kind === 'whole' ? buildWithNodeLlamaCpp : cpuLibraryBuilder();
  const builds = new NativeBuilds(nativeBuildsDir(defaultConfigDir()), builder);
  const recorded = builds.recorded();
  const wanted = gpu === 'off' ? 'cpu' : gpu;
  const sameKind = recorded && Boolean(recorded.cpuLibrary) === (kind === 'cpu library');
  // A CPU library built before the native generation call is built again, as the app does.
  const current = kind === 'whole' || Boolean(recorded?.nativeCall || recorded?.nativeCallProblem);
  if (recorded && sameKind && current && recorded.backend === wanted && !nativeBuildProblem(recorded, gpu === 'off'))
    return builds.recordFile;
  console.log(
    kind === 'whole'
      ? `Building the native ${wanted} binding first (offline; many minutes)…`
      : "Building the prebuilt binding's CPU library for this machine first, as the app does on the first model load (offline; minutes)…",
  );
  let shown = -10;
  const lastLines = [];
  const record = await builds
    .build(wanted, {
      onLine: (line) => lastLines.push(line) > 40 && lastLines.shift(),
      onProgress: (f) => f * 100 >= shown + 10 && console.log(`  ${(shown = Math.floor(f * 100))}%`),
      signal: new globalThis.AbortController().signal,
    })
    .catch((error) => {
      console.error(`The build failed: ${error.message}\nIts last lines:\n${lastLines.join('\n')}`);
      process.exit(1);
    });
  console.log(`  built in ${record.buildSeconds} s: ${record.folder}`);
  return builds.recordFile;
}

// A plan as the planner asks for one: two or three steps, short identifiers and arguments. The
// goal is set on an answer of at least 200 tokens; the figure says how many it had.
const text = (maxLength) => ({ type: 'string', maxLength });
const PLAN_SCHEMA = {
  type: 'object',
  properties: {
    steps: {
      type: 'array',
      minItems: 2,
      maxItems: 3,
      items: {
        type: 'object',
        properties: {
          id: text(12),
          tool: { type: 'string', enum: ['search_flights', 'book_flight', 'search_hotels', 'book_hotel'] },
          args: {
            type: 'object',
            properties: { city: text(24), date: text(10), passengers: { type: 'integer' } },
          },
          dependsOn: { type: 'array', items: text(12), maxItems: 2 },
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
/** One llama-bench run of pp and tg (one repetition): taken in turn with Trellis's, see below. */
function runLlamaBench() {
  // Cores of a VM differ by up to a third in speed, and from minute to minute: the reference runs
  // on the cores the helper runs on, so that both meet the same core.
  const [command, prefix] = referenceOn ? ['taskset', ['-c', referenceOn.join(','), llamaBench]] : [llamaBench, []];
  const bench = spawnSync(
    command,
    [...prefix, '-m', modelPath, '-p', String(PP), '-n', String(TG), '-t', String(threads), '-ngl', String(ngl)].concat(
      ['-fa', flashAttention ? '1' : '0'],
      // The weights loaded as the helper loaded them (backend/llm/weights-loading.ts).
      ['-mmp', weights === 'in-memory' ? '0' : '1'],
      ['-r', '1', '-o', 'json'],
    ),
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (bench.status !== 0) {
    console.error(bench.stderr);
    process.exit(1);
  }
  const rows = JSON.parse(bench.stdout);
  return {
    pp: rows.find((r) => r.n_prompt === PP && r.n_gen === 0).avg_ts,
    tg: rows.find((r) => r.n_gen === TG && r.n_prompt === 0).avg_ts,
  };
}

const helperEnv = { TRELLIS_GPU: gpu === 'off' ? 'off' : 'on' };
const settings = {
  gpuLayers: gpu === 'off' ? 0 : 'max',
  contextSize,
  threads,
  batchSize: PP,
  flashAttention,
};
const supervisor = new ModelSupervisor({ env: helperEnv, ...(nativeRecord ? { nativeRecord } : {}) });
const { cores, restCores, weights, hugePages } = await supervisor.load(modelPath, settings);
/** The cores llama-bench runs on: the helper's, unless asked to leave it free (or the helper is not pinned). */
const referenceOn = referenceCores === 'helper' && cores?.length ? cores : null;
const binary = await supervisor.binary();
// prebuilt (and the CPU variant it chose) or native: a figure of the native build is what a user
// gets only once it is built (by itself on the app's first model load, or `trellis model build`).
const bindingName =
  (binary.cpuLibraryBuiltHere
    ? `prebuilt, ${binary.cpuVariant} CPU library built here`
    : binary.kind === 'native'
      ? 'native'
      : `prebuilt${binary.cpuVariant ? `, variant ${binary.cpuVariant}` : ''}`) +
  (binary.nativeCall
    ? ', native generation call'
    : `, two native calls a token${binary.nativeCallProblem ? ` (${binary.nativeCallProblem})` : ''}`);
console.log(
  `Binding: ${bindingName}, ${binary.backend}, ${binary.cpuFeatures.join(' ')}, ${binary.mathCores} math cores` +
    (binary.fallbackReason ? ` (not native: ${binary.fallbackReason})` : ''),
);
console.log(
  `Helper ${cores?.length ? `decoding on cores ${cores.join(',')}${restCores?.length ? `, the rest on ${restCores.join(',')}` : ''}` : 'on any core'}; llama-bench ${referenceOn ? 'on the same cores' : 'where the scheduler puts it'}; weights ${weights === 'in-memory' ? 'read into memory' : 'mapped'} in both${hugePages ? " (the helper's on huge pages)" : ''}`,
);
const runs = [];
const references = [];
// Where the binding has the native generation call, generation is also timed without it (two
// calls a token, as node-llama-cpp's evaluate makes them), in the same repetition.
const twoCallRuns = [];

// Generation as the UI receives it: one chunk per token, timed where it arrives. The rate runs
// from the first chunk to the last, so prompt processing is left out, as in tg128.
const GENERATE = { prompt: 'Plan a trip to Lisbon:', chat: false, maxTokens: TG, temperature: 0.8 };
const rate = (count, ms) => ((count - 1) / ms) * 1000;
const arrivalRate = (times) => (times.length > 1 ? rate(times.length, times.at(-1) - times[0]) : NaN);
const streamed = { helper: [], ipc: [], events: [] };
const viaSupervisor = async (seed) => {
  const times = [];
  const result = await supervisor.generate({ ...GENERATE, seed }, () => times.push(performance.now()));
  if (result.chunkMs) streamed.helper.push(rate(result.chunks, result.chunkMs.last - result.chunkMs.first));
  streamed.ipc.push(arrivalRate(times));
};
// Through the backend, as a shell sees it: models.generate as a job, tokens as models.token events.
// Its own helper; runs alternate with the supervisor's so both meet the same machine load.
let backend = null;
let eventsNote = null;
try {
  const { createBackend } = require(path.join(root, 'dist/backend/backend.js'));
  backend = createBackend({
    workspace: path.join(dir, 'bench.trellis'),
    host: 'cli',
    seed: false,
    modelEnv: helperEnv,
    configDir: nativeRecord ? path.dirname(path.dirname(nativeRecord)) : dir,
  });
  await backend.registry.invoke('models.load', { path: modelPath, settings });
  const through = await backend.registry.invoke('models.binary', {});
  if (through.kind !== binary.kind) eventsNote = `the backend ran the ${through.kind} binding`;
} catch (error) {
  backend?.close();
  backend = null;
  eventsNote = `the backend could not start here (${error.message}); event-stream figures left out`;
}
const viaEvents = async (seed) => {
  const times = [];
  const off = backend.events.subscribe((name) => name === 'models.token' && times.push(performance.now()));
  await backend.registry.invoke('models.generate', { ...GENERATE, seed, jobId: `bench-${seed}` });
  off();
  streamed.events.push(arrivalRate(times));
};
// Every side once per repetition, in turn: on a shared machine the load drifts within seconds, and
// a side measured all before the other would meet another machine. Ratios are taken within a
// repetition, then the median of them.
for (let i = 0; i < repetitions; i++) {
  if (referenceBench) references.push(runLlamaBench());
  runs.push(await supervisor.benchmark(PP, TG, skipConstrained ? undefined : PLAN_SCHEMA));
  if (binary.nativeCall) twoCallRuns.push(await supervisor.benchmark(PP, TG, undefined, { nativeCall: false }));
  await viaSupervisor(i + 1);
  if (backend) await viaEvents(i + 1);
}
// Every generation Trellis makes is a chat turn: the own loop against LlamaChatSession on it. The
// chat format's system prompt and a plan need more context than pp + tg: reloaded with at least 1024.
const CHAT_TURN = { prompt: 'Plan a trip to Lisbon, step by step.', chat: true, temperature: 0.8, seed: 7 };
const loopContext = Math.max(contextSize, 1024);
let loops = null;
if (!skipLoops) {
  await supervisor.load(modelPath, { ...settings, contextSize: loopContext });
  loops = {
    unconstrained: await compareLoops(supervisor, loopContext, { ...CHAT_TURN, maxTokens: TG }, repetitions),
    constrained: await compareLoops(
      supervisor,
      loopContext,
      { ...CHAT_TURN, maxTokens: TG * 3, jsonSchema: PLAN_SCHEMA },
      repetitions,
    ),
  };
}
backend?.close();
await supervisor.stop();
fs.rmSync(dir, { recursive: true, force: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reference = references.length
  ? { pp: median(references.map((r) => r.pp)), tg: median(references.map((r) => r.tg)) }
  : null;
/** The median over repetitions of a / b, each pair measured side by side. */
const pairedRatio = (as, bs) => {
  const ratios = as.map((a, i) => a / bs[i]).filter(Number.isFinite);
  return ratios.length ? round(median(ratios)) : null;
};
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const trellis = {
  pp: median(runs.map((r) => r.promptTokensPerSecond)),
  tg: median(runs.map((r) => r.generateTokensPerSecond)),
  msPerToken: median(runs.map((r) => r.msPerToken)),
  msPerTokenConstrained: median(runs.map((r) => r.msPerTokenConstrained ?? NaN)),
  constrainedTokens: median(runs.map((r) => r.constrainedTokens ?? 0)),
  constrainedSampled: median(runs.map((r) => r.constrainedSampledTokens ?? 0)),
  constrainedChars: median(runs.map((r) => r.constrainedChars ?? 0)),
  msPerTokenEverySampled: median(runs.map((r) => r.msPerTokenConstrainedEverySampled ?? NaN)),
  everySampledTokens: median(runs.map((r) => r.constrainedEverySampledTokens ?? 0)),
  everySampledChars: median(runs.map((r) => r.constrainedEverySampledChars ?? 0)),
};
const e2e = {
  helper: median(streamed.helper),
  ipc: median(streamed.ipc),
  events: streamed.events.length ? median(streamed.events) : NaN,
};
// What the UI receives: the backend's events, or the supervisor's IPC where no backend could start.
const received = streamed.events.length ? streamed.events : streamed.ipc;
const summary = {
  bench: 'model',
  date: new Date().toISOString(),
  shape: shapeName,
  parameters: written.parameters,
  threads,
  context: contextSize,
  flash_attention: flashAttention,
  gpu,
  /** The cores the helper kept to (null: anywhere), and whether llama-bench ran on them too. */
  helper_cores: cores ?? null,
  /** The cores of the helper's other threads when apart from its decoding (null: with it). */
  helper_rest_cores: restCores ?? null,
  reference_cores: referenceOn ? 'helper' : 'free',
  /** How the helper loaded the weights; llama-bench loads them the same way (-mmp). */
  weights: weights ?? 'mapped',
  /** The helper's weights on transparent huge pages (glibc's malloc asks: backend/llm/weights-loading.ts). */
  huge_pages: hugePages ?? false,
  // The machine's load average (1 minute) when the run started and ended: figures from a shared
  // machine mean little without it.
  load: [round(loadAtStart, 1), round(os.loadavg()[0], 1)],
  binary: {
    kind: binary.kind,
    /** The ggml CPU library the prebuilt binding chose (zen4, haswell, …); null for a native build. */
    variant: binary.cpuVariant ?? null,
    backend: binary.backend,
    cpu: binary.cpuFeatures.join(' '),
    fallback: binary.fallbackReason,
    /** Generation by Trellis's native call (several tokens per call), or node-llama-cpp's two calls a token. */
    native_call: binary.nativeCall ?? false,
    native_call_problem: binary.nativeCallProblem ?? null,
  },
  /** Which llama-bench: "linked" to the helper's native build, or llama.cpp's "own" build (bench/model/reference.mjs). */
  llama_bench_build: referenceBench?.build ?? null,
  llama_bench: reference ? { pp512: round(reference.pp, 1), tg128: round(reference.tg, 1) } : null,
  trellis: { pp512: round(trellis.pp, 1), tg128: round(trellis.tg, 1) },
  pp_ratio: reference
    ? pairedRatio(
        runs.map((r) => r.promptTokensPerSecond),
        references.map((r) => r.pp),
      )
    : null,
  tg_ratio: reference
    ? pairedRatio(
        runs.map((r) => r.generateTokensPerSecond),
        references.map((r) => r.tg),
      )
    : null,
  // The same tg without the native call, where the binding has it: its figure and ratio.
  tg_two_calls: twoCallRuns.length ? round(median(twoCallRuns.map((r) => r.generateTokensPerSecond)), 1) : null,
  tg_two_calls_ratio:
    reference && twoCallRuns.length
      ? pairedRatio(
          twoCallRuns.map((r) => r.generateTokensPerSecond),
          references.map((r) => r.tg),
        )
      : null,
  // A plan as generation makes it (the text its grammar forces decoded in one go, not sampled),
  // and the same schema with every token sampled: time per token over unconstrained generation's.
  constrained_time_ratio: round(trellis.msPerTokenConstrained / trellis.msPerToken),
  constrained_tokens: trellis.constrainedTokens,
  constrained_sampled_tokens: trellis.constrainedSampled,
  constrained_chars: trellis.constrainedChars,
  every_sampled_time_ratio: round(trellis.msPerTokenEverySampled / trellis.msPerToken),
  every_sampled_tokens: trellis.everySampledTokens,
  every_sampled_chars: trellis.everySampledChars,
  // Tokens/s of a 128-token completion: as chunks leave the helper, as they arrive over IPC, as backend events.
  streamed: {
    helper: round(e2e.helper, 1),
    ipc: round(e2e.ipc, 1),
    events: Number.isFinite(e2e.events) ? round(e2e.events, 1) : null,
  },
  e2e_ratio: pairedRatio(
    received,
    runs.map((r) => r.generateTokensPerSecond),
  ),
  e2e_over_helper_stream: pairedRatio(received, streamed.helper),
  // A chat turn through the helper's own generation loop and through LlamaChatSession, in turn.
  loops,
  ...(eventsNote ? { note: eventsNote } : {}),
};
summary.goals = {
  pp_ge_0_95: summary.pp_ratio === null ? null : summary.pp_ratio >= 0.95,
  tg_ge_0_95: summary.tg_ratio === null ? null : summary.tg_ratio >= 0.95,
  constrained_le_1_15: skipConstrained
    ? null
    : summary.constrained_time_ratio <= 1.15 && summary.constrained_tokens >= 200,
  e2e_ge_0_9: summary.e2e_ratio === null ? null : summary.e2e_ratio >= 0.9,
};
const ref = (x) => (reference ? `${x} t/s` : 'not built');
console.log(`  binding: ${bindingName}${binary.kind === 'native' ? ' (built for this machine)' : ''}`);
console.log(
  `  pp${PP}  llama-bench ${ref(summary.llama_bench?.pp512)}   Trellis ${summary.trellis.pp512} t/s   ratio ${summary.pp_ratio}`,
);
console.log(
  `  tg${TG}  llama-bench ${ref(summary.llama_bench?.tg128)}   Trellis ${summary.trellis.tg128} t/s   ratio ${summary.tg_ratio}`,
);
if (summary.tg_two_calls !== null)
  console.log(
    `  tg${TG}  without the native call (two calls a token): Trellis ${summary.tg_two_calls} t/s   ratio ${summary.tg_two_calls_ratio}`,
  );
console.log(
  `  constrained / unconstrained time per token: ${summary.constrained_time_ratio} (a plan of ${summary.constrained_tokens} tokens, ${summary.constrained_sampled_tokens} sampled, ${summary.constrained_chars} characters)`,
);
console.log(
  `    every token sampled: ${summary.every_sampled_time_ratio} (a plan of ${summary.every_sampled_tokens} tokens, ${summary.every_sampled_chars} characters)`,
);
console.log(
  `  streamed tg  in helper ${summary.streamed.helper} t/s   over IPC ${summary.streamed.ipc} t/s   as backend events ${summary.streamed.events ?? '-'} t/s`,
);
console.log(
  `  end-to-end / in-helper tg${TG}: ${summary.e2e_ratio}   end-to-end / helper's own stream: ${summary.e2e_over_helper_stream}`,
);
if (loops) {
  console.log(describeLoops('chat turn, unconstrained', loops.unconstrained));
  console.log(describeLoops('chat turn, plan JSON Schema', loops.constrained));
}
console.log(JSON.stringify(summary));
