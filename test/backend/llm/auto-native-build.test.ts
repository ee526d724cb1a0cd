import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTO_BUILD_RECORD, AutoNativeBuild, buildToolsProblem } from '../../../backend/llm/auto-native-build';
import { loadedCpuVariant } from '../../../backend/llm/llama-runtime';
import type { LlamaBinary, NativeBuild } from '../../../shared/contract/models';
import { TrellisError } from '../../../shared/errors';
import { tempDir } from '../../helpers/temp';

const PREBUILT_CPU: LlamaBinary = {
  kind: 'prebuilt',
  backend: 'cpu',
  cpuFeatures: ['AVX2'],
  mathCores: 2,
  llamaCpp: 'v0.4.0',
  fallbackReason: null,
  cpuVariant: 'zen4',
};
const NATIVE_CPU: LlamaBinary = { ...PREBUILT_CPU, kind: 'native', cpuVariant: null };

/** An automatic build over a fake `build`, in a folder of its own; `recorded` is the native record. */
function autoBuild(
  build: (jobId: string) => Promise<LlamaBinary>,
  { enabled = true, tools = null as string | null, recorded = null as NativeBuild | null } = {},
) {
  const dir = tempDir();
  const calls: string[] = [];
  const auto = new AutoNativeBuild({
    enabled,
    offReason: 'Automatic native builds are off (TRELLIS_NATIVE_BUILD=off).',
    dir,
    recorded: () => recorded,
    toolsProblem: () => tools,
    build: (jobId) => (calls.push(jobId), build(jobId)),
  });
  return { auto, dir, calls };
}

