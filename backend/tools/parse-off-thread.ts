import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { TrellisError, type TrellisErrorData } from '../../shared/errors';
import type { parseTools } from '../../shared/formats/tools';
import type { ParsedTools } from '../../shared/formats/tools/parsed';
import { builtScript } from '../resources';

export interface ParseLimits {
  timeoutMs: number;
  /** The worker's JavaScript heap. */
  memoryMb: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { timeoutMs: 15_000, memoryMb: 512 };

const workerPath = () => builtScript(__dirname, 'parse-worker.js');

/** The reader: a child process under Node; a worker thread in Electron, which cannot fork Node children. */
interface Reader {
  onMessage(listener: (message: unknown) => void): void;
  /** `how` says how it ended: an exit code, or the signal that killed it. */
  onEnd(listener: (how: string, outOfMemory: boolean) => void): void;
  stop(): void;
}

function startReader(
  format: Parameters<typeof parseTools>[0],
  text: string,
  source: string | undefined,
  limits: ParseLimits,
): Reader {
  if (process.versions.electron) {
    const worker = new Worker(workerPath(), {
      workerData: { format, text, source },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, stackSizeMb: 16 },
    });
    return {
      onMessage: (listener) => worker.once('message', listener),
      onEnd: (listener) => {
        worker.once('error', (error: Error & { code?: string }) =>
          listener(error.message, error.code === 'ERR_WORKER_OUT_OF_MEMORY'),
        );
        worker.once('exit', (code) => listener(`exit code ${code}`, false));
      },
      stop: () => void worker.terminate(),
    };
  }
  const child = fork(workerPath(), [], {
    execArgv: [`--max-old-space-size=${limits.memoryMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  child.send({ format, text, source });
  return {
    onMessage: (listener) => child.once('message', listener),
    onEnd: (listener) =>
      child.once('exit', (code, signal) =>
        // V8 aborts (SIGABRT, or SIGTRAP/exit 134 on some builds) when a heap runs out.
        listener(signal ?? `exit code ${code}`, signal === 'SIGABRT' || signal === 'SIGTRAP' || code === 134),
      ),
    stop: () => void child.kill('SIGKILL'),
  };
}

/**
 * Reads a tools file apart from the backend with a time and a memory limit: a document that
 * would take the event loop for minutes, or exhaust (and abort) its process, ends in a clear
 * error instead.
 */
export function parseToolsOffThread(
  format: Parameters<typeof parseTools>[0],
  text: string,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
  source?: string,
): Promise<ParsedTools> {
  return new Promise((resolve, reject) => {
    const reader = startReader(format, text, source, limits);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reader.stop();
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
    reader.onMessage((message) => {
      const m = message as { ok: true; value: ParsedTools } | { ok: false; error: TrellisErrorData };
      settle(() => (m.ok ? resolve(m.value) : reject(new TrellisError(m.error.code, m.error.message, m.error.hint))));
    });
    reader.onEnd((how, outOfMemory) =>
      settle(() =>
        reject(
          new TrellisError(
            'E4001',
            outOfMemory
              ? `Reading the document needed more than ${limits.memoryMb} MB of memory and was stopped.`
              : `The document reader stopped before it finished (${how}).`,
            'Import a smaller part of the API, or simplify its schemas.',
          ),
        ),
      ),
    );
  });
}
