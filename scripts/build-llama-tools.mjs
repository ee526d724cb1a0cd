// Builds llama.cpp's own llama-bench and llama-server from the source node-llama-cpp ships
// (unpacked from its bundled git bundle: no network), into build/llama.cpp/bin.
// Usage: npm run build:llama-tools [-- --cuda]
//   [-- --against-native]  only llama-bench, from its own two sources, linked against the native
//   build recorded for this machine (`trellis model build`): the helper's own ggml and llama
//   libraries, so the reference runs the very kernels the helper runs. Seconds instead of the
//   whole llama.cpp build (on a GPU machine, minutes of CUDA compilation saved). Into
//   build/llama.cpp/native/llama-bench, beside linked.json naming the build it is linked against.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'node_modules/node-llama-cpp/llama/llama.cpp');
const build = path.join(root, 'build/llama.cpp');
const cuda = process.argv.includes('--cuda');
const againstNative = process.argv.includes('--against-native');

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`${command} failed (exit ${result.status}).`);
    process.exit(1);
  }
}

// One unpacking at a time: a native build (`trellis model build`) may be unpacking the same source.
const { ensureLlamaSource } = createRequire(import.meta.url)(path.join(root, 'dist/backend/llm/llama-source.js'));
await ensureLlamaSource(
  path.dirname(source),
  async () =>
    run(process.execPath, [
      path.join(root, 'node_modules/node-llama-cpp/dist/cli/cli.js'),
      'source',
      'download',
      '--skipBuild',
      '--noUsageExample',
    ]),
  { onWait: (pid) => console.log(`Waiting for process ${pid}, which is unpacking the llama.cpp source…`) },
);
if (againstNative) {
  linkAgainstNative();
  process.exit(0);
}

run('cmake', [
  '-S',
  source,
  '-B',
  build,
  '-DCMAKE_BUILD_TYPE=Release',
  '-DLLAMA_CURL=OFF',
  '-DGGML_NATIVE=ON',
  '-DLLAMA_BUILD_TESTS=OFF',
  '-DLLAMA_BUILD_EXAMPLES=OFF',
  '-DLLAMA_BUILD_TOOLS=ON',
  '-DLLAMA_BUILD_SERVER=ON',
  ...(cuda ? ['-DGGML_CUDA=ON'] : []),
]);
run('cmake', ['--build', build, '--target', 'llama-bench', 'llama-server', '-j', String(os.availableParallelism())]);
console.log(`Built ${path.join(build, 'bin/llama-bench')} and llama-server.`);

/** llama-bench's two sources compiled and linked against the recorded native build's libraries. */
function linkAgainstNative() {
  const require = createRequire(import.meta.url);
  const { NativeBuilds, nativeBuildsDir } = require(path.join(root, 'dist/backend/llm/native-build.js'));
  const { defaultConfigDir } = require(path.join(root, 'dist/backend/config/user-config.js'));
  const builds = new NativeBuilds(nativeBuildsDir(defaultConfigDir()), () => Promise.reject(new Error('not here')));
  const recorded = builds.recorded();
  if (!recorded) {
    console.error('No native build is recorded for this machine: make one first (trellis model build).');
    process.exit(1);
  }
  const libraries = fs.readdirSync(recorded.folder);
  // The versioned names node-llama-cpp gives its variant's libraries (libllama.v0.4.0.<hash>.so).
  const library = (pattern) => {
    const name = libraries.find((file) => pattern.test(file));
    if (!name) {
      console.error(`${recorded.folder} has no library matching ${pattern}: rebuild it (trellis model build).`);
      process.exit(1);
    }
    return `-l:${name}`;
  };
  const out = path.join(build, 'native');
  fs.mkdirSync(out, { recursive: true });
  const tool = path.join(source, 'tools/llama-bench');
  run(process.env.CXX ?? 'c++', [
    '-O2',
    '-std=c++17',
    ...['include', 'ggml/include', 'common', 'vendor'].map((dir) => `-I${path.join(source, dir)}`),
    `-I${tool}`,
    path.join(tool, 'main.cpp'),
    path.join(tool, 'llama-bench.cpp'),
    '-o',
    path.join(out, 'llama-bench'),
    `-L${recorded.folder}`,
    library(/^libllama-common\.so$/),
    library(/^libllama(\.[^-].*)?\.so$/),
    library(/^libggml(\.[^-].*)?\.so$/),
    library(/^libggml-base\.so$/),
    `-Wl,-rpath,${recorded.folder}`,
    '-pthread',
  ]);
  fs.writeFileSync(
    path.join(out, 'linked.json'),
    JSON.stringify({ folder: recorded.folder, backend: recorded.backend }) + '\n',
  );
  console.log(
    `Built ${path.join(out, 'llama-bench')}, linked against the ${recorded.backend} build in ${recorded.folder}.`,
  );
}
