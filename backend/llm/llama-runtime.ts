/**
 * Which llama.cpp binding the helper runs: the native build recorded for this machine when
 * there is one that fits and loads, else node-llama-cpp's prebuilt binding, saying why.
 * Runs inside the llama helper process.
 */
import fs from 'node:fs';
import path from 'node:path';
import type * as LlamaLibrary from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import type { LlamaBackend, LlamaBinary, NativeBuild } from '../../shared/contract/models';
import { nativeBuildProblem, readNativeBuild } from './native-build';

type NodeLlamaCpp = typeof LlamaLibrary;
type Llama = Awaited<ReturnType<NodeLlamaCpp['getLlama']>>;

export interface RuntimeChoice {
  /** `false`: CPU only (tests, TRELLIS_GPU=off); `auto`: the best GPU backend found. */
  gpu: false | 'auto';
  /** The native build record file; absent: the prebuilt binding only. */
  nativeRecord?: string | undefined;
}

/** The arguments of node-llama-cpp's own loader, the one getLlama calls for a local build. */
interface CreateArgs {
  bindings: unknown;
  bindingPath: string;
  buildType: 'localBuild';
  buildMetadata: unknown;
  logLevel: unknown;
  logger: unknown;
  vramPadding(total: number): number;
  ramPadding(total: number): number;
  debug: boolean;
  numa: false;
  tempDir: false;
}

/** getLlama's default paddings, which it applies to local builds too. */
const vramPadding = (total: number) => Math.floor(Math.min(total * 0.08, 1.6 * 2 ** 30));
const ramPadding = (total: number) =>
  Math.floor(Math.min(total * 0.25, (process.platform === 'linux' ? 1 : 6) * 2 ** 30));

/**
 * node-llama-cpp loads local builds only from its own package folder; a binding elsewhere goes
 * through the same internal `Llama._create` its getLlama uses (node-llama-cpp is pinned).
 */
async function loadNative(lib: NodeLlamaCpp, record: NativeBuild, addon = 'llama-addon.node'): Promise<Llama> {
  const create = (lib.Llama as unknown as { _create?: (args: CreateArgs) => Promise<Llama> })._create;
  if (typeof create !== 'function') throw new Error('this node-llama-cpp cannot load a binding from another folder');
  const bindingPath = path.join(record.folder, addon);
  const buildMetadata: unknown = JSON.parse(
    fs.readFileSync(path.join(record.folder, '_nlcBuildMetadata.json'), 'utf8'),
  );
  const loaded = { exports: {} as unknown };
  process.dlopen(loaded, bindingPath);
  return create.call(lib.Llama, {
    bindings: loaded.exports,
    bindingPath,
    buildType: 'localBuild',
    buildMetadata,
    logLevel: lib.LlamaLogLevel.warn,
    logger: lib.Llama.defaultConsoleLogger,
    vramPadding,
    ramPadding,
    debug: false,
    numa: false,
    tempDir: false,
  });
}

/** `CPU : SSE3 = 1 | AVX2 = 1 | … | OPENMP = 1 |` → the CPU section's features that are on. */
export function cpuFeatures(systemInfo: string): string[] {
  const features: string[] = [];
  let section = '';
  for (const part of systemInfo.split('|')) {
    const named = /^\s*([^:=|]+?)\s*:\s*(.*)$/.exec(part);
    const entry = named ? named[2]! : part;
    if (named) section = named[1]!.trim();
    const flag = /^\s*([A-Za-z0-9_]+)\s*=\s*1\s*$/.exec(entry);
    if (flag && section === 'CPU') features.push(flag[1]!);
  }
  return features;
}

/**
 * The ggml CPU variant this process mapped (`libggml-cpu-zen4.so` → `zen4`): the prebuilt binding
 * ships one library per CPU level and ggml loads the best this CPU runs. Null for a build with one
 * CPU backend, or where /proc cannot tell.
 */
export function loadedCpuVariant(maps = readOwnMaps()): string | null {
  return /libggml-cpu-([A-Za-z0-9_]+)\.(?:so|dylib|dll)\b/.exec(maps)?.[1] ?? null;
}

function readOwnMaps(): string {
  try {
    return fs.readFileSync('/proc/self/maps', 'utf8');
  } catch {
    return '';
  }
}

export function describeBinary(llama: Llama, kind: LlamaBinary['kind'], fallbackReason: string | null): LlamaBinary {
  return {
    kind,
    backend: (llama.gpu || 'cpu') as LlamaBackend,
    cpuFeatures: cpuFeatures(llama.systemInfo),
    mathCores: llama.cpuMathCores,
    llamaCpp: llama.llamaCppRelease.release,
    fallbackReason,
    cpuVariant: loadedCpuVariant(),
  };
}

/** Whether the loaded addon's context has the native generation call (native-call.ts). */
const hasNativeCall = (llama: Llama): boolean =>
  typeof (llama as unknown as { _bindings?: { AddonContext?: { prototype?: { generateTokens?: unknown } } } })._bindings
    ?.AddonContext?.prototype?.generateTokens === 'function';

/**
 * The native build's addon with the native generation call when it has one that loads, else its
 * plain llama-addon.node, with the reason the call is missing.
 */
async function loadWithNativeCall(
  lib: NodeLlamaCpp,
  record: NativeBuild,
): Promise<{ llama: Llama; nativeCallProblem: string | null }> {
  if (!record.nativeCall)
    return {
      llama: await loadNative(lib, record),
      nativeCallProblem: record.nativeCallProblem ?? 'the native generation call was not built with this binding',
    };
  let problem: string;
  try {
    const llama = await loadNative(lib, record, record.nativeCall);
    if (hasNativeCall(llama)) return { llama, nativeCallProblem: null };
    await llama.dispose();
    problem = `${record.nativeCall} has no native generation call`;
  } catch (error) {
    problem = `${record.nativeCall} failed to load (${(error as Error).message})`;
  }
  console.warn(`Trellis llama helper: ${problem}; node-llama-cpp's own addon runs, two native calls a token.`);
  return { llama: await loadNative(lib, record), nativeCallProblem: problem };
}

/** Loads the binding to run: the recorded native build when it fits and loads, else the prebuilt one. */
export async function loadLlamaRuntime(
  lib: NodeLlamaCpp,
  choice: RuntimeChoice,
): Promise<{ llama: Llama; binary: LlamaBinary }> {
  const record = choice.nativeRecord ? readNativeBuild(choice.nativeRecord) : null;
  let fallbackReason: string | null = null;
  if (record) {
    fallbackReason = nativeBuildProblem(record, choice.gpu === false);
    if (!fallbackReason) {
      try {
        const { llama, nativeCallProblem } = await loadWithNativeCall(lib, record);
        const binary = {
          ...describeBinary(llama, 'native', null),
          ...(record.cpuLibrary ? { cpuLibraryBuiltHere: true } : {}),
          nativeCall: nativeCallProblem === null,
          nativeCallProblem,
        };
        return { llama, binary };
      } catch (error) {
        fallbackReason = `The native build in ${record.folder} failed to load (${(error as Error).message}); the prebuilt binding runs instead.`;
      }
    }
    console.warn(`Trellis llama helper: ${fallbackReason}`);
  }
  // Prebuilt binaries only: never download or compile at run time.
  const llama = await lib.getLlama({ build: 'never', gpu: choice.gpu });
  return {
    llama,
    binary: {
      ...describeBinary(llama, llama.buildType === 'localBuild' ? 'native' : 'prebuilt', fallbackReason),
      nativeCall: hasNativeCall(llama),
    },
  };
}
