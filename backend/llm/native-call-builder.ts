/**
 * Builds the native generation call into a binding folder: node-llama-cpp's addon source with
 * Trellis's `context.generateTokens` added (resources/native-call/AddonContextGenerateTokens.cpp;
 * two lines of the addon's own files declare and register it), compiled by this machine's
 * compiler against the folder's own llama and ggml libraries. It is the addon alone, some twenty
 * files: seconds to a minute, not llama.cpp again.
 *
 * The result is written beside the folder's addon as NATIVE_CALL_ADDON; the folder's
 * llama-addon.node stays as it was, so a patched addon that fails to load leaves the binding
 * working with node-llama-cpp's two calls a token (llama-runtime.ts says why).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LlamaBackend } from '../../shared/contract/models';
import { resourcePath } from '../resources';
import { commandExists, runBuildStep } from './build-process';
import type { NativeBuildIO } from './native-build';
import { nodeLlamaCppDir } from './node-llama-cpp-package';

/** The addon with the native call, beside the binding's own llama-addon.node. */
export const NATIVE_CALL_ADDON = 'llama-addon-native-call.node';

/** The two edits to node-llama-cpp 3.21.1's addon that make the call a method of its context. */
const EDITS = [
  {
    file: 'AddonContext.h',
    after: '        Napi::Value SampleToken(const Napi::CallbackInfo& info);\n',
    insert: '        Napi::Value GenerateTokens(const Napi::CallbackInfo& info);\n',
  },
  {
    file: 'AddonContext.cpp',
    after: '                InstanceMethod("sampleToken", &AddonContext::SampleToken),\n',
    insert: '                InstanceMethod("generateTokens", &AddonContext::GenerateTokens),\n',
  },
];

/** Copies the addon source to `to` with the native call added; throws where the source is not the one the edits fit. */
export function patchAddonSource(to: string): void {
  const from = path.join(nodeLlamaCppDir(), 'llama', 'addon');
  if (!fs.existsSync(path.join(from, 'AddonContext.cpp')))
    throw new Error(`node-llama-cpp's addon source (${from}) is missing.`);
  fs.cpSync(from, to, { recursive: true });
  for (const edit of EDITS) {
    const file = path.join(to, edit.file);
    const text = fs.readFileSync(file, 'utf8');
    if (text.split(edit.after).length !== 2)
      throw new Error(`node-llama-cpp's ${edit.file} is not the one the native call was written for.`);
    fs.writeFileSync(file, text.replace(edit.after, edit.after + edit.insert));
  }
  fs.copyFileSync(
    resourcePath('native-call', 'AddonContextGenerateTokens.cpp'),
    path.join(to, 'AddonContextGenerateTokens.cpp'),
  );
}

const NODE_HEADER_DIRS = [
  path.join(path.dirname(process.execPath), '..', 'include', 'node'),
  '/usr/include/node',
  '/usr/local/include/node',
];

/** Node's C headers (node_api.h): beside the running node, or where the system keeps them; null when none. */
const nodeHeaders = (): string | null =>
  NODE_HEADER_DIRS.find((dir) => fs.existsSync(path.join(dir, 'node_api.h'))) ?? null;

/** The libraries the addon links: llama, its common library and ggml's base (backends are loaded by ggml). */
export function linkedLibraries(folder: string): string[] {
  return fs
    .readdirSync(folder)
    .filter((name) => /^lib(llama|llama-common|ggml|ggml-base)(\.v[\d.]+)?\.so$/.test(name))
    .sort()
    .map((name) => path.join(folder, name));
}

const CMAKE_LISTS = `cmake_minimum_required(VERSION 3.13)
project(trellis_native_call CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
add_compile_options(-fexceptions)
add_definitions(-DNAPI_VERSION=7)
file(GLOB SOURCE_FILES "\${CMAKE_SOURCE_DIR}/addon/*.cpp" "\${CMAKE_SOURCE_DIR}/addon/**/*.cpp")
add_library(native_call SHARED \${SOURCE_FILES})
set_target_properties(native_call PROPERTIES PREFIX "" SUFFIX ".node" OUTPUT_NAME "llama-addon-native-call"
  BUILD_RPATH "\\$ORIGIN" BUILD_RPATH_USE_ORIGIN ON)
target_include_directories(native_call PRIVATE \${TRELLIS_INCLUDES})
target_link_libraries(native_call \${TRELLIS_LIBRARIES})
target_link_options(native_call PRIVATE "-Wl,-rpath-link,\${TRELLIS_FOLDER}")
`;

