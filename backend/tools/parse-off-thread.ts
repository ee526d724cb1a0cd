import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { TrellisError, type TrellisErrorData } from '../../shared/errors';
import type { parseTools } from '../../shared/formats/tools';
import type { ParsedTools } from '../../shared/formats/tools/parsed';
import { packageRoot } from '../resources';

export interface ParseLimits {
  timeoutMs: number;
  /** The worker's JavaScript heap. */
  memoryMb: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { timeoutMs: 15_000, memoryMb: 512 };

function workerPath(): string {
  const beside = path.join(__dirname, 'parse-worker.js');
  return fs.existsSync(beside) ? beside : path.join(packageRoot(), 'dist', 'backend', 'tools', 'parse-worker.js');
}

/**
 * Reads a tools file in a worker thread with a time and a memory limit: a document that would
 * take the backend's event loop for minutes, or exhaust its memory, ends in a clear error instead.
 */
export function parseToolsOffThread(
  format: Parameters<typeof parseTools>[0],
  text: string,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<ParsedTools> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerPath(), {
      workerData: { format, text },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, stackSizeMb: 16 },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new TrellisError(
              'E4001',
              `Reading the document took longer than ${limits.timeoutMs / 1000} s and was stopped.`,
              'Import a smaller part of the API, or simplify its schemas.',
            ),
          ),
        ),
      limits.timeoutMs,
    );
    worker.once('message', (m: { ok: true; value: ParsedTools } | { ok: false; error: TrellisErrorData }) =>
      settle(() => (m.ok ? resolve(m.value) : reject(new TrellisError(m.error.code, m.error.message, m.error.hint)))),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          new TrellisError(
            'E4001',
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `Reading the document needed more than ${limits.memoryMb} MB of memory and was stopped.`
              : `The document could not be read: ${error.message}`,
          ),
        ),
      ),
    );
    worker.once('exit', () => settle(() => reject(new TrellisError('E4001', 'The document reader stopped early.'))));
  });
}
