// Which llama-bench the model benches measure against (bench:model, per-token.mjs).
//   linked  build/llama.cpp/native/llama-bench (npm run build:llama-tools -- --against-native):
//           llama-bench's own loop over the helper's native build, the very kernels the helper
//           runs; taken with --native when it is linked against the build recorded now
//   own     build/llama.cpp/bin/llama-bench (npm run build:llama-tools): llama.cpp built apart
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The llama-bench to run, or null (with a line saying how to build one). `nativeFolder`: the
 * folder of the native build the helper runs (null: the prebuilt binding).
 */
export function llamaBenchReference(nativeFolder) {
  const linked = path.join(root, 'build/llama.cpp/native/llama-bench');
  const linkedTo = readJson(path.join(root, 'build/llama.cpp/native/linked.json'))?.folder;
  if (nativeFolder && linkedTo === nativeFolder && fs.existsSync(linked)) return { path: linked, build: 'linked' };
  const own = path.join(root, 'build/llama.cpp/bin/llama-bench');
  if (fs.existsSync(own)) return { path: own, build: 'own' };
  console.log(
    `llama-bench is not built (${own}): no reference figures. Run "npm run build:llama-tools" ` +
      '(add -- --cuda on a GPU machine; -- --against-native links one to the native build in seconds).',
  );
  return null;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
