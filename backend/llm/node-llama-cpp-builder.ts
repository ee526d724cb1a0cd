/**
 * The real native builder: node-llama-cpp's own `source build`, run as a child process at low
 * priority, from the llama.cpp source it ships as a git bundle. Offline: git may only read
 * local files, and a missing cmake stops the build before node-llama-cpp would fetch one.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LlamaBackend } from '../../shared/contract/models';
import { ensureLlamaSource, llamaSourceReady } from './llama-source';
import type { BuiltBinding, NativeBuilder, NativeBuildIO } from './native-build';
import { nodeLlamaCppDir } from './node-llama-cpp-package';

/** `[ 42%] Building …` (make) or `[42/310] Building …` (ninja). */
export function buildProgress(line: string): number | null {
  const percent = /^\[\s*(\d+)%\]/.exec(line);
  if (percent) return Number(percent[1]) / 100;
  const steps = /^\[(\d+)\/(\d+)\]/.exec(line);
  return steps ? Number(steps[1]) / Number(steps[2]) : null;
}

// eslint-disable-next-line no-control-regex -- terminal colours and cursor moves in the build output
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

function runCli(args: string[], env: NodeJS.ProcessEnv, io: NativeBuildIO): Promise<void> {
  const cli = path.join(nodeLlamaCppDir(), 'dist', 'cli', 'cli.js');
  return new Promise((resolve, reject) => {
    io.onLine(`$ node-llama-cpp ${args.join(' ')}`);
    // Its own process group, so a cancel stops cmake and the compilers with it.
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, ...env, ELECTRON_RUN_AS_NODE: '1', GIT_ALLOW_PROTOCOL: 'file', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    if (child.pid) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // Not allowed here: the build runs at normal priority.
      }
    }
    const stop = () => {
      if (!child.pid || child.exitCode !== null) return;
      if (process.platform === 'win32') spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F']);
      else {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    };
    io.signal.addEventListener('abort', stop, { once: true });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).replace(ANSI, '').split(/\r\n|\n|\r/);
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.trim()) continue;
          io.onLine(line);
          const fraction = buildProgress(line);
          if (fraction !== null) io.onProgress(fraction);
        }
      });
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      io.signal.removeEventListener('abort', stop);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `node-llama-cpp ${args[0]} ${args[1]} ${signal ? `was killed (${signal})` : `exited with code ${code}`}`,
          ),
        );
    });
  });
}

function commandExists(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Builds with node-llama-cpp's CLI into its local builds folder, from which Trellis copies the binding. */
export const buildWithNodeLlamaCpp: NativeBuilder = async (backend: LlamaBackend, io): Promise<BuiltBinding> => {
  const llamaDir = path.join(nodeLlamaCppDir(), 'llama');
  if (!commandExists('cmake'))
    throw new Error(
      'cmake was not found on PATH. Install cmake and a C++ compiler (Debian/Ubuntu: apt install cmake build-essential).',
    );
  if (!commandExists('npm')) throw new Error('npm was not found on PATH: node-llama-cpp runs cmake-js through it.');
  if (!llamaSourceReady(llamaDir) && !fs.existsSync(path.join(llamaDir, 'gitRelease.bundle')))
    throw new Error(`node-llama-cpp's bundled llama.cpp source (${llamaDir}/gitRelease.bundle) is missing.`);
  await ensureLlamaSource(llamaDir, () => runCli(['source', 'download', '--skipBuild', '--noUsageExample'], {}, io), {
    onWait: (pid) => io.onLine(`Waiting for process ${pid}, which is unpacking the llama.cpp source…`),
  });
  // An explicit GGML_NATIVE gives the build a folder of its own, apart from plain local builds.
  await runCli(
    ['source', 'build', '--gpu', backend === 'cpu' ? 'false' : backend, '--noUsageExample'],
    { NODE_LLAMA_CPP_CMAKE_OPTION_GGML_NATIVE: 'ON', NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true' },
    io,
  );
  const last = JSON.parse(fs.readFileSync(path.join(llamaDir, 'lastBuild.json'), 'utf8')) as { folderName: string };
  const buildDir = path.join(llamaDir, 'localBuilds', last.folderName);
  const metadata = JSON.parse(fs.readFileSync(path.join(buildDir, 'Release', '_nlcBuildMetadata.json'), 'utf8')) as {
    buildOptions: { llamaCpp: { release: string } };
  };
  io.onProgress(1);
  return {
    folder: path.join(buildDir, 'Release'),
    llamaCpp: metadata.buildOptions.llamaCpp.release,
    // node-llama-cpp would otherwise load this build by itself (`lastBuild`): only Trellis's copy stays.
    cleanup: () => fs.promises.rm(buildDir, { recursive: true, force: true }),
  };
};
