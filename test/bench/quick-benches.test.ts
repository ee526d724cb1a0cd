/**
 * Every benchmark script runs in quick mode (`--quick`: tiny sizes, seconds) so none can rot
 * unnoticed: it must finish with exit 0 and print its JSON line with the keys its RESULTS.md
 * reads. The figures are not checked (they mean nothing at these sizes). The benches run on
 * what `npm run build` wrote to dist/ (the canvas bench also on its bare page, built here when
 * missing); llama.cpp's own tools (npm run build:llama-tools) are used when built, and each
 * bench must say so when they are not.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { prebuiltBindingFolder } from '../helpers/native-binding';

const ROOT = path.join(__dirname, '..', '..');
const BACKEND_BUILT = fs.existsSync(path.join(ROOT, 'dist', 'backend', 'backend.js'));
const LLAMA_BENCH = path.join(ROOT, 'build', 'llama.cpp', 'bin', 'llama-bench');
const LLAMA_SERVER = path.join(ROOT, 'build', 'llama.cpp', 'bin', 'llama-server');
const CHROMIUM = process.env.TRELLIS_CHROMIUM ?? '/usr/bin/chromium';
/** Generous: a quick run takes seconds alone, but the machine may be busy with other tests. */
const TIMEOUT = 240_000;

/**
 * Runs `node bench/<script> --quick` in its own process group (the llama helper, llama-server
 * and Chromium it starts die with it when the test ends); resolves with its exit and output.
 */
