import os from 'node:os';
import type { LoadSettings } from '../../../shared/contract/models';
import { TrellisError } from '../../../shared/errors';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

const LAST_MODEL = 'models.last';

/**
 * One thread fewer than the machine has: on a two-core machine llama.cpp with two threads
 * competed with the UI and ran 16× slower than with one.
 */
export function defaultLoadSettings(): LoadSettings {
  return {
    gpuLayers: 'auto',
    contextSize: 4096,
    threads: Math.max(1, os.availableParallelism() - 1),
    batchSize: 512,
    flashAttention: false,
  };
}

export function modelsHandlers({ models, store, events }: BackendContext): HandlerMap {
  const running = new Map<string, AbortController>();
  return {
    'models.inspect': async ({ path }) => {
      const details = await models().inspect(path);
      const freeRamBytes = os.freemem();
      return { ...details, fit: { freeRamBytes, fitsInRam: details.fileBytes < freeRamBytes * 0.9 } };
    },
    'models.load': async ({ path, settings }) => {
      const loaded = await models().load(path, settings, (fraction) => events.emit('models.progress', { fraction }));
      store.settings.set(LAST_MODEL, { path, settings });
      return loaded;
    },
    'models.unload': async () => {
      await models().unload();
      return { ok: true as const };
    },
    'models.status': async () => ({
      loaded: (await models().ping()).loaded,
      last: store.settings.get<{ path: string; settings: LoadSettings }>(LAST_MODEL),
      defaults: defaultLoadSettings(),
    }),
    'models.generate': async ({ requestId, ...request }) => {
      if (running.has(requestId))
        throw new TrellisError('E1002', `models.generate: request ${requestId} is already running.`);
      const abort = new AbortController();
      running.set(requestId, abort);
      let tokens = 0;
      try {
        const result = await models().generate(
          request,
          (text) => {
            tokens++;
            events.emit('models.token', { requestId, text });
          },
          abort.signal,
        );
        return { ...result, tokens };
      } finally {
        running.delete(requestId);
      }
    },
    'models.cancel': ({ requestId }) => {
      running.get(requestId)?.abort();
      return { ok: true as const };
    },
  };
}
