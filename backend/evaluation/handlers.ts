import {
  DETERMINISTIC_METRICS,
  deterministicScores,
  JUDGE_SCHEMA,
  JUDGED_METRICS,
  judgePrompt,
} from '../../shared/metrics/agent-gpa';
import type { TrajectoryScores } from '../../shared/contract/evaluation';
import type { Turn } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';
import { scoreBfclFiles } from './bfcl';
import { scoreWorfBenchFiles } from './worfbench';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Benchmarks' metrics over files of predictions and gold answers. */
export function evaluationHandlers(ctx: BackendContext): HandlerMap<'evaluation'> {
  const { store, jobs } = ctx;
  const gen = ctx.router;

  /** One judgment: the grammar makes the answer `{score: 0-3, reason}` whatever the model. */
  const judge = async (metric: (typeof JUDGED_METRICS)[number], turns: Turn[], signal: AbortSignal) => {
    const { text } = await gen.generate(
      { prompt: judgePrompt(metric, turns), chat: true, maxTokens: 320, temperature: 0, jsonSchema: JUDGE_SCHEMA },
      () => {},
      signal,
    );
    try {
      const answer = JSON.parse(text) as { score: number; reason: string };
      return { score: answer.score / 3, reason: answer.reason };
    } catch {
      throw new TrellisError('E5004', `The judge's answer for ${metric.label} was cut off: ${text.slice(0, 80)}…`);
    }
  };

  return {
    'evaluation.gpa': ({ filter, judge: withJudge, limit, jobId }) => {
      if (withJudge && !gen.available())
        throw new TrellisError('E5003', 'Model-judged scores need a loaded model or a remote server.');
      return jobs.run('evaluation.gpa', jobId, async ({ signal, progress, yield: pause }) => {
        const ids = store.trajectoryQueries.ids(filter).slice(0, limit);
        const checker = ctx.checker();
        const items: TrajectoryScores[] = [];
        for (const id of ids) {
          if (signal.aborted) break;
          const trajectory = store.trajectories.get(id);
          const plan = trajectory.planId ? store.plans.get(trajectory.planId) : null;
          const scores = deterministicScores(trajectory.turns, checker(trajectory), plan?.steps ?? null);
          const item: TrajectoryScores = { id, title: trajectory.title, scores };
          if (withJudge) {
            item.judged = {};
            for (const metric of JUDGED_METRICS) {
              if (signal.aborted) break;
              item.judged[metric.name] = await judge(metric, trajectory.turns, signal);
            }
          }
          items.push(item);
          progress(items.length, ids.length);
          await pause();
        }
        return {
          metrics: [...DETERMINISTIC_METRICS, ...(withJudge ? JUDGED_METRICS.map(({ question: _, ...m }) => m) : [])],
          items,
          cancelled: signal.aborted,
        };
      });
    },
    'evaluation.worfbench': async ({ pred, gold, compat, matcher }) => {
      const embed = matcher === 'model' ? (texts: string[]) => gen.embed(texts) : undefined;
      const items = await scoreWorfBenchFiles({ pred, gold, compat, embed });
      return {
        matcher: matcher === 'model' ? 'embedding' : 'lexical',
        compat,
        items,
        mean: {
          f1Chain: mean(items.map((i) => i.f1Chain)),
          // An item the reference cannot score counts as 0, as a failed item would.
          f1Graph: mean(items.map((i) => i.f1Graph ?? 0)),
        },
      };
    },
    'evaluation.bfcl': ({ jobId, ...files }) =>
      jobs.run('evaluation.bfcl', jobId, async (job) => {
        const scored = await scoreBfclFiles(files, job);
        const accuracy = mean(scored.items.map((i) => (i.valid ? 1 : 0)));
        return { fc: files.fc, matching: files.matching, accuracy, ...scored };
      }),
  };
}
