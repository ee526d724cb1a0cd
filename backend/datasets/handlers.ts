import { clusterFingerprints, fingerprint, type Fingerprint } from '../../shared/curation/dedup';
import { assignSplits } from '../../shared/curation/splits';
import type { Dataset } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';
import { toOpenAI } from '../../shared/formats/export-records';
import { exportDataset, toolsForExport } from './export';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import { datasetStats } from './stats';

const TOKEN_SAMPLE = 200;

type Store = BackendContext['store'];

/** Items split train / validation / test by `ratio`, within strata of the tool set each trajectory calls. */
function splitItems(
  store: Store,
  ids: string[],
  ratio: { train: number; validation: number; test: number },
  seed: number,
): Dataset['items'] {
  if (ratio.train + ratio.validation + ratio.test <= 0)
    throw new TrellisError('E1002', 'The split ratios add up to 0; give train, validation and test shares.');
  // The set of tools a trajectory calls is the stratum its split is drawn within.
  const strata = store.trajectoryQueries.toolSets();
  const splits = assignSplits(
    ids.map((id) => ({ id })),
    ratio,
    seed,
    (item) => strata.get(item.id) ?? '',
  );
  return ids.map((trajectoryId) => ({ trajectoryId, split: splits.get(trajectoryId)! }));
}

/** A trajectory through the loaded model's chat template, as OpenAI-style messages (what trainers feed it). */
function renderChat({ store, modelHost }: Pick<BackendContext, 'store' | 'modelHost'>, trajectoryId: string) {
  const t = store.trajectories.get(trajectoryId);
  // Chat templates of reasoning models read a thought as `reasoning_content`.
  const record = toOpenAI({
    id: t.id,
    turns: t.turns,
    tools: toolsForExport(store, t).tools,
    reasoning: 'field',
  }) as {
    messages: Record<string, unknown>[];
    tools?: unknown[];
  };
  // Templates concatenate content: give every message one, as training stacks do.
  const messages = record.messages.map(({ weight: _, ...m }) => ({ ...m, content: m.content ?? '' }));
  return modelHost().renderChat(messages, record.tools ?? []);
}

/** Tokens per trajectory under the loaded model's template, from an even sample: rendering every one would take minutes on large sets. */
async function sampledModelTokens(ctx: Pick<BackendContext, 'store' | 'modelHost'>, dataset: Dataset) {
  const step = Math.max(1, Math.floor(dataset.items.length / TOKEN_SAMPLE));
  const counts: number[] = [];
  for (let i = 0; i < dataset.items.length && counts.length < TOKEN_SAMPLE; i += step)
    counts.push((await renderChat(ctx, dataset.items[i]!.trajectoryId)).tokens);
  return {
    sampled: counts.length,
    mean: counts.reduce((a, b) => a + b, 0) / counts.length,
    max: Math.max(...counts),
  };
}

/** Clusters of near-duplicates among the fingerprints; with apply, only each cluster's representative stays. */
function clusterDuplicates(
  store: Store,
  id: string,
  dataset: Dataset,
  prints: Fingerprint[],
  threshold: number,
  apply: boolean,
) {
  const rankOf = (trajectoryId: string) => {
    const status = store.labels.get(trajectoryId)?.status ?? null;
    return status === 'accepted' ? 0 : status === null ? 1 : status === 'needs-fix' ? 2 : 3;
  };
  const clusters = clusterFingerprints(prints, threshold, rankOf);
  const drop = new Set(clusters.flatMap((c) => c.duplicates.map((d) => d.id)));
  if (apply && drop.size)
    store.datasets.replaceItems(
      id,
      dataset.items.filter((i) => !drop.has(i.trajectoryId)),
    );
  const title = (trajectoryId: string) => store.trajectories.title(trajectoryId);
  return {
    clusters: clusters.map((c) => ({
      ...c,
      title: title(c.representative),
      duplicates: c.duplicates.map((d) => ({ ...d, title: title(d.id) })),
    })),
    removed: apply ? drop.size : 0,
  };
}

