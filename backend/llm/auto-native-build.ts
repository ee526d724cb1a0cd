/**
 * The native build Trellis starts by itself, the first time a model is loaded on the prebuilt
 * CPU binding, where cmake and a C++ compiler are present.
 *
 * Why: the prebuilt binding's CPU libraries are compiled by an older compiler that keeps the
 * F16 matrix kernel's accumulators in memory, so it reads prompts at about half the speed of the
 * same llama.cpp compiled here (bench/model/RESULTS.md, 2026-12-05); no run-time setting (threads,
 * batch, CPU variant) closes that gap. The build waits for a model load so that `npm install`
 * and people who never load a model pay nothing, and runs at low priority while the prebuilt
 * binding serves. A failed or cancelled build is remembered and not tried again by itself for the
 * same node-llama-cpp version: the user asks for it (Models, `trellis model build`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  AUTO_BUILD_JOB_ID,
  type AutoBuildStatus,
  type LlamaBinary,
  type NativeBuild,
} from '../../shared/contract/models';
import { writeFileAtomic } from '../files/atomic-write';
import { cpuLibraryBuildFits } from './cpu-library-builder';
import { nodeLlamaCppVersion } from './node-llama-cpp-package';

/** What the last automatic build ended as, beside the native build record. */
export const AUTO_BUILD_RECORD = 'auto-build.json';

interface AutoBuildEnd {
  outcome: 'failed' | 'cancelled';
  at: string;
  message: string;
  nodeLlamaCpp: string;
}

const commandRuns = (command: string) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * What is missing to build the binding here, in words for the user; null when nothing is. npm is
 * needed only by the whole build (node-llama-cpp runs cmake-js through it), not by the CPU
 * library's (cpu-library-builder.ts).
 */
