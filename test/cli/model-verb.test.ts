import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeBuildsDir } from '../../backend/llm/native-build';
import { describeBinary } from '../../cli/model';
import { prebuiltBindingFolder, recordNativeBuild } from '../helpers/native-binding';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

/** `trellis` with its own config folder (where native builds are recorded) and no GPU. */
function trellis(home: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const workspace = args.length > 1 ? ['--workspace', path.join(home, 'w.trellis')] : [];
  const result = spawnSync(process.execPath, [BIN, ...args, ...workspace], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, TRELLIS_HOME: home, TRELLIS_GPU: 'off', ...env },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const prebuilt = prebuiltBindingFolder();

describe('the binding as trellis model info names it', () => {
  it('names a prebuilt binding with its CPU library built here as prebuilt, as Models does, and the native call', () => {
    const binary = {
      kind: 'native' as const,
      backend: 'cpu' as const,
      cpuFeatures: ['AVX2'],
      mathCores: 2,
      llamaCpp: 'v0.4.0',
      fallbackReason: null,
      cpuVariant: 'zen4',
    };
    expect(describeBinary({ ...binary, cpuLibraryBuiltHere: true, nativeCall: true })).toBe(
      'prebuilt, its zen4 CPU library built here, cpu, AVX2, 2 math cores, llama.cpp v0.4.0, with the native generation call',
    );
    expect(describeBinary({ ...binary, kind: 'prebuilt' })).toBe(
      'prebuilt, cpu, AVX2, 2 math cores, llama.cpp v0.4.0, its zen4 CPU library',
    );
  });
});

describe('trellis model', () => {
  it('lists its two verbs', () => {
    const { code, err } = trellis(tempDir(), ['model']);
    expect(code).toBe(2);
    expect(err).toMatch(/Usage: trellis model <build\|info>/);
  });

  it.skipIf(!prebuilt)('info says the recorded native build runs, with its backend and CPU features', () => {
    const home = tempDir();
    const folder = path.join(home, 'llama', 'native');
    fs.cpSync(prebuilt!, folder, { recursive: true });
    recordNativeBuild(nativeBuildsDir(home), folder);
    const { code, out } = trellis(home, ['model', 'info', '--json']);
    expect(code).toBe(0);
    const info = JSON.parse(out) as { binary: { kind: string; backend: string }; native: { folder: string } };
    expect(info.binary).toMatchObject({ kind: 'native', backend: 'cpu', nativeCall: false });
    expect(info.native.folder).toBe(folder);
    // Recorded without the native generation call: generation takes two calls a token, and says why.
    const text = trellis(home, ['model', 'info']);
    expect(text.out).toMatch(
      /^Why: .*two native calls a token: the native generation call was not built with this binding\./m,
    );
  });

  it.skipIf(!prebuilt)('info says the prebuilt binding runs, which CPU library it chose, and why', () => {
    const home = tempDir();
    const { code, out } = trellis(home, ['model', 'info'], { TRELLIS_NATIVE_BUILD: '' });
    expect(code).toBe(0);
    expect(out).toMatch(/^Runs: prebuilt, cpu, .*, llama\.cpp \S+(, its \w+ CPU library)?$/m);
    if (process.platform === 'linux' && process.arch === 'x64') expect(out).toMatch(/its \w+ CPU library$/m);
    expect(out).toMatch(
      /^Why: The prebuilt binding runs.*no native build is recorded for this machine\. The app and "trellis serve" build one by itself/m,
    );
    const off = trellis(home, ['model', 'info', '--json'], { TRELLIS_NATIVE_BUILD: 'off' });
    const info = JSON.parse(off.out) as { binary: { why: string }; autoBuild: { state: string } };
    expect(info.autoBuild.state).toBe('off');
    expect(info.binary.why).toContain('Automatic native builds are off (TRELLIS_NATIVE_BUILD=off)');
  });

  it.skipIf(!prebuilt)('build without cmake fails before compiling, says what to install, and changes nothing', () => {
    const home = tempDir();
    const { code, err } = trellis(home, ['model', 'build', '--cpu'], { PATH: path.join(home, 'no-tools') });
    expect(code).toBe(1);
    expect(err).toMatch(/E5005 Native build failed: Building the cpu binding failed: cmake was not found on PATH/);
    expect(err).toMatch(/The prebuilt binding stays in use/);
    expect(fs.existsSync(path.join(nativeBuildsDir(home), 'native-build.json'))).toBe(false);
    const info = trellis(home, ['model', 'info']);
    expect(info.out).toMatch(/^Runs: prebuilt, cpu, /m);
    expect(info.out).toMatch(/Native build: none/);
  });

  /** A folder whose `nvidia-smi -L` lists an H200: the machine has an NVIDIA GPU, as far as Trellis can tell. */
  function fakeNvidiaSmi(home: string) {
    const bin = path.join(home, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'nvidia-smi'), '#!/bin/sh\necho "GPU 0: NVIDIA H200 (UUID: GPU-0123abcd)"\n', {
      mode: 0o755,
    });
    return `${bin}${path.delimiter}${process.env.PATH}`;
  }

  it.skipIf(!prebuilt || fs.existsSync('/proc/driver/nvidia/gpus'))(
    'info says when an NVIDIA GPU goes unused because the binding runs on the CPU, and names the build',
    () => {
      const home = tempDir();
      const PATH = fakeNvidiaSmi(home);
      const { code, out } = trellis(home, ['model', 'info'], { PATH, TRELLIS_GPU: 'on' });
      expect(code).toBe(0);
      expect(out).toMatch(/^Runs: prebuilt, cpu, /m);
      expect(out).toMatch(
        /^GPU unused: This machine has an NVIDIA GPU \(NVIDIA H200\), but models run on the CPU: .*trellis model build --cuda/m,
      );
      // Turned off, the CPU is the user's choice: nothing to say.
      const off = trellis(home, ['model', 'info'], { PATH, TRELLIS_GPU: 'off' });
      expect(off.out).not.toMatch(/GPU unused/);
      // No GPU: nothing to say either.
      expect(trellis(home, ['model', 'info'], { TRELLIS_GPU: 'on', PATH: path.join(home, 'empty') }).out).not.toMatch(
        /GPU unused/,
      );
    },
    // Three starts of the CLI and its helper; with the GPU on, node-llama-cpp first tries its GPU bindings.
    240_000,
  );
});