export interface NativeCallBuildOptions {
  /** The folder holding the binding's llama-addon.node and libraries; the result is written there. */
  folder: string;
  backend: LlamaBackend;
  /** node-llama-cpp's llama folder, with the llama.cpp source unpacked (unpackLlamaSource). */
  llamaDir: string;
  jobs?: number;
  /** Maps the step's progress (0…1) into the whole build's. */
  progress?: (fraction: number) => number;
}

/** Why the native call cannot be built here; null when it can. */
export function nativeCallUnbuildable(backend: LlamaBackend): string | null {
  if (process.platform !== 'linux') return 'the native generation call is built on Linux only';
  if (backend === 'vulkan') return 'the native generation call is not built for Vulkan bindings';
  if (!commandExists('cmake') || !commandExists('c++')) return 'cmake and a C++ compiler are needed';
  if (!nodeHeaders())
    return `Node's headers (node_api.h) were not found in ${NODE_HEADER_DIRS.join(', ')}: install them (Debian/Ubuntu: apt install libnode-dev) or use a Node.js from nodejs.org`;
  return null;
}

/** Compiles the addon with the native call into `folder` (NATIVE_CALL_ADDON). */
export async function buildNativeCall(options: NativeCallBuildOptions, io: NativeBuildIO): Promise<void> {
  const problem = nativeCallUnbuildable(options.backend);
  if (problem) throw new Error(problem);
  const libraries = linkedLibraries(options.folder);
  if (!libraries.some((file) => path.basename(file).startsWith('libllama')))
    throw new Error(`${options.folder} holds no libllama to link the addon with`);
  const llamaCpp = path.join(options.llamaDir, 'llama.cpp');
  const napi = path.dirname(require.resolve('node-addon-api/package.json', { paths: [nodeLlamaCppDir()] }));
  const includes = [
    napi,
    nodeHeaders()!,
    llamaCpp,
    path.join(llamaCpp, 'common'),
    path.join(llamaCpp, 'include'),
    path.join(llamaCpp, 'src'),
    path.join(llamaCpp, 'ggml', 'include'),
  ];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-native-call-'));
  try {
    patchAddonSource(path.join(work, 'addon'));
    fs.writeFileSync(path.join(work, 'CMakeLists.txt'), CMAKE_LISTS);
    const build = path.join(work, 'build');
    const map = options.progress ?? ((fraction: number) => fraction);
    const configure = [
      '-S',
      work,
      '-B',
      build,
      '-DCMAKE_BUILD_TYPE=Release',
      `-DTRELLIS_INCLUDES=${includes.join(';')}`,
      `-DTRELLIS_LIBRARIES=${libraries.join(';')}`,
      `-DTRELLIS_FOLDER=${options.folder}`,
    ];
    await runBuildStep(
      { command: 'cmake', args: configure, shown: `cmake ${configure.join(' ')}`, progress: () => map(0.05) },
      io,
    );
    const jobs = options.jobs ?? Math.max(1, Math.min(8, os.availableParallelism()));
    await runBuildStep(
      {
        command: 'cmake',
        args: ['--build', build, '-j', String(jobs)],
        shown: `cmake --build ${build} -j ${jobs}`,
        progress: (fraction) => map(0.05 + 0.95 * fraction),
      },
      io,
    );
    const built = path.join(build, NATIVE_CALL_ADDON);
    if (!fs.existsSync(built)) throw new Error(`the build finished without ${NATIVE_CALL_ADDON}`);
    fs.copyFileSync(built, path.join(options.folder, NATIVE_CALL_ADDON));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The native call added to a binding a builder made, as the builders' last step: its addon's file
 * name, or why it could not be built (the binding is good without it: a cancel still stops the build).
 */
export async function addNativeCall(
  options: NativeCallBuildOptions,
  io: NativeBuildIO,
): Promise<{ nativeCall: string } | { nativeCallProblem: string }> {
  try {
    await buildNativeCall(options, io);
    return { nativeCall: NATIVE_CALL_ADDON };
  } catch (error) {
    if (io.signal.aborted) throw error;
    const problem = (error as Error).message;
    io.onLine(
      `The native generation call was not built (${problem}); generation takes node-llama-cpp's two calls a token.`,
    );
    return { nativeCallProblem: problem };
  }
}
