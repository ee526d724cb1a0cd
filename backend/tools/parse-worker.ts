import { parentPort, workerData } from 'node:worker_threads';
import { TrellisError } from '../../shared/errors';
import { parseTools } from '../../shared/formats/tools';

type Job = { format: Parameters<typeof parseTools>[0]; text: string; source?: string };

/**
 * Reads one tools file apart from the backend, so a hostile document cannot freeze or abort it:
 * as a child process under Node (a fatal V8 error there ends only the child), as a worker
 * thread in the desktop app's backend process (which the main process restarts should it die).
 */
function read({ format, text, source }: Job) {
  try {
    return { ok: true, value: parseTools(format, text, source) };
  } catch (error) {
    const data =
      error instanceof TrellisError
        ? error.toData()
        : new TrellisError('E4001', `The document could not be read: ${(error as Error).message}`).toData();
    return { ok: false, error: data };
  }
}

if (parentPort) parentPort.postMessage(read(workerData as Job));
else process.once('message', (job: Job) => process.send!(read(job), () => process.exit(0)));
