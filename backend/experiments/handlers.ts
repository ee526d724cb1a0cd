import { randomUUID } from 'node:crypto';
import { TrellisError } from '../../shared/errors';
import { sideBySide, summarize } from '../../shared/experiments/table';
import type { ExperimentDefinition, ExperimentView } from '../../shared/experiments/types';
import { modelServerConsent } from '../config/consent-request';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import type { StoredExperiment } from '../store/repositories/experiments';
import { checkCandidates, type CandidateModelClient } from './candidate-model';
import { runExperiment } from './runner';

/** Experiments' runs are trajectories of this source; a selection leaves them out unless it names it. */
export const EXPERIMENT_SOURCE = 'experiment';

/**
 * Experiments: a selection of trajectories re-run by candidates, each run saved as a trajectory
 * and compared with its recording. The job runs in the backend: a reloaded window finds it still
 * running (`status`), and a cancelled or interrupted one resumes where it stopped.
 */
export function experimentsHandlers(ctx: BackendContext): HandlerMap<'experiments'> {
  const { store, jobs } = ctx;
  /** Experiments running in this backend now, with their jobs' ids. */
  const running = new Map<string, string>();
  /** API keys by server address given with a run: kept as long as this backend, for resuming; never stored. */
  const sessionKeys = new Map<string, string>();

  const view = (experiment: StoredExperiment): ExperimentView => {
    const runs = store.experiments.runs(experiment.id);
    const total = experiment.sourceIds.length * experiment.definition.candidates.length;
    const local = experiment.definition.candidates.some((c) => c.model.kind === 'local');
    return {
      id: experiment.id,
      name: experiment.name,
      createdAt: experiment.createdAt,
      definition: experiment.definition,
      sources: experiment.sourceIds.length,
      status: running.has(experiment.id) ? 'running' : runs.length >= total ? 'finished' : 'incomplete',
      jobId: running.get(experiment.id) ?? null,
      seedNote: experiment.definition.candidates.some((c) => c.model.kind === 'server')
        ? `Each request carries its candidate's seed; whether a server honours it (llama-server and vLLM do, many hosted APIs do not) is up to the server${local ? '; the loaded model samples with it' : ''}.`
        : 'The loaded model samples with the seed: the same seed and settings give the same runs.',
      table: summarize(experiment.definition.candidates, runs),
      runs,
    };
  };

  /** The trajectories a definition selects, oldest first (as they were imported). */
  const select = (definition: ExperimentDefinition): string[] => {
    const filter = definition.filter;
    let ids = store.trajectoryQueries.ids(filter).reverse();
    if (definition.dataset) {
      // The dataset's order, those of its items the filter selects.
      const selected = new Set(ids);
      ids = store.datasets
        .get(definition.dataset)
        .items.map((i) => i.trajectoryId)
        .filter((id) => selected.has(id));
    }
    if (filter.source === EXPERIMENT_SOURCE) return ids;
    const made = new Set(store.trajectoryQueries.ids({ ...filter, source: EXPERIMENT_SOURCE }));
    return ids.filter((id) => !made.has(id));
  };

  const create = (definition: ExperimentDefinition): StoredExperiment => {
    const sourceIds = select(definition);
    if (!sourceIds.length)
      throw new TrellisError(
        'E1002',
        'The filter selects no trajectories; nothing was run.',
        'Import trajectories first (trellis import FILE), or widen the filter.',
      );
    return store.experiments.create(definition, sourceIds);
  };

  return {
    'experiments.run': async (args) => {
      for (const [url, key] of Object.entries(args.apiKeys ?? {})) sessionKeys.set(url, key);
      let experiment: StoredExperiment;
      let checked: CandidateModelClient[] | undefined;
      if ('definition' in args) {
        // A server typed into a new experiment is the user's own choice, as "Use this server" is;
        // each candidate's model is asked for before the experiment is made, so one that is not
        // there leaves one clear error and nothing behind.
        for (const candidate of args.definition.candidates)
          if (candidate.model.kind === 'server') ctx.runtime.allow('model', modelServerConsent(candidate.model).key);
        checked = await checkCandidates(ctx, args.definition.candidates, Object.fromEntries(sessionKeys));
        experiment = create(args.definition);
      } else {
        const existing = store.experiments.get(args.experimentId);
        if (args.again) {
          checked = await checkCandidates(ctx, existing.definition.candidates, Object.fromEntries(sessionKeys));
          experiment = create(existing.definition);
        } else experiment = existing;
      }
      if (running.has(experiment.id))
        throw new TrellisError(
          'E1005',
          `The experiment "${experiment.name}" is running already.`,
          'Wait for it, or cancel it first.',
        );
      const jobId = args.jobId ?? randomUUID();
      running.set(experiment.id, jobId);
      try {
        // No longer running before the job reports its end, so a view fetched on `jobs.ended` says so.
        const { cancelled } = await jobs.run('experiments.run', jobId, (job) =>
          runExperiment(ctx, experiment, job, Object.fromEntries(sessionKeys), checked).finally(() =>
            running.delete(experiment.id),
          ),
        );
        return { ...view(experiment), cancelled };
      } finally {
        running.delete(experiment.id);
      }
    },
    'experiments.list': () =>
      store.experiments.list().map((e) => ({
        id: e.id,
        name: e.name,
        createdAt: e.createdAt,
        sources: e.sourceIds.length,
        candidates: e.definition.candidates.length,
        done: e.done,
        errored: e.errored,
      })),
    'experiments.get': ({ id }) => view(store.experiments.get(id)),
    'experiments.compare': ({ id, a, b }) => {
      const experiment = store.experiments.get(id);
      const count = experiment.definition.candidates.length;
      for (const index of [a, b])
        if (index >= count)
          throw new TrellisError(
            'E1002',
            `Candidate ${index} is not in this experiment; it has candidates 0 to ${count - 1}.`,
          );
      return sideBySide(store.experiments.runs(id), a, b);
    },
    'experiments.delete': ({ id }) => {
      store.experiments.get(id);
      store.experiments.delete(id);
      return { ok: true as const };
    },
  };
}
