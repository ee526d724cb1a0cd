// bench:engine — per-turn overhead of the run engine on the example graph, through the backend
// as the UI calls it (runs.step: argument/result validation, reference resolution, the tool's
// mock in the QuickJS worker, saving the run's turns to SQLite), and the sandbox's own call
// overhead against evaluating the same mock in-thread. No model is involved.
// The graph is imported from resources/examples into a new workspace of its own.
// Then a plan of three independent branches whose tools the model simulates, run with the
// branches' model turns batched and one by one (branches.mjs; --branch-shape small|tiny, tiny in
// quick mode; --branch-runs N).
// The last line is one JSON object with the figures. Usage: npm run bench:engine [-- --runs 100]
//   [--calls 500] [--quick]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { arg, percentile } from '../args.mjs';
import { benchBranches } from './branches.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { createBackend } = require(path.join(root, 'dist/backend/backend.js'));
const { MockRunner } = require(path.join(root, 'dist/backend/executor/runtimes/mock-runner.js'));
const { evaluateMock } = require(path.join(root, 'dist/backend/executor/runtimes/sandbox.js'));

const runs = Number(arg('runs', 100, 4));
const calls = Number(arg('calls', 500, 20));
const pct = percentile;
const fmt = (x) => +x.toFixed(3);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-engine-'));
const backend = createBackend({ workspace: path.join(dir, 'bench.trellis'), host: 'cli' });
try {
  // A new workspace holds no graph: the example one, imported as the user would open its file.
  const example = JSON.parse(fs.readFileSync(path.join(root, 'resources/examples/trip-planning.graph.json'), 'utf8'));
  const graph = await backend.registry.invoke('graphs.create', { name: example.name });
  await backend.registry.invoke('graphs.save', {
    id: graph.id,
    tools: example.tools,
    edges: example.edges,
    dismissedSuggestions: [],
  });
  const intents = [
    'convert_currency for the flight from Paris to Lisbon on 2027-03-14 for 2 passengers',
    'get_weather_forecast and get_visa_requirements in Kyoto on 2027-04-02',
  ];
  const turnTimes = { call: [], observation: [], answer: [] };
  for (let r = 0; r < runs; r++) {
    const intent = intents[r % intents.length];
    const { candidates } = await backend.registry.invoke('plans.generate', { graphId: graph.id, intent });
    const steps = candidates[0].steps;
    for (const s of steps) {
      if (s.tool === 'book_flight') s.args.traveler_name = 'Ana Silva';
      if (s.tool === 'convert_currency') s.args.to_currency = 'USD';
      if (s.tool === 'get_visa_requirements') s.args.nationality = 'PT';
    }
    let run = await backend.registry.invoke('runs.start', { graphId: graph.id, intent, steps });
    while (run.nextAction.kind !== 'done') {
      const kind =
        run.nextAction.kind === 'execute' ? 'observation' : run.nextAction.kind === 'call' ? 'call' : 'answer';
      const t = performance.now();
      run = await backend.registry.invoke('runs.step', { runId: run.id });
      turnTimes[kind].push(performance.now() - t);
    }
  }
  const all = [...turnTimes.call, ...turnTimes.observation, ...turnTimes.answer];
  console.log(`${runs} plan runs, ${all.length} turns on the example graph`);
  for (const [kind, times] of Object.entries(turnTimes))
    console.log(
      `  ${kind.padEnd(12)} ${String(times.length).padStart(5)} turns  p50 ${pct(times, 0.5).toFixed(2)} ms  p95 ${pct(times, 0.95).toFixed(2)} ms`,
    );
  console.log(
    `  all turns    p50 ${pct(all, 0.5).toFixed(2)} ms  p95 ${pct(all, 0.95).toFixed(2)} ms (goal p95 < 5 ms)`,
  );

  // Sandbox: a trivial mock through the worker vs the same evaluation in this thread.
  const runner = new MockRunner();
  const code = 'return { city: args.city, n: args.n + 1 };';
  await runner.run(code, { city: 'x', n: 0 });
  const viaWorker = [];
  const inThread = [];
  for (let i = 0; i < calls; i++) {
    let t = performance.now();
    await runner.run(code, { city: 'Lisbon', n: i });
    viaWorker.push(performance.now() - t);
    t = performance.now();
    await evaluateMock(code, { city: 'Lisbon', n: i });
    inThread.push(performance.now() - t);
  }
  await runner.close();
  console.log(
    `Sandbox call (${calls} trivial mocks): worker p50 ${pct(viaWorker, 0.5).toFixed(3)} ms p95 ${pct(viaWorker, 0.95).toFixed(3)} ms; ` +
      `in-thread QuickJS p50 ${pct(inThread, 0.5).toFixed(3)} ms; worker/in-thread ${(pct(viaWorker, 0.5) / pct(inThread, 0.5)).toFixed(2)}×`,
  );
  const branches = await benchBranches({
    shape: arg('branch-shape', 'small', 'tiny'),
    threads: Math.max(1, os.availableParallelism() - 1),
    runs: Number(arg('branch-runs', 3, 1)),
  });
  console.log(
    `3-branch plan, 4 model turns (${branches.shape} model, ${branches.sequences} sequences): batched ${branches.batchedMs} ms, ` +
      `one by one ${branches.oneByOneMs} ms, batched / one by one ${branches.batchedOverOneByOne}; same trajectory ${branches.sameTrajectory}`,
  );
  const p95 = pct(all, 0.95);
  console.log(`per-turn p95 ${p95.toFixed(2)} ms: goal < 5 ms ${p95 < 5 ? 'met' : 'NOT met'}`);
  console.log(
    JSON.stringify({
      bench: 'engine',
      runs,
      turns: all.length,
      turnP50Ms: fmt(pct(all, 0.5)),
      turnP95Ms: fmt(p95),
      callTurnP95Ms: fmt(pct(turnTimes.call, 0.95)),
      observationTurnP50Ms: fmt(pct(turnTimes.observation, 0.5)),
      observationTurnP95Ms: fmt(pct(turnTimes.observation, 0.95)),
      sandboxWorkerP50Ms: fmt(pct(viaWorker, 0.5)),
      sandboxWorkerP95Ms: fmt(pct(viaWorker, 0.95)),
      sandboxInThreadP50Ms: fmt(pct(inThread, 0.5)),
      workerOverInThread: fmt(pct(viaWorker, 0.5) / pct(inThread, 0.5)),
      branches,
      load: os.loadavg().map((x) => +x.toFixed(1)),
    }),
  );
} finally {
  backend.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
