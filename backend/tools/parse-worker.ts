import { parentPort, workerData } from 'node:worker_threads';
import { TrellisError } from '../../shared/errors';
import { parseTools } from '../../shared/formats/tools';

/** Worker thread that reads one tools file, so a hostile document cannot freeze or abort the backend. */
const { format, text } = workerData as { format: Parameters<typeof parseTools>[0]; text: string };
try {
  parentPort?.postMessage({ ok: true, value: parseTools(format, text) });
} catch (error) {
  const data =
    error instanceof TrellisError
      ? error.toData()
      : new TrellisError('E4001', `The document could not be read: ${(error as Error).message}`).toData();
  parentPort?.postMessage({ ok: false, error: data });
}
