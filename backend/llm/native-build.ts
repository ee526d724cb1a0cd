/**
 * Native llama.cpp bindings: built on this machine from the llama.cpp source node-llama-cpp
 * ships, kept in Trellis's own folder beside the user's config, and recorded in one file that
 * the llama helper reads when it starts (llama-runtime.ts).
 *
 * Why our own folder and not node-llama-cpp's `localBuilds`: node-llama-cpp's loader silently
 * prefers any local build it finds in its package folder, which an app update or `npm ci`
 * wipes and which may be read-only or shared in an installed app. Kept apart and recorded, the
 * build runs only when Trellis chose it, says so, and outlives reinstalls of the same version.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NativeBuild, type LlamaBackend } from '../../shared/contract/models';
import { TrellisError } from '../../shared/errors';
import { copyFolderAtomic, writeFileAtomic } from '../files/atomic-write';
import { nodeLlamaCppVersion } from './node-llama-cpp-package';

/** The record of the native build, in the native builds folder. */
export const NATIVE_RECORD = 'native-build.json';

/** Trellis's folder of native bindings inside the user's config folder. */
export const nativeBuildsDir = (configDir: string): string => path.join(configDir, 'llama');

export interface NativeBuildIO {
  /** One line of the build's output (compiler, cmake). */
  onLine(line: string): void;
  /** How far the build is, 0…1. */
  onProgress(fraction: number): void;
  signal: AbortSignal;
}

/** What a builder made: a folder with llama-addon.node, its libraries and node-llama-cpp's build metadata. */
export interface BuiltBinding {
  folder: string;
  /** The llama.cpp release it was built from. */
  llamaCpp: string;
  /** The ggml CPU library (variant) compiled here into the prebuilt binding; absent when the whole binding was built. */
  cpuLibrary?: string;
  /** The addon with the native generation call, in `folder` (native-call-builder.ts); or why there is none. */
  nativeCall?: string;
  nativeCallProblem?: string;
  /** Removes what the builder left behind once the binding is copied into Trellis's folder. */
  cleanup?(): Promise<void>;
}

/** Builds a binding for `backend`; the real one compiles for minutes (node-llama-cpp-builder.ts), tests pass a fake. */
export type NativeBuilder = (backend: LlamaBackend, io: NativeBuildIO) => Promise<BuiltBinding>;

/** The CPU a build is for: its instructions (flags) decide whether a native binary runs here. */
export function cpuSignature(): NativeBuild['cpu'] {
  let flags = '';
  try {
    const line = /^flags\s*:(.*)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'));
    flags = line?.[1]?.trim().split(/\s+/).sort().join(' ') ?? '';
  } catch {
    // Not Linux: the model name stands for the instruction set.
  }
  return {
    arch: process.arch,
    model: os.cpus()[0]?.model.trim() ?? 'unknown',
    flags: createHash('sha256').update(flags).digest('hex').slice(0, 16),
  };
}

/** The recorded native build, or null when there is none or the record is unreadable. */
export function readNativeBuild(recordFile: string): NativeBuild | null {
  try {
    const parsed = NativeBuild.safeParse(JSON.parse(fs.readFileSync(recordFile, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Why a recorded build cannot run here, in words for the user; null when it can. */
export function nativeBuildProblem(record: NativeBuild, gpuOff: boolean): string | null {
  const version = nodeLlamaCppVersion();
  if (record.nodeLlamaCpp !== version)
    return `The native build is for node-llama-cpp ${record.nodeLlamaCpp}; this Trellis uses ${version}. Build again.`;
  const cpu = cpuSignature();
  if (record.cpu.arch !== cpu.arch || record.cpu.model !== cpu.model || record.cpu.flags !== cpu.flags)
    return `The native build was made on another CPU (${record.cpu.model}); it may use instructions this one lacks. Build again here.`;
  if (gpuOff && record.backend !== 'cpu') return `The native build is for ${record.backend}, and the GPU is off.`;
  if (!fs.existsSync(path.join(record.folder, 'llama-addon.node')))
    return `The native build's folder ${record.folder} is gone. Build again.`;
  return null;
}

/** Keeps the last lines of a build's output: what a failed build shows the user. */
function outputTail(limit: number) {
  const lines: string[] = [];
  return {
    push(line: string) {
      lines.push(line);
      if (lines.length > limit) lines.shift();
    },
    text: () => lines.join('\n'),
  };
}

/** The native builds of this user: the recorded one, and building a new one. */
export class NativeBuilds {
  private building = false;

  constructor(
    readonly dir: string,
    private readonly builder: NativeBuilder,
  ) {}

  get recordFile(): string {
    return path.join(this.dir, NATIVE_RECORD);
  }

  recorded(): NativeBuild | null {
    return readNativeBuild(this.recordFile);
  }

  /**
   * Builds, copies the binding into its own folder and records it. Failed or cancelled, nothing
   * recorded changes: whatever ran before (the prebuilt binding, an earlier native build) stays.
   */
  async build(backend: LlamaBackend, io: NativeBuildIO): Promise<NativeBuild> {
    if (this.building)
      throw new TrellisError('E1005', 'A native build is already running; wait for it or cancel it first.');
    this.building = true;
    const started = performance.now();
    const tail = outputTail(40);
    const cancelled = () =>
      new TrellisError('E1006', 'The native build was cancelled; the binding in use before stays in use.');
    try {
      let built: BuiltBinding;
      try {
        built = await this.builder(backend, { ...io, onLine: (line) => (tail.push(line), io.onLine(line)) });
      } catch (error) {
        if (io.signal.aborted) throw cancelled();
        throw new TrellisError(
          'E5005',
          `Building the ${backend} binding failed: ${(error as Error).message}\n` +
            `Last lines of the build output:\n${tail.text() || '(none)'}`,
        );
      }
      if (io.signal.aborted) throw cancelled();
      const record: NativeBuild = {
        backend,
        folder: this.install(built.folder, backend),
        builtAt: new Date().toISOString(),
        buildSeconds: Math.round((performance.now() - started) / 1000),
        nodeLlamaCpp: nodeLlamaCppVersion(),
        llamaCpp: built.llamaCpp,
        cpu: cpuSignature(),
        ...(built.cpuLibrary ? { cpuLibrary: built.cpuLibrary } : {}),
        ...(built.nativeCall ? { nativeCall: built.nativeCall } : {}),
        ...(built.nativeCallProblem ? { nativeCallProblem: built.nativeCallProblem } : {}),
      };
      const previous = this.recorded();
      writeFileAtomic(this.recordFile, JSON.stringify(record, null, 2), { folderMode: 0o700 });
      await built.cleanup?.().catch(() => undefined);
      // The previous build's folder goes once nothing records it (a running helper keeps its open files).
      if (previous && previous.folder !== record.folder) fs.rmSync(previous.folder, { recursive: true, force: true });
      return record;
    } finally {
      this.building = false;
    }
  }

  /** A new folder per build: a helper still running the previous binding keeps its files. */
  private install(from: string, backend: LlamaBackend): string {
    const target = path.join(this.dir, `${nodeLlamaCppVersion()}-${backend}-${Date.now().toString(36)}`);
    // The user's config folder, if this makes it, is theirs alone (as consent.json's is).
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    copyFolderAtomic(from, target);
    return target;
  }
}
