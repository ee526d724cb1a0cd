import fs from 'node:fs';
import path from 'node:path';

/** node-llama-cpp's package folder (its `exports` hide package.json, so it is found from the entry). */
export function nodeLlamaCppDir(): string {
  return path.resolve(path.dirname(require.resolve('node-llama-cpp')), '..');
}

let version: string | undefined;

/** The installed node-llama-cpp version: a native binding only fits the version it was built for. */
export function nodeLlamaCppVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(path.join(nodeLlamaCppDir(), 'package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}