/** Datasets: splits, statistics, deduplication, chat-template preview, export. */
export function datasetsHandlers(ctx: BackendContext): HandlerMap<'datasets'> {
  const { store, modelHost, jobs } = ctx;
  const split = (ids: string[], ratio: { train: number; validation: number; test: number }, seed: number) =>
    splitItems(store, ids, ratio, seed);
  return {
    'datasets.create': ({ name, filter, picks, ratio, seed }) => {
      const ids = [...new Set([...(filter ? store.trajectoryQueries.ids(filter) : []), ...picks])];
      if (!ids.length)
        throw new TrellisError(
          'E1002',
          'The dataset would be empty: the filter selects nothing and nothing is picked.',
        );
      return store.datasets.create({ name, filter: filter ?? {}, items: split(ids, ratio, seed) });
    },
    'datasets.list': () => store.datasets.list(),
    'datasets.get': ({ id }) => store.datasets.get(id),
    'datasets.addItems': ({ id, trajectoryIds, split: target }) => {
      const dataset = store.datasets.get(id);
      const present = new Set(dataset.items.map((i) => i.trajectoryId));
      for (const t of trajectoryIds) store.trajectories.get(t);
      store.datasets.replaceItems(id, [
        ...dataset.items,
        ...trajectoryIds.filter((t) => !present.has(t)).map((trajectoryId) => ({ trajectoryId, split: target })),
      ]);
      return store.datasets.get(id);
    },
    'datasets.delete': ({ id }) => {
      store.datasets.delete(id);
      return { ok: true as const };
    },
    'datasets.split': ({ id, ratio, seed }) => {
      const ids = store.datasets.get(id).items.map((i) => i.trajectoryId);
      store.datasets.replaceItems(id, split(ids, ratio, seed));
      return store.datasets.get(id);
    },
    'datasets.stats': ({ id, jobId }) =>
      jobs.run('datasets.stats', jobId, async (job) => {
        const dataset = store.datasets.get(id);
        const stats = await datasetStats(store, dataset, job);
        if (!modelHost().loaded || !dataset.items.length) return { ...stats, modelTokens: null };
        return { ...stats, modelTokens: await sampledModelTokens(ctx, dataset) };
      }),
    'datasets.dedup': ({ id, threshold, apply, jobId }) =>
      jobs.run('datasets.dedup', jobId, async (job) => {
        const dataset = store.datasets.get(id);
        // One trajectory at a time (only fingerprints are kept), giving way to other requests
        // as the job's pace says.
        const prints: Fingerprint[] = [];
        for (const [n, item] of dataset.items.entries()) {
          if (job.signal.aborted) return { clusters: [], removed: 0, cancelled: true };
          prints.push(fingerprint(item.trajectoryId, store.trajectories.get(item.trajectoryId).turns));
          if (await job.yield()) job.progress(n + 1, dataset.items.length);
        }
        return { ...clusterDuplicates(store, id, dataset, prints, threshold, apply), cancelled: false };
      }),
    'datasets.preview': ({ trajectoryId }) => {
      if (!modelHost().loaded)
        throw new TrellisError('E5003', 'The chat-template preview needs the model whose template to use.');
      return renderChat(ctx, trajectoryId);
    },
    'datasets.export': ({ id, format, dir, jobId, ...include }) =>
      jobs.run('datasets.export', jobId, (job) =>
        exportDataset(store, store.datasets.get(id), format, dir, job, include),
      ),
    'datasets.exportSelection': ({ name, filter, ratio, seed, format, dir, jobId, ...include }) =>
      jobs.run('datasets.export', jobId, (job) => {
        const ids = store.trajectoryQueries.ids(filter);
        const subject = 'the selection';
        // An empty selection is refused by the export itself, before the ratios are read.
        const items = ids.length ? split(ids, ratio, seed) : [];
        return exportDataset(store, { name, items }, format, dir, job, { ...include, subject });
      }),
  };
}