function runBench(script: string, nodeFlags: string[] = []) {
  const child = spawn(process.execPath, [...nodeFlags, path.join(ROOT, 'bench', script), '--quick'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_QUICK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  onTestFinished(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone, with everything it started.
    }
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<{ code: number | null; out: string; err: string; summary: Record<string, unknown> }>(
    (resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => {
        const last = out.trim().split('\n').at(-1) ?? '';
        let summary: Record<string, unknown> = {};
        try {
          summary = JSON.parse(last) as Record<string, unknown>;
        } catch {
          // Left empty: the key checks below then fail, with the output beside them.
        }
        resolve({ code, out, err, summary });
      });
    },
  );
}

/** Exit 0 and the JSON line's keys; on failure the bench's own output says why. */
async function expectBench(script: string, bench: string, keys: string[], nodeFlags: string[] = []) {
  const run = await runBench(script, nodeFlags);
  const context = `${script} exited ${run.code}\n--- stdout\n${run.out.slice(-4000)}\n--- stderr\n${run.err.slice(-4000)}`;
  expect(run.code, context).toBe(0);
  expect(run.summary.bench, context).toBe(bench);
  for (const key of keys) expect(run.summary, `${key} in ${script}'s JSON line`).toHaveProperty(key);
  return run;
}

describe.skipIf(!BACKEND_BUILT)('benchmarks in quick mode (needs dist/: npm run build)', () => {
  it(
    'bench:engine imports the example graph into its new workspace and steps plan runs',
    async () => {
      const { summary } = await expectBench('engine/run.mjs', 'engine', [
        'runs',
        'turns',
        'turnP50Ms',
        'turnP95Ms',
        'callTurnP95Ms',
        'observationTurnP50Ms',
        'observationTurnP95Ms',
        'sandboxWorkerP50Ms',
        'sandboxWorkerP95Ms',
        'sandboxInThreadP50Ms',
        'workerOverInThread',
        'branches',
      ]);
      expect(summary.turns).toBeGreaterThan(0);
      // The three branches ran batched and one by one to the same trajectory.
      expect(summary.branches).toMatchObject({ sameTrajectory: true, sequences: 3 });
    },
    TIMEOUT,
  );

  it(
    'bench:experiments re-runs the weather trajectories against a scripted server and the tiny GGUF, at 1 and N',
    async () => {
      const { summary } = await expectBench('experiments/run.mjs', 'experiments', [
        'n',
        'latencyMs',
        'trajectories',
        'server',
        'tiny',
        'maxTurns',
      ]);
      expect(summary.trajectories).toBe(5);
      // Every scripted answer is one Trellis can use: no run errs.
      expect(summary.server).toMatchObject({
        one: { errored: 0, atTurnLimit: 0 },
        n: { errored: 0, atTurnLimit: 0 },
      });
      // The tiny model's random weights may call tools until the turn limit, which errs a run as in
      // any experiment; no run errs for anything else.
      const tiny = summary.tiny as Record<'one' | 'n', { errored: number; atTurnLimit: number }>;
      for (const at of ['one', 'n'] as const) {
        expect(tiny[at].atTurnLimit, `tiny at ${at}`).toEqual(expect.any(Number));
        expect(tiny[at].errored, `tiny runs errored at ${at}, all at the turn limit`).toBe(tiny[at].atTurnLimit);
      }
    },
    TIMEOUT,
  );

  it(
    'bench:import',
    async () => {
      await expectBench('import/run.mjs', 'import', [
        'trajectories',
        'turns',
        'bareRowsPerSecond',
        'trellisRowsPerSecond',
        'ratio',
        'peakRssMb',
        'rssAtQuartersMb',
        'toolSets',
        'arrayRowsPerSecond',
        'arrayRatio',
        'arrayPeakRssMb',
        'cpuRatio',
        'arrayCpuRatio',
        'ftsP50Ms',
        'ftsP95Ms',
      ]);
    },
    TIMEOUT,
  );

  it(
    'bench:otlp receives traces into a real trellis serve and imports the same requests as a file',
    async () => {
      await expectBench('import/otlp.mjs', 'otlp', [
        'traces',
        'spans',
        'requests',
        'turns',
        'receiverProtobufSpansPerSecond',
        'receiverJsonSpansPerSecond',
        'importSpansPerSecond',
        'receiverToImport',
      ]);
    },
    TIMEOUT,
  );

  it(
    'bench:discard',
    async () => {
      await expectBench('import/discard.mjs', 'discard', [
        'trajectories',
        'turns',
        'commitSeconds',
        'refuseSeconds',
        'refuseOverCommit',
        'reopenSeconds',
        'discardSeconds',
        'discardedRowsPerSecond',
      ]);
    },
    TIMEOUT,
  );

  it(
    'bench:curation',
    async () => {
      await expectBench(
        'curation/run.mjs',
        'curation',
        [
          'trajectories',
          'exportSeconds',
          'bareSeconds',
          'exportRatio',
          'exportCpuRatio',
          'dedupSeconds',
          'dedupReadSeconds',
          'clusters',
          'duplicates',
          'dedupHeapMb',
          'peakRssMb',
        ],
        ['--expose-gc'],
      );
    },
    TIMEOUT,
  );

  it(
    'bench:checks checks each trajectory against its own tools, as the bare ajv loop does',
    async () => {
      const { summary } = await expectBench('checks/run.mjs', 'checks', [
        'trajectories',
        'calls',
        'readSeconds',
        'bareSeconds',
        'trellisSeconds',
        'bareChecksPerSecond',
        'trellisChecksPerSecond',
        'ratio',
        'cpuRatio',
        'findings',
        'schemaFindings',
        'peakRssMb',
      ]);
      expect(summary.against).toEqual({ ownTools: summary.trajectories });
    },
    TIMEOUT,
  );

  describe.skipIf(!prebuiltBindingFolder())('on the tiny GGUF from our writer (needs a llama.cpp binding)', () => {
    it(
      'bench:bindings times a binding through node-llama-cpp directly and names the CPU library it mapped',
      async () => {
        const { summary } = await expectBench('model/bindings.mjs', 'bindings', ['shape', 'summary']);
        const rows = summary.summary as { binding: string; threads: number; pp: number; tg: number; variant: string }[];
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ binding: 'prebuilt', threads: 1 });
        expect(rows[0]!.pp).toBeGreaterThan(0);
        expect(rows[0]!.tg).toBeGreaterThan(0);
        if (process.platform === 'linux') expect(rows[0]!.variant).toMatch(/libggml-cpu/);
      },
      TIMEOUT,
    );

    it(
      `bench:model${fs.existsSync(LLAMA_BENCH) ? '' : ' (llama-bench not built: no reference figures)'}`,
      async () => {
        const { out, summary } = await expectBench('model/run.mjs', 'model', [
          'shape',
          'binary',
          'llama_bench',
          'trellis',
          'pp_ratio',
          'tg_ratio',
          'constrained_time_ratio',
          'every_sampled_time_ratio',
          'streamed',
          'e2e_ratio',
          'loops',
          'goals',
        ]);
        expect(summary.shape).toBe('tiny');
        // Which binding ran, so that a figure of the native build is never taken for the prebuilt one's.
        const binary = summary.binary as { kind: string; variant: string | null; native_call: boolean };
        // And whether generation took the native call (several tokens a call) or two calls a token.
        expect(out).toMatch(
          /^ {2}binding: (prebuilt(, variant \w+)?|native|prebuilt, \w+ CPU library built here), (native generation call|two native calls a token[^\n]*?)( \(built for this machine\))?$/m,
        );
        expect(out).toContain(binary.native_call ? ', native generation call' : ', two native calls a token');
        if (binary.kind === 'prebuilt' && process.platform === 'linux' && process.arch === 'x64')
          expect(out).toContain(`binding: prebuilt, variant ${binary.variant}`);
        // The own generation loop ran, and gave LlamaChatSession's tokens for the same seed.
        const loops = summary.loops as Record<string, { same_tokens: boolean; own_loop_ran: boolean }>;
        for (const kind of ['unconstrained', 'constrained'])
          expect(loops[kind], kind).toMatchObject({ same_tokens: true, own_loop_ran: true });
        // The backend's event stream was measured too (it refuses settings it would not load).
        expect(summary.note).toBeUndefined();
        if (fs.existsSync(LLAMA_BENCH)) expect(summary.llama_bench).not.toBeNull();
        else {
          expect(summary.llama_bench).toBeNull();
          expect(out).toMatch(/llama-bench is not built .*npm run build:llama-tools/);
        }
      },
      TIMEOUT,
    );

    it(
      `bench:batch${fs.existsSync(LLAMA_SERVER) ? '' : ' (llama-server not built: no reference figures)'}`,
      async () => {
        const { out, summary } = await expectBench('model/batch.mjs', 'batch', ['shape', 'binary', 'rows', 'goals']);
        const rows = summary.rows as Record<string, unknown>[];
        expect(rows.map((r) => r.n)).toEqual([1, 2]);
        for (const row of rows) expect(Object.keys(row)).toEqual(expect.arrayContaining(['trellis', 'llama_server']));
        if (!fs.existsSync(LLAMA_SERVER)) {
          expect(rows[0]!.llama_server).toBeNull();
          expect(out).toMatch(/llama-server is not built .*npm run build:llama-tools/);
        }
      },
      TIMEOUT,
    );

    it(
      `per-token${fs.existsSync(LLAMA_BENCH) ? '' : ' (llama-bench not built: its row left out)'}`,
      async () => {
        const { out, summary } = await expectBench('model/per-token.mjs', 'per-token', ['binary', 'threads', 'rows']);
        const ways = (summary.rows as { way: string }[]).map((r) => r.way);
        expect(ways).toEqual(expect.arrayContaining(['decode', '+greedy', 'evaluate@0', 'evaluate@.8', 'pool@.8']));
        if (!fs.existsSync(LLAMA_BENCH)) {
          expect(ways).not.toContain('llama-bench');
          expect(out).toMatch(/llama-bench is not built .*no reference figures/);
        }
      },
      TIMEOUT,
    );

    it(
      'settings',
      async () => {
        const { summary } = await expectBench('model/settings.mjs', 'settings', ['shape', 'binary', 'rows']);
        expect(summary.rows).toHaveLength(2);
      },
      TIMEOUT,
    );
  });

  const rendererBuilt = fs.existsSync(path.join(ROOT, 'dist', 'renderer', 'index.html'));
  it.skipIf(!rendererBuilt || !fs.existsSync(CHROMIUM))(
    `bench:canvas${rendererBuilt ? '' : ' (skipped: dist/renderer is not built, run npm run build)'}${fs.existsSync(CHROMIUM) ? '' : ` (skipped: no Chromium at ${CHROMIUM})`}`,
    async () => {
      // The bare @xyflow/react page it measures against, as `npm run bench:canvas` builds it.
      if (!fs.existsSync(path.join(ROOT, 'dist', 'bench-canvas', 'bare.html'))) {
        const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
        const built = spawnSync(process.execPath, [vite, 'build', '-c', 'bench/canvas/vite.config.mts'], {
          cwd: ROOT,
          encoding: 'utf8',
          timeout: 180_000,
        });
        expect(built.status, built.stderr).toBe(0);
      }
      await expectBench('canvas/run.mjs', 'canvas', [
        'tools',
        'edges',
        'first_render_ms',
        'frame_p95_ms',
        'frame_p95_fit_all_ms',
        'layout_ms',
        'layout_max_frame_ms',
        'layout_fit_all_ms',
        'layout_fit_all_max_frame_ms',
        'first_render_ratio',
        'frame_p95_ratio',
        'goals',
      ]);
    },
    TIMEOUT * 2,
  );
});
