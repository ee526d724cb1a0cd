import os from 'node:os';
import type { LoadSettings } from '../../shared/contract/models';
import { TrellisError } from '../../shared/errors';
import type { BackendContext } from '../context';
import { printableLine } from '../../shared/text';
import { modelServerConsent } from '../config/consent-request';
import { DEFAULT_REMOTE_CONCURRENCY, REMOTE, type StoredRemote } from '../llm/router';
import type { HandlerMap } from '../registry';
import { discoverModels } from './discover';
import { checkRemoteServer } from './remote-check';
import { runNativeBuildJob } from './native-build-job';

const LAST_MODEL = 'models.last';
/**
 * This machine's load settings, from bench:model, bench:settings and bench:batch (README, Models):
 * - threads: one fewer than the machine has. On two cores a second thread sped prompt reading
 *   up 1.3–1.7× but slowed generation to 0.65× (the UI and the backend need the other core).
 * - flash attention on: generation 1.06–1.13× and prompts 1.09–1.10× faster on the CPU, with
 *   the prebuilt and the native binding alike; llama.cpp ignores it where a model lacks it.
 * - context 4096 per sequence: as fast as 640 (within ±5 %), and room for long agent prompts.
 * - 4 sequences: 4 requests at once gave 1.65–2.06× the tokens/s of one; 8 gave 1.81–2.39×
 *   with the native binding but 1.58× with the prebuilt one (below 4's 1.9×), for twice the
 *   memory. A load whose sequences do not fit gets fewer.
 */
export function defaultLoadSettings(): LoadSettings {
  return {
    gpuLayers: 'auto',
    contextSize: 4096,
    threads: Math.max(1, os.availableParallelism() - 1),
    batchSize: 512,
    flashAttention: true,
    sequences: 4,
  };
}

export function modelsHandlers(ctx: BackendContext): HandlerMap<'models'> {
  const { modelHost, store, events, secrets, jobs, nativeBuilds, autoBuild } = ctx;
  const gen = ctx.router;

  return {
    'models.inspect': async ({ path }) => {
      const details = await modelHost().inspect(path);
      const freeRamBytes = os.freemem();
      const needed = details.estimate?.cpuRamBytes ?? details.fileBytes;
      return { ...details, fit: { freeRamBytes, fitsInRam: needed < freeRamBytes * 0.9 } };
    },
    'models.discover': async ({ folders }) => {
      const { models: found, searched, problems } = await discoverModels(os.homedir(), folders);
      const freeRamBytes = os.freemem();
      // The weights and a fifth more for context and buffers: a rough guess until Inspect estimates it.
      return {
        models: found.map((m) => ({ ...m, fitsInRam: m.sizeBytes * 1.2 < freeRamBytes })),
        searched,
        problems,
        freeRamBytes,
      };
    },
    'models.load': ({ path, settings, jobId }) =>
      jobs.run('models.load', jobId, async (job) => {
        settings = { ...settings, sequences: settings.sequences ?? defaultLoadSettings().sequences };
        const loaded = await modelHost().load(path, settings, (fraction) => job.progress(fraction, 1));
        // The helper cannot stop half-way through reading a file: a cancelled load is undone.
        if (job.signal.aborted) {
          await modelHost().unload();
          throw new TrellisError('E1006', `Loading ${path} was cancelled; no model is loaded now.`);
        }
        store.settings.set(LAST_MODEL, { path, settings });
        // The first load on the prebuilt CPU binding starts a native build in the background.
        const binary = (await modelHost().state())?.binary;
        if (binary) autoBuild.afterLoad(binary);
        return loaded;
      }),
    'models.unload': async () => {
      await modelHost().unload();
      return { ok: true as const };
    },
    'models.status': async () => {
      const stored = store.settings.get<StoredRemote>(REMOTE);
      const helper = await modelHost().state();
      return {
        loaded: modelHost().loaded,
        last: store.settings.get<{ path: string; settings: LoadSettings }>(LAST_MODEL),
        defaults: defaultLoadSettings(),
        remote: stored
          ? {
              baseUrl: stored.baseUrl,
              model: stored.model,
              hasKey: Boolean(stored.protectedKey || gen.hasSessionKey()),
              keyStored: Boolean(stored.protectedKey),
              concurrency: stored.concurrency ?? DEFAULT_REMOTE_CONCURRENCY,
              approved: gen.remoteApproved(),
            }
          : null,
        memory: helper?.memory ?? null,
        binary: helper?.binary ? ctx.annotateBinary(helper.binary) : null,
        native: nativeBuilds.recorded(),
        autoBuild: autoBuild.status(),
      };
    },
    'models.binary': async () => ctx.annotateBinary(await modelHost().binary()),
    'models.build': async ({ backend, jobId }) => {
      const { native, binary } = await runNativeBuildJob({ jobs, events, nativeBuilds, modelHost }, backend, jobId);
      return { native, binary: ctx.annotateBinary(binary) };
    },
    'models.useRemote': async ({ baseUrl, model, apiKey, concurrency }) => {
      // Checked before it is used: an address with nothing behind it fails here, saying why, not later.
      const { models: listed } = await checkRemoteServer(baseUrl, apiKey);
      const protectedKey = apiKey && secrets ? secrets.protect(apiKey) : null;
      gen.setSessionKey(apiKey && !secrets ? apiKey : undefined);
      store.settings.set(REMOTE, {
        baseUrl,
        model,
        protectedKey,
        ...(concurrency ? { concurrency } : {}),
      } satisfies StoredRemote);
      // Set by the user here, so approved here: kept in their own config, as `--allow` keeps it.
      ctx.runtime.allow('model', modelServerConsent({ baseUrl, model }).key);
      return {
        keyStored: protectedKey !== null,
        ...(listed && !listed.includes(model)
          ? {
              note: `The server does not list "${model}"${listed.length ? ` (it lists ${listed.slice(0, 8).join(', ')})` : ''}: requests may fail unless it serves any name.`,
            }
          : {}),
      };
    },
    'models.allowRemote': ({ key }) => {
      const stored = store.settings.get<StoredRemote>(REMOTE);
      if (!stored) throw new TrellisError('E3001', 'This workspace names no model server; nothing was approved.');
      const consent = modelServerConsent(stored);
      if (consent.key !== key)
        throw new TrellisError(
          'E1002',
          `This workspace's model server is ${consent.details[0]!.value}, not ${printableLine(key)}; nothing was approved.`,
          `Approve it by that address (model:${consent.key}) if you trust it.`,
        );
      ctx.runtime.allow('model', key);
      return { ok: true as const };
    },
    'models.useLocal': () => {
      store.settings.delete(REMOTE);
      gen.setSessionKey(undefined);
      return { ok: true as const };
    },
    'models.generate': ({ jobId, ...request }) =>
      jobs.run('models.generate', jobId, async (job) => {
        let chunks = 0;
        const onToken = (text: string) => {
          chunks++;
          events.emit('models.token', { jobId: job.id, text });
        };
        const { text, cancelled, ms, tokens } = await gen.generate(request, onToken, job.signal);
        return { text, cancelled, ms, tokens: tokens?.completion ?? chunks, promptTokens: tokens?.prompt ?? null };
      }),
  };
}
