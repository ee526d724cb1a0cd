import { Worker } from 'node:worker_threads';
import type * as LlamaLibrary from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import { builtScript } from '../resources';
import { HelperError } from './helper-error';
import type { InspectLimits } from './protocol';

export type GgufFileInfo = Awaited<ReturnType<(typeof LlamaLibrary)['readGgufFileInfo']>>;

/** Far more than a real header takes (well under a second, tens of MiB for a 256k vocabulary). */
export const DEFAULT_INSPECT_LIMITS: InspectLimits = { timeMs: 30_000, memoryMb: 512 };

const workerPath = () => builtScript(__dirname, 'gguf-inspect-worker.js');

/**
 * A GGUF's header, read in a worker thread with a time and a memory limit: a file that would keep
 * a reader busy for minutes, or grow it by gigabytes, ends in an error, the thread is stopped,
 * and the helper (and the model it holds) goes on.
 */
export function readGgufInfoWithin(
  path: string,
  limits: InspectLimits = DEFAULT_INSPECT_LIMITS,
): Promise<GgufFileInfo> {
  const worker = new Worker(workerPath(), {
    workerData: { path },
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, stackSizeMb: 16 },
  });
  return new Promise<GgufFileInfo>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const stopped = (what: string) =>
      new HelperError(
        'inspect-limit',
        `Reading the header of ${path} ${what} and was stopped. The file is probably damaged: get it again, or pick another model.`,
      );
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            stopped(`took longer than ${limits.timeMs < 1000 ? `${limits.timeMs} ms` : `${limits.timeMs / 1000} s`}`),
          ),
        ),
      limits.timeMs,
    );
    worker.once('message', (m: { ok: true; info: GgufFileInfo } | { ok: false; code: string; message: string }) =>
      settle(() => (m.ok ? resolve(m.info) : reject(new HelperError(m.code, m.message)))),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? stopped(`needed more than ${limits.memoryMb} MiB of memory`)
            : new HelperError('failed', `Reading the header of ${path} failed: ${error.message}`),
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() =>
        reject(new HelperError('failed', `The GGUF reader stopped before it finished (exit code ${code}).`)),
      ),
    );
  });
}
