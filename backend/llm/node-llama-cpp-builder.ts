/**
 * The real native builder: node-llama-cpp's own `source build`, run as a child process at low
 * priority, from the llama.cpp source it ships as a git bundle. Offline: git may only read
 * local files, and a missing cmake stops the build before node-llama-cpp would fetch one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LlamaBackend } from '../../shared/contract/models';
import { addNativeCall } from './native-call-builder';
import { commandExists, runBuildStep } from './build-process';
import { ensureLlamaSource, llamaSourceReady } from './llama-source';
import type { BuiltBinding, NativeBuilder, NativeBuildIO } from './native-build';
import { nodeLlamaCppDir } from './node-llama-cpp-package';

/** node-llama-cpp's CLI, run with the Node.js (or Electron, as Node) that runs Trellis. */
export function runNodeLlamaCppCli(args: string[], env: NodeJS.ProcessEnv, io: NativeBuildIO): Promise<void> {
  const cli = path.join(nodeLlamaCppDir(), 'dist', 'cli', 'cli.js');
  return runBuildStep(
    {
      command: process.execPath,
      args: [cli, ...args],
      shown: `node-llama-cpp ${args.join(' ')}`,
      env: { ...env, ELECTRON_RUN_AS_NODE: '1', GIT_ALLOW_PROTOCOL: 'file' },
    },
    io,
  );
}

/** Unpacks the llama.cpp source node-llama-cpp ships (once; a second process waits for the first). */
export async function unpackLlamaSource(io: NativeBuildIO): Promise<string> {
  const llamaDir = path.join(nodeLlamaCppDir(), 'llama');
  if (!llamaSourceReady(llamaDir) && !fs.existsSync(path.join(llamaDir, 'gitRelease.bundle')))
    throw new Error(`node-llama-cpp's bundled llama.cpp source (${llamaDir}/gitRelease.bundle) is missing.`);
  await ensureLlamaSource(
    llamaDir,
    () => runNodeLlamaCppCli(['source', 'download', '--skipBuild', '--noUsageExample'], {}, io),
    { onWait: (pid) => io.onLine(`Waiting for process ${pid}, which is unpacking the llama.cpp source…`) },
  );
  return llamaDir;
}

/** Builds with node-llama-cpp's CLI into its local builds folder, from which Trellis copies the binding. */
export const buildWithNodeLlamaCpp: NativeBuilder = async (backend: LlamaBackend, io): Promise<BuiltBinding> => {
  if (!commandExists('cmake'))
    throw new Error(
      'cmake was not found on PATH. Install cmake and a C++ compiler (Debian/Ubuntu: apt install cmake build-essential).',
    );
  if (!commandExists('npm')) throw new Error('npm was not found on PATH: node-llama-cpp runs cmake-js through it.');
  const llamaDir = await unpackLlamaSource(io);
  // An explicit GGML_NATIVE gives the build a folder of its own, apart from plain local builds.
  await runNodeLlamaCppCli(
    ['source', 'build', '--gpu', backend === 'cpu' ? 'false' : backend, '--noUsageExample'],
    { NODE_LLAMA_CPP_CMAKE_OPTION_GGML_NATIVE: 'ON', NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true' },
    io,
  );
  const last = JSON.parse(fs.readFileSync(path.join(llamaDir, 'lastBuild.json'), 'utf8')) as { folderName: string };
  const buildDir = path.join(llamaDir, 'localBuilds', last.folderName);
  const metadata = JSON.parse(fs.readFileSync(path.join(buildDir, 'Release', '_nlcBuildMetadata.json'), 'utf8')) as {
    buildOptions: { llamaCpp: { release: string } };
  };
  const folder = path.join(buildDir, 'Release');
  const call = await addNativeCall({ folder, backend, llamaDir }, io);
  io.onProgress(1);
  return {
    folder,
    llamaCpp: metadata.buildOptions.llamaCpp.release,
    ...call,
    // node-llama-cpp would otherwise load this build by itself (`lastBuild`): only Trellis's copy stays.
    cleanup: () => fs.promises.rm(buildDir, { recursive: true, force: true }),
  };
};
