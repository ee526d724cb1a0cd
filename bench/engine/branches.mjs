// A plan of three independent branches and a step after them, every tool simulated by the model
// (four model turns), run by the engine with the branches batched (their generations at once,
// decoded together on the helper's three sequences) and one by one, in turn, same seed. Says
// whether both gave the same trajectory. For bench:engine.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SHAPES, writeGguf } from '../model/shapes.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { ModelSupervisor } = require(path.join(root, 'dist/backend/llm/supervisor.js'));
const { MockRunner } = require(path.join(root, 'dist/backend/executor/runtimes/mock-runner.js'));
const { McpServers } = require(path.join(root, 'dist/backend/executor/runtimes/index.js'));
const { branchPlanEngine } = require(path.join(root, 'dist/test/support/branch-plan.js'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const withoutTiming = (turns) => JSON.stringify(turns.map(({ timing: _timing, ...turn }) => turn));

/** Milliseconds per plan run batched and one by one (median of `runs` each, taken in turn). */
export async function benchBranches({ shape, threads, runs }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-branches-'));
  const modelPath = path.join(dir, `${shape}.gguf`);
  writeGguf(modelPath, SHAPES[shape]);
  const supervisor = new ModelSupervisor({ env: { TRELLIS_GPU: 'off' } });
  const mocks = new MockRunner();
  const mcp = new McpServers();
  try {
    const loaded = await supervisor.load(modelPath, {
      gpuLayers: 0,
      contextSize: 1024,
      threads,
      batchSize: 512,
      flashAttention: false,
      sequences: 3,
    });
    const runPlan = async (batchBranches, seed) => {
      const engine = branchPlanEngine(batchBranches, {
        mocks,
        mcp,
        seed,
        allowed: () => true,
        generate: (r, signal) => supervisor.generate(r, undefined, signal),
      });
      const started = performance.now();
      await engine.continue();
      return { ms: performance.now() - started, turns: withoutTiming(engine.turns) };
    };
    await runPlan(true, 0); // warm-up: the helper's first generations
    const times = { batched: [], oneByOne: [] };
    let same = true;
    for (let i = 0; i < runs; i++) {
      const oneByOne = await runPlan(false, i + 1);
      const batched = await runPlan(true, i + 1);
      times.oneByOne.push(oneByOne.ms);
      times.batched.push(batched.ms);
      same &&= batched.turns === oneByOne.turns;
    }
    const ratios = times.batched.map((ms, i) => ms / times.oneByOne[i]);
    return {
      shape,
      sequences: loaded.sequences,
      runs,
      batchedMs: Math.round(median(times.batched)),
      oneByOneMs: Math.round(median(times.oneByOne)),
      batchedOverOneByOne: Math.round(median(ratios) * 100) / 100,
      sameTrajectory: same,
    };
  } finally {
    await supervisor.stop();
    await mocks.close();
    await mcp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
