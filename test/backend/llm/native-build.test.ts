import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LlamaBackend } from '../../../shared/contract/models';
import {
  NativeBuilds,
  cpuSignature,
  nativeBuildProblem,
  readNativeBuild,
  type NativeBuilder,
  type NativeBuildIO,
} from '../../../backend/llm/native-build';
import { buildProgress } from '../../../backend/llm/build-process';
import { nodeLlamaCppVersion } from '../../../backend/llm/node-llama-cpp-package';
import { tempDir } from '../../helpers/temp';

/** A fake build output: a folder shaped like node-llama-cpp's Release folder. */
function fakeBinding(): string {
  const folder = path.join(tempDir(), 'Release');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'llama-addon.node'), 'binary');
  fs.writeFileSync(path.join(folder, 'libggml.so'), 'library');
  return folder;
}

/** The error a build fails with; a build that succeeds fails the test. */
const failure = (building: Promise<unknown>) =>
  building.then(
    () => {
      throw new Error('the build was expected to fail');
    },
    (error: unknown) => error as Error & { code: string },
  );

function io(signal = new AbortController().signal) {
  const lines: string[] = [];
  const progress: number[] = [];
  const value: NativeBuildIO = { onLine: (l) => lines.push(l), onProgress: (f) => progress.push(f), signal };
  return { io: value, lines, progress };
}

describe('building a native llama.cpp binding (with a fake builder)', () => {
  it('copies the built binding into its own folder and records it, passing output and progress on', async () => {
    let cleaned = false;
    const builder: NativeBuilder = async (backend, { onLine, onProgress }) => {
      onLine(`building for ${backend}`);
      onProgress(0.5);
      return { folder: fakeBinding(), llamaCpp: 'b7000', cleanup: async () => void (cleaned = true) };
    };
    const dir = path.join(tempDir(), 'llama');
    const builds = new NativeBuilds(dir, builder);
    const run = io();
    const record = await builds.build('cpu', run.io);

    expect(record).toMatchObject({ backend: 'cpu', llamaCpp: 'b7000', nodeLlamaCpp: nodeLlamaCppVersion() });
    expect(record.cpu).toEqual(cpuSignature());
    expect(path.dirname(record.folder)).toBe(dir);
    expect(fs.readFileSync(path.join(record.folder, 'llama-addon.node'), 'utf8')).toBe('binary');
    expect(fs.existsSync(path.join(record.folder, 'libggml.so'))).toBe(true);
    expect(builds.recorded()).toEqual(record);
    expect(readNativeBuild(builds.recordFile)).toEqual(record);
    expect(run.lines).toEqual(['building for cpu']);
    expect(run.progress).toEqual([0.5]);
    expect(cleaned).toBe(true);
    expect(nativeBuildProblem(record, false)).toBeNull();
  });

  it('replaces the recorded build with a newer one and removes the older folder', async () => {
    const builder: NativeBuilder = async () => ({ folder: fakeBinding(), llamaCpp: 'b7000' });
    const builds = new NativeBuilds(path.join(tempDir(), 'llama'), builder);
    const first = await builds.build('cpu', io().io);
    await new Promise((r) => setTimeout(r, 5)); // a new folder name per build
    const second = await builds.build('cuda', io().io);
    expect(second.folder).not.toBe(first.folder);
    expect(fs.existsSync(first.folder)).toBe(false);
    expect(builds.recorded()).toMatchObject({ backend: 'cuda', folder: second.folder });
  });

  it('reports a failed build with the tail of its output, and keeps what was recorded before', async () => {
    let fail = false;
    const builder: NativeBuilder = async (_backend, { onLine }) => {
      if (!fail) return { folder: fakeBinding(), llamaCpp: 'b7000' };
      for (let i = 1; i <= 100; i++) onLine(`line ${i}`);
      onLine('fatal error: cuda_runtime.h: No such file or directory');
      throw new Error('node-llama-cpp source build exited with code 1');
    };
    const builds = new NativeBuilds(path.join(tempDir(), 'llama'), builder);
    const before = await builds.build('cpu', io().io);
    fail = true;
    const error = await failure(builds.build('cuda', io().io));
    expect(error.code).toBe('E5005');
    expect(error.message).toContain('Building the cuda binding failed: node-llama-cpp source build exited with code 1');
    expect(error.message).toContain('cuda_runtime.h: No such file or directory');
    expect(error.message).toContain('line 100');
    expect(error.message).not.toContain('line 50\n'); // the tail, not the whole log
    expect(builds.recorded()).toEqual(before);
    expect(fs.existsSync(before.folder)).toBe(true);
  });

  it('stops when cancelled and records nothing', async () => {
    const abort = new AbortController();
    const builder: NativeBuilder = (_backend, { signal }) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('killed (SIGKILL)'))));
    const builds = new NativeBuilds(path.join(tempDir(), 'llama'), builder);
    const building = failure(builds.build('cpu', io(abort.signal).io));
    abort.abort();
    const error = await building;
    expect(error.code).toBe('E1006');
    expect(error.message).toMatch(/cancelled; the binding in use before stays in use/);
    expect(builds.recorded()).toBeNull();
  });

  it('runs one build at a time', async () => {
    let finish: () => void = () => {};
    const builder: NativeBuilder = () =>
      new Promise((resolve) => (finish = () => resolve({ folder: fakeBinding(), llamaCpp: 'b7000' })));
    const builds = new NativeBuilds(path.join(tempDir(), 'llama'), builder);
    const first = builds.build('cpu', io().io);
    await expect(builds.build('cpu', io().io)).rejects.toMatchObject({ code: 'E1005' });
    finish();
    await expect(first).resolves.toMatchObject({ backend: 'cpu' });
  });
});

