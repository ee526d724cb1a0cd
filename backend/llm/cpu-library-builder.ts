/**
 * The fast native build for the CPU: the prebuilt binding as npm installed it, with only the one
 * ggml CPU library it chooses on this machine (`libggml-cpu-zen4.so`, …) compiled again here from
 * the llama.cpp source node-llama-cpp ships, by this machine's compiler, with the flags the
 * prebuilt library was built with.
 *
 * Why that suffices: the prebuilt binding reads prompts at about half the speed of llama.cpp
 * built here because the compiler that made its CPU libraries keeps the F16 matrix kernel's
 * accumulators in memory (bench/model/RESULTS.md, 2026-12-05); the same library compiled again
 * by a current compiler runs at the native build's speed. It is some 25 files instead of the
 * whole of llama.cpp and the addon: a minute or two instead of half an hour on a busy machine,
 * and the addon, llama and ggml-base stay the prebuilt ones, so nothing else can differ.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LlamaBackend } from '../../shared/contract/models';
import { commandExists, runBuildStep } from './build-process';
import { loadedCpuVariant } from './llama-runtime';
import { addNativeCall } from './native-call-builder';
import type { BuiltBinding, NativeBuilder, NativeBuildIO } from './native-build';
import { unpackLlamaSource } from './node-llama-cpp-builder';
import { nodeLlamaCppDir } from './node-llama-cpp-package';

/**
 * The configuration the prebuilt binding's CPU libraries were made with (node-llama-cpp's release
 * builds: every CPU variant loaded at run time, unversioned libraries found beside each other),
 * so the library built here takes the place of its prebuilt twin; but with OpenMP, which the
 * prebuilt libraries lack: without it, two threads on a busy 2-core machine generate 1.3 tokens/s
 * against 93 with it (bench/model/RESULTS.md, 2026-12-05). libgomp comes with the compiler.
 */
export const CPU_LIBRARY_CMAKE_OPTIONS = [
  '-DCMAKE_BUILD_TYPE=Release',
  '-DBUILD_SHARED_LIBS=ON',
  '-DGGML_BACKEND_DL=ON',
  '-DGGML_CPU_ALL_VARIANTS=ON',
  '-DGGML_NATIVE=OFF',
  '-DGGML_OPENMP=ON',
  '-DLLAMA_CURL=OFF',
  '-DLLAMA_BUILD_TESTS=OFF',
  '-DLLAMA_BUILD_EXAMPLES=OFF',
  '-DLLAMA_BUILD_TOOLS=OFF',
  '-DLLAMA_BUILD_SERVER=OFF',
  '-DCMAKE_PLATFORM_NO_VERSIONED_SONAME=ON',
  '-DCMAKE_BUILD_RPATH_USE_ORIGIN=ON',
  '-DCMAKE_BUILD_RPATH=$ORIGIN',
];

/** The prebuilt CPU binding's folder: llama-addon.node with its ggml libraries, one per CPU level. */
export function prebuiltBindingFolder(): string | null {
  const platform = process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'win' : process.platform;
  const name = `${platform}-${process.arch}`;
  const folder = path.join(nodeLlamaCppDir(), '..', '@node-llama-cpp', name, 'bins', name);
  return fs.existsSync(path.join(folder, 'llama-addon.node')) ? folder : null;
}

/** The CPU variant the prebuilt binding loads on this machine, asked of a child process that loads it. */
export function prebuiltCpuVariant(): string {
  const script = `
    const fs = require('node:fs');
    import('node-llama-cpp').then(async (lib) => {
      const llama = await lib.getLlama({ build: 'never', gpu: false, logLevel: lib.LlamaLogLevel.error });
      process.stdout.write(fs.readFileSync('/proc/self/maps', 'utf8'));
      await llama.dispose();
    });`;
  const child = spawnSync(process.execPath, ['-e', script], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    cwd: nodeLlamaCppDir(),
    encoding: 'utf8',
    timeout: 60_000,
    // A process's memory map runs to some hundreds of kilobytes.
    maxBuffer: 16 * 2 ** 20,
  });
  // The child's memory map, read with the helper's own reading of which variant is mapped.
  const variant = child.status === 0 ? loadedCpuVariant(child.stdout) : null;
  if (!variant)
    throw new Error(
      `could not tell which CPU library the prebuilt binding loads here${child.stderr ? `: ${child.stderr.trim().split('\n').at(-1)}` : ''}`,
    );
  return variant;
}

