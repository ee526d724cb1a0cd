import type { ExperimentRun } from '../../shared/experiments/types';
import type { BackendContext } from '../context';
import type { Job } from '../jobs/job';
import type { StoredExperiment } from '../store/repositories/experiments';
import { checkCandidates, type CandidateModelClient } from './candidate-model';
import { runOne } from './run-one';

/**
 * Runs what an experiment still lacks (every pair of source and candidate without a kept result),
 * as many at once as the candidates' models take (a server's slots, the loaded model's
 * sequences), each result kept as soon as it is made: a cancel, a crash or a closed window loses
 * only the runs in flight, and running it again goes on from there.
 */
export async function runExperiment(
  ctx: BackendContext,
  experiment: StoredExperiment,
  job: Job,
  apiKeys: Record<string, string> = {},
  /** The candidates' models when the caller has just made and checked them. */
  checked?: CandidateModelClient[],
): Promise<{ cancelled: boolean }> {
  const { store } = ctx;
  const { definition, sourceIds } = experiment;
  // Every candidate's model is checked (approved, loaded, its server there) before any run starts.
  const models = checked ?? (await checkCandidates(ctx, definition.candidates, apiKeys));
  const kept = new Set(store.experiments.runs(experiment.id).map((r) => `${r.sourceId}\n${r.candidate}`));
  const pending: { sourceId: string; candidate: number }[] = [];
  for (const sourceId of sourceIds)
    definition.candidates.forEach((_, candidate) => {
      if (!kept.has(`${sourceId}\n${candidate}`)) pending.push({ sourceId, candidate });
    });
  const total = sourceIds.length * definition.candidates.length;
  let done = total - pending.length;
  job.progress(done, total);
  const keep = (run: ExperimentRun) => {
    store.experiments.saveRun(experiment.id, run);
    job.progress(++done, total);
  };
  const worker = async () => {
    for (let next = pending.shift(); next && !job.signal.aborted; next = pending.shift()) {
      // A source deleted since the experiment was made has nothing left to re-run.
      if (!store.trajectories.exists(next.sourceId)) {
        job.progress(++done, total);
        continue;
      }
      const run = await runOne(ctx, {
        experimentId: experiment.id,
        definition,
        candidateIndex: next.candidate,
        model: models[next.candidate]!,
        sourceId: next.sourceId,
        signal: job.signal,
      });
      if (run) keep(run);
    }
  };
  const width = Math.max(
    1,
    Math.min(
      pending.length,
      models.reduce((n, m) => n + m.concurrency, 0),
    ),
  );
  await Promise.all(Array.from({ length: width }, worker));
  return { cancelled: job.signal.aborted };
}
