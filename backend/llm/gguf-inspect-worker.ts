import { parentPort, workerData } from 'node:worker_threads';
import type * as LlamaLibrary from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import { checkGgufHeader, GgufHeaderError } from './gguf-header';

/**
 * Reads one GGUF header in a thread of its own (gguf-inspect.ts): Trellis's bounded check first,
 * then node-llama-cpp's reader, which is only given a file whose counts fit in it.
 */
async function read(path: string) {
  checkGgufHeader(path);
  const { readGgufFileInfo } = (await import('node-llama-cpp')) as typeof LlamaLibrary;
  try {
    return await readGgufFileInfo(path, { readTensorInfo: true, logWarnings: false });
  } catch (error) {
    throw new GgufHeaderError(`${path} is a damaged or truncated GGUF file: ${(error as Error).message}`);
  }
}

read((workerData as { path: string }).path).then(
  (info) => parentPort?.postMessage({ ok: true, info }),
  (error: Error) =>
    parentPort?.postMessage({
      ok: false,
      code: error instanceof GgufHeaderError ? 'bad-gguf' : 'failed',
      message: error.message,
    }),
);