/** Whether this machine can build the CPU library this way: Linux on x86-64, where the prebuilt binding ships variants. */
export const cpuLibraryBuildFits = (): boolean =>
  process.platform === 'linux' && process.arch === 'x64' && prebuiltBindingFolder() !== null;

export interface CpuLibraryBuilderOptions {
  /** Which variant to build (default: the one the prebuilt binding loads here). */
  variant?: () => string;
  /** Parallel compile jobs (default: the cores, at most 8; the build runs at low priority). */
  jobs?: number;
}

/** Builds the CPU library and makes a binding folder of the prebuilt binding with it in place. */
export function cpuLibraryBuilder(options: CpuLibraryBuilderOptions = {}): NativeBuilder {
  return async (backend: LlamaBackend, io: NativeBuildIO): Promise<BuiltBinding> => {
    if (backend !== 'cpu') throw new Error(`the CPU library build makes CPU bindings only, not ${backend}`);
    const prebuilt = prebuiltBindingFolder();
    if (!prebuilt)
      throw new Error(`node-llama-cpp's prebuilt binding for ${process.platform}-${process.arch} is not installed.`);
    if (!commandExists('cmake'))
      throw new Error(
        'cmake was not found on PATH. Install cmake and a C++ compiler (Debian/Ubuntu: apt install cmake build-essential).',
      );
    const variant = (options.variant ?? prebuiltCpuVariant)();
    io.onLine(
      `The prebuilt binding loads its ${variant} CPU library here; building that library again with this machine's compiler.`,
    );
    const library = `libggml-cpu-${variant}.so`;
    if (!fs.existsSync(path.join(prebuilt, library))) throw new Error(`the prebuilt binding has no ${library}`);
    const llamaDir = await unpackLlamaSource(io);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-cpu-library-'));
    const cleanup = () => fs.promises.rm(work, { recursive: true, force: true });
    try {
      const build = path.join(work, 'build');
      await runBuildStep(
        {
          command: 'cmake',
          args: ['-S', path.join(llamaDir, 'llama.cpp'), '-B', build, ...CPU_LIBRARY_CMAKE_OPTIONS],
          shown: `cmake -S llama.cpp -B ${build} ${CPU_LIBRARY_CMAKE_OPTIONS.join(' ')}`,
          progress: () => 0.05,
        },
        io,
      );
      const jobs = options.jobs ?? Math.max(1, Math.min(8, os.availableParallelism()));
      await runBuildStep(
        {
          command: 'cmake',
          args: ['--build', build, '--target', `ggml-cpu-${variant}`, '-j', String(jobs)],
          shown: `cmake --build ${build} --target ggml-cpu-${variant} -j ${jobs}`,
          progress: (fraction) => 0.05 + 0.75 * fraction,
        },
        io,
      );
      const built = path.join(build, 'bin', library);
      if (!fs.existsSync(built)) throw new Error(`the build finished without ${library}`);
      const folder = path.join(work, 'binding');
      fs.cpSync(prebuilt, folder, { recursive: true });
      fs.copyFileSync(built, path.join(folder, library));
      const metadata = JSON.parse(fs.readFileSync(path.join(folder, '_nlcBuildMetadata.json'), 'utf8')) as {
        buildOptions: { llamaCpp: { release: string } };
      };
      const call = await addNativeCall(
        { folder, backend, llamaDir, jobs, progress: (fraction) => 0.8 + 0.2 * fraction },
        io,
      );
      io.onProgress(1);
      return { folder, llamaCpp: metadata.buildOptions.llamaCpp.release, cpuLibrary: variant, ...call, cleanup };
    } catch (error) {
      await cleanup();
      throw error;
    }
  };
}

/**
 * What `models.build` and the automatic build run: for the CPU on Linux x86-64, the CPU library
 * alone (minutes, the native build's speed); for a GPU backend or elsewhere, node-llama-cpp's
 * whole native build.
 */
export function defaultNativeBuilder(wholeBuild: NativeBuilder): NativeBuilder {
  const cpuLibrary = cpuLibraryBuilder();
  return (backend, io) => (backend === 'cpu' && cpuLibraryBuildFits() ? cpuLibrary : wholeBuild)(backend, io);
}