describe('whether a recorded native build can run here', () => {
  const record = () => ({
    backend: 'cpu' as LlamaBackend,
    folder: fakeBinding(),
    builtAt: '2026-12-01T00:00:00.000Z',
    buildSeconds: 1500,
    nodeLlamaCpp: nodeLlamaCppVersion(),
    llamaCpp: 'b7000',
    cpu: cpuSignature(),
  });

  it('refuses a build for another node-llama-cpp, another CPU, a GPU that is off, or a folder that is gone', () => {
    expect(nativeBuildProblem(record(), true)).toBeNull();
    expect(nativeBuildProblem({ ...record(), nodeLlamaCpp: '3.0.0' }, false)).toMatch(
      /node-llama-cpp 3\.0\.0.*Build again/,
    );
    expect(nativeBuildProblem({ ...record(), cpu: { ...cpuSignature(), flags: 'other' } }, false)).toMatch(
      /made on another CPU/,
    );
    expect(nativeBuildProblem({ ...record(), backend: 'cuda' }, true)).toMatch(/for cuda, and the GPU is off/);
    expect(nativeBuildProblem({ ...record(), folder: path.join(tempDir(), 'gone') }, false)).toMatch(/is gone/);
  });

  it('reads no record from a missing or damaged file', () => {
    const dir = tempDir();
    expect(readNativeBuild(path.join(dir, 'none.json'))).toBeNull();
    fs.writeFileSync(path.join(dir, 'bad.json'), '{"backend":');
    expect(readNativeBuild(path.join(dir, 'bad.json'))).toBeNull();
  });
});

describe('build progress from the build output', () => {
  it('reads make’s percentages and ninja’s step counts, and nothing else', () => {
    expect(buildProgress('[ 42%] Building C object ggml/src/CMakeFiles/ggml-base.dir/ggml.c.o')).toBe(0.42);
    expect(buildProgress('[100%] Built target llama-addon')).toBe(1);
    expect(buildProgress('[12/48] Building CXX object src/llama.cpp.o')).toBe(0.25);
    expect(buildProgress('-- Configuring done')).toBeNull();
  });
});