describe('automatic native build on the first model load', () => {
  it('starts once on the prebuilt CPU binding, says it is building, and then nothing is left to say', async () => {
    let finish!: (binary: LlamaBinary) => void;
    const { auto, calls } = autoBuild(() => new Promise((resolve) => (finish = resolve)));
    expect(auto.explain(PREBUILT_CPU)).toMatch(/no native build is recorded.*built by itself the first time a model/);
    auto.afterLoad(PREBUILT_CPU);
    auto.afterLoad(PREBUILT_CPU);
    expect(calls).toEqual(['models.autoBuild']);
    expect(auto.status()).toEqual({ state: 'building', reason: null, jobId: 'models.autoBuild' });
    expect(auto.explain(PREBUILT_CPU)).toMatch(/zen4 CPU library.*One is being built now/);
    finish(NATIVE_CPU);
    await auto.settled();
    expect(auto.status()).toMatchObject({ state: 'idle', reason: null });
  });

  it('does not build for a native binding, a GPU binding, or over a recorded GPU build', () => {
    const gpuRecord = { backend: 'cuda' } as NativeBuild;
    for (const [binary, recorded] of [
      [NATIVE_CPU, null],
      [{ ...PREBUILT_CPU, backend: 'cuda' }, null],
      [PREBUILT_CPU, gpuRecord],
    ] as const) {
      const { auto, calls } = autoBuild(async () => NATIVE_CPU, { recorded });
      auto.afterLoad(binary);
      expect(calls).toEqual([]);
    }
  });

  it('stays off when switched off, and says how to build by hand', () => {
    const { auto, calls } = autoBuild(async () => NATIVE_CPU, { enabled: false });
    auto.afterLoad(PREBUILT_CPU);
    expect(calls).toEqual([]);
    expect(auto.status().state).toBe('off');
    expect(auto.explain(PREBUILT_CPU)).toMatch(/TRELLIS_NATIVE_BUILD=off/);
  });

  it('does not start without build tools, and names what is missing', () => {
    const tools = buildToolsProblem((command) => command === 'npm');
    expect(tools).toMatch(/cmake and a C\+\+ compiler are missing/);
    const { auto, calls } = autoBuild(async () => NATIVE_CPU, { tools });
    auto.afterLoad(PREBUILT_CPU);
    expect(calls).toEqual([]);
    expect(auto.status()).toMatchObject({ state: 'unavailable', reason: tools });
    expect(auto.explain(PREBUILT_CPU)).toContain('apt install cmake build-essential');
    expect(buildToolsProblem(() => true)).toBeNull();
  });

  it('asks for npm only where the whole binding must be built, not for the CPU library alone', () => {
    const noNpm = (command: string) => command !== 'npm';
    expect(buildToolsProblem(noNpm, false)).toBeNull();
    expect(buildToolsProblem(noNpm, true)).toMatch(/npm is missing/);
  });

  it('builds a CPU library made before the native generation call again, once, and says whether generation has the call', async () => {
    const old = {
      backend: 'cpu',
      cpuLibrary: 'zen4',
      builtAt: '2026-12-05T00:00:00Z',
      buildSeconds: 60,
    } as NativeBuild;
    const builtHere = { ...NATIVE_CPU, cpuLibraryBuiltHere: true };
    const before = autoBuild(async () => ({ ...builtHere, nativeCall: true }), { recorded: old });
    expect(before.auto.explain(builtHere)).toMatch(/two native calls a token/);
    before.auto.afterLoad(builtHere);
    await before.auto.settled();
    expect(before.calls).toEqual(['models.autoBuild']);

    for (const recorded of [
      { ...old, nativeCall: 'llama-addon-native-call.node' },
      { ...old, nativeCallProblem: 'cmake and a C++ compiler are needed' },
    ]) {
      const after = autoBuild(async () => builtHere, { recorded });
      after.auto.afterLoad(builtHere);
      expect(after.calls).toEqual([]);
    }
    const withCall = autoBuild(async () => builtHere, { recorded: { ...old, nativeCall: 'x.node' } });
    expect(withCall.auto.explain({ ...builtHere, nativeCall: true })).toMatch(
      /native generation call: tokens are decoded and sampled several per call/,
    );
  });

  it('remembers a failed build with its reason and does not try again by itself', async () => {
    const { auto, dir, calls } = autoBuild(async () => {
      throw new TrellisError('E5005', 'Building the cpu binding failed: cmake exited with code 1\nLast lines…');
    });
    auto.afterLoad(PREBUILT_CPU);
    await auto.settled();
    expect(auto.status()).toMatchObject({ state: 'failed' });
    expect(auto.status().reason).toContain('cmake exited with code 1');
    expect(auto.explain(PREBUILT_CPU)).toMatch(/prebuilt binding runs.*automatic native build failed/);
    auto.afterLoad(PREBUILT_CPU);
    expect(calls).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, AUTO_BUILD_RECORD))).toBe(true);
  });

  it('remembers a build the model process could not load as failed (else every load would build again)', async () => {
    const { auto } = autoBuild(async () => ({ ...PREBUILT_CPU, fallbackReason: 'The native build failed to load.' }));
    auto.afterLoad(PREBUILT_CPU);
    await auto.settled();
    expect(auto.status()).toMatchObject({ state: 'failed' });
    expect(auto.status().reason).toContain('The native build failed to load.');
  });

  it('remembers a cancel, but not a stop because the app quit', async () => {
    const cancelled = () => Promise.reject(new TrellisError('E1006', 'The native build was cancelled.'));
    const byUser = autoBuild(cancelled);
    byUser.auto.afterLoad(PREBUILT_CPU);
    await byUser.auto.settled();
    expect(byUser.auto.status().state).toBe('cancelled');

    const byQuit = autoBuild(cancelled);
    byQuit.auto.afterLoad(PREBUILT_CPU);
    byQuit.auto.close();
    await byQuit.auto.settled();
    expect(byQuit.auto.status().state).toBe('idle');
    expect(fs.existsSync(path.join(byQuit.dir, AUTO_BUILD_RECORD))).toBe(false);
  });
});

describe('the CPU library the prebuilt binding chose', () => {
  it('reads it from the libraries the process mapped', () => {
    const maps = [
      '7f1c00000000-7f1c00100000 r-xp 00000000 08:01 12 /x/bins/linux-x64/libggml-base.so',
      '7f1c00200000-7f1c00300000 r-xp 00000000 08:01 13 /x/bins/linux-x64/libggml-cpu-zen4.so',
    ].join('\n');
    expect(loadedCpuVariant(maps)).toBe('zen4');
    // A native build has one CPU library, with no variant in its name.
    expect(loadedCpuVariant('7f1c0-7f1c1 r-xp 0 0:0 1 /home/u/.config/trellis/llama/x/libggml-cpu.so')).toBeNull();
  });
});