export function buildToolsProblem(
  runs: (command: string) => boolean = commandRuns,
  wholeBuild: boolean = !cpuLibraryBuildFits(),
): string | null {
  const missing: string[] = [];
  if (!runs('cmake')) missing.push('cmake');
  if (process.platform !== 'win32' && !['c++', 'g++', 'clang++'].some(runs)) missing.push('a C++ compiler');
  if (wholeBuild && !runs(process.platform === 'win32' ? 'npm.cmd' : 'npm')) missing.push('npm');
  if (!missing.length) return null;
  const named = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)!}` : missing[0]!;
  return `No native build is made by itself: ${named} ${missing.length > 1 ? 'are' : 'is'} missing (Debian/Ubuntu: apt install cmake build-essential).`;
}

export interface AutoBuildOptions {
  /** False: never start by itself (TRELLIS_NATIVE_BUILD=off, or a command that ends before a build could). */
  enabled: boolean;
  /** Why automatic builds are off, when they are. */
  offReason: string;
  /** The native builds folder (where the outcome of the last automatic build is kept). */
  dir: string;
  recorded(): NativeBuild | null;
  /** What keeps a build from running here; default: cmake, a C++ compiler and npm on PATH. */
  toolsProblem?: () => string | null;
  /** Runs the build as the models.build job `jobId`, restarts the helper on it and says which binding it runs then. */
  build(jobId: string): Promise<LlamaBinary>;
}

/** Starts the native build on the first model load that runs the prebuilt CPU binding, and says why it does or not. */
export class AutoNativeBuild {
  private running: Promise<void> | null = null;
  private toolsProblem: string | null | undefined;
  private closed = false;

  constructor(private readonly options: AutoBuildOptions) {}

  private get recordFile() {
    return path.join(this.options.dir, AUTO_BUILD_RECORD);
  }

  /** How the last automatic build for this node-llama-cpp version ended, when it did not succeed. */
  lastEnd(): AutoBuildEnd | null {
    try {
      const end = JSON.parse(fs.readFileSync(this.recordFile, 'utf8')) as AutoBuildEnd;
      return end.nodeLlamaCpp === nodeLlamaCppVersion() ? end : null;
    } catch {
      return null;
    }
  }

  private missingTools(): string | null {
    if (this.toolsProblem === undefined) this.toolsProblem = (this.options.toolsProblem ?? buildToolsProblem)();
    return this.toolsProblem;
  }

  status(): AutoBuildStatus {
    if (this.running) return { state: 'building', reason: null, jobId: AUTO_BUILD_JOB_ID };
    if (!this.options.enabled) return { state: 'off', reason: this.options.offReason, jobId: null };
    const end = this.lastEnd();
    if (end) {
      const when = end.at.slice(0, 16).replace('T', ' ');
      const reason =
        end.outcome === 'cancelled'
          ? `The automatic native build was cancelled (${when} UTC); it is not started again by itself. Build it in Models or with "trellis model build".`
          : `The automatic native build failed (${when} UTC): ${end.message.split('\n')[0]} It is not tried again by itself; "trellis model build" tries again and shows the compiler's output.`;
      return { state: end.outcome, reason, jobId: null };
    }
    const tools = this.missingTools();
    if (tools) return { state: 'unavailable', reason: tools, jobId: null };
    return { state: 'idle', reason: null, jobId: null };
  }

  /** Whether the build would help the binding that runs: the prebuilt CPU one, with no CPU build recorded that could replace it. */
  private wanted(binary: LlamaBinary): boolean {
    // A CPU library built before the native generation call existed: built again, with it.
    const recorded = this.options.recorded();
    if (binary.kind === 'native' && recorded?.cpuLibrary && !recorded.nativeCall && !recorded.nativeCallProblem)
      return binary.backend === 'cpu';
    if (binary.kind !== 'prebuilt' || binary.backend !== 'cpu') return false;
    // A GPU build recorded but not running (the GPU turned off, another version): rebuilding for
    // the CPU would replace it; that is the user's call.
    return !recorded || recorded.backend === 'cpu';
  }

  /** After a model load: starts the build when it is wanted and allowed, without waiting for it. */
  afterLoad(binary: LlamaBinary): void {
    if (this.running || !this.wanted(binary) || this.status().state !== 'idle') return;
    this.running = this.options
      .build(AUTO_BUILD_JOB_ID)
      .then((after) => {
        // Built but not loadable: remembered as failed, or every load would build it again.
        if (after.kind !== 'native')
          throw new Error(after.fallbackReason ?? 'the model process did not take the build.');
        fs.rmSync(this.recordFile, { force: true });
      })
      .catch((error: unknown) => {
        // Stopped because the app quit: not the user's cancel, so the next start builds again.
        if (this.closed) return;
        const { code, message } = error as { code?: string; message?: string };
        const end: AutoBuildEnd = {
          outcome: code === 'E1006' ? 'cancelled' : 'failed',
          at: new Date().toISOString(),
          message: message ?? String(error),
          nodeLlamaCpp: nodeLlamaCppVersion(),
        };
        try {
          writeFileAtomic(this.recordFile, JSON.stringify(end, null, 2), { folderMode: 0o700 });
        } catch {
          // The config folder is read-only: the outcome holds until the app quits.
        }
      })
      .finally(() => {
        this.running = null;
      });
  }

  /** The workspace closes (its jobs are cancelled): a build stopped by that is not remembered as cancelled. */
  close(): void {
    this.closed = true;
  }

  /** Settles when a running automatic build has ended. */
  async settled(): Promise<void> {
    await this.running;
  }

  /** Why `binary` runs, in words for the user. */
  explain(binary: LlamaBinary): string {
    if (binary.kind === 'native') {
      const native = this.options.recorded();
      const built = native?.cpuLibrary
        ? `The prebuilt binding with its ${native.cpuLibrary} CPU library compiled on this machine (${native.builtAt.slice(0, 10)}, in ${native.buildSeconds} s): prompts are read at the speed of llama.cpp built here, where the prebuilt library reads them at about half.`
        : native
          ? `Built for this machine (${native.builtAt.slice(0, 10)}, ${native.backend}): llama.cpp uses every instruction this CPU has.`
          : 'A local build of node-llama-cpp runs.';
      return `${built} ${nativeCallWords(binary)}`;
    }
    const variant = binary.cpuVariant ? ` (its ${binary.cpuVariant} CPU library, chosen for this CPU at start)` : '';
    const base =
      binary.fallbackReason ?? `The prebuilt binding runs${variant}: no native build is recorded for this machine.`;
    if (binary.backend !== 'cpu') return base;
    const status = this.status();
    switch (status.state) {
      case 'building':
        return `${base} One is being built now (started when a model was loaded); the model process moves to it when it is done.`;
      case 'idle':
        return this.wanted(binary)
          ? `${base} One is built by itself the first time a model is loaded (it reads prompts up to twice as fast).`
          : base;
      default:
        return `${base} ${status.reason}`;
    }
  }
}

/** Whether generation takes Trellis's native call (several tokens per call) and, if not, why. */
export function nativeCallWords(binary: LlamaBinary): string {
  if (binary.nativeCall)
    return 'Its addon has the native generation call: tokens are decoded and sampled several per call, not two calls a token.';
  return binary.nativeCallProblem
    ? `Generation takes node-llama-cpp's two native calls a token: ${binary.nativeCallProblem}.`
    : "Generation takes node-llama-cpp's two native calls a token.";
}
