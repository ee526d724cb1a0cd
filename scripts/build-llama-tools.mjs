// Builds llama.cpp's own llama-bench and llama-server from the source node-llama-cpp ships
// (unpacked from its bundled git bundle: no network), into build/llama.cpp/bin.
// Usage: npm run build:llama-tools [-- --cuda]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'node_modules/node-llama-cpp/llama/llama.cpp');
const build = path.join(root, 'build/llama.cpp');
const cuda = process.argv.includes('--cuda');

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
