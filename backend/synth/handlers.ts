import { TrellisError } from '../../shared/errors';
import { fillArguments, sampleChain, seededRandom, templateIntent, type SampleKind } from '../../shared/synth/sample';
import { RunEngine } from '../executor/engine';
import { memoryTurns } from '../executor/run-turns';
import type { BackendContext } from '../context';
import { resultValidator } from '../checks/argument-validator';
import type { Job } from '../jobs/job';
import type { Handler, HandlerMap } from '../registry';

const MAX_TRIES = 20;

type SynthArgs = Parameters<Handler<'synth.start'>>[0];

/** Graph-to-trajectory synthesis as a job: progress, cancel, bounded concurrency. */
export function synthHandlers(ctx: BackendContext): HandlerMap {
  const { store, jobs } = ctx;
  const gen = ctx.router;

  const synthesize = async (
    { graphId, count, kinds, maxLength, useModel, concurrency, seed }: SynthArgs,
    { signal, progress }: Job,
  ) => {
    const graph = store.graphs.get(graphId);
    const { runtime } = ctx;
    const checker = ctx.checker();
    const validateResult = resultValidator(graph);
    const random = seededRandom(seed);
    // Favour what the workspace covers least: uses per tool and per edge, growing as we go.
    const usage = new Map<string, number>(
      store.trajectoryQueries.facets().tools.map((f) => [f.value, f.count] as [string, number]),
    );
    const created: string[] = [];
    const failed: string[] = [];
    const byKind: Record<string, number> = {};
    let next = 0;

    const one = async (index: number) => {
      const kind = kinds[index % kinds.length] as SampleKind;
      let sample = null;
      for (let t = 0; t < MAX_TRIES && !sample; t++) sample = sampleChain(graph, kind, random, { maxLength, usage });
      if (!sample) {
        failed.push(`${kind}: this graph has no ${kind} chain to sample`);
        return;
      }
      for (const tool of sample.tools) usage.set(tool, (usage.get(tool) ?? 0) + 1);
      sample.tools
        .slice(1)
        .forEach((tool, i) =>
          usage.set(`${sample.tools[i]}>${tool}`, (usage.get(`${sample.tools[i]}>${tool}`) ?? 0) + 1),
        );
      const steps = fillArguments(graph, sample.steps, random);
      let intent = templateIntent(graph, sample, steps);
      if (useModel) {
        const { text } = await gen.generate(
          {
            prompt: `Rewrite this request as a user would type it, in one or two sentences, keeping every value:\n${intent}`,
            chat: true,
            maxTokens: 120,
            temperature: 0.8,
            seed: seed + index,
          },
          () => {},
          signal,
        );
        if (text.trim()) intent = text.trim();
      }
      const engine = new RunEngine({
        graph,
        mode: 'plan',
        plan: steps,
        turns: memoryTurns([{ role: 'user', content: intent }]),
        runtime,
        validateResult,
      });
      await engine.continue();
      if (engine.status !== 'finished') {
        failed.push(`${kind} ${sample.tools.join('→')}: ${engine.note ?? engine.status}`);
        return;
      }
      const plan = store.plans.save({ graphId, intent, steps, modelSettings: { synthesized: kind } });
      const { id } = store.trajectories.insert({
        kind: 'run',
        title: intent.slice(0, 80),
        source: `synth-${kind}`,
        graphId,
        planId: plan.id,
        forkOf: null,
        turns: engine.turns,
      });
      store.findings.replace(id, checker(store.trajectories.get(id)));
      created.push(id);
      byKind[kind] = (byKind[kind] ?? 0) + 1;
    };

    const worker = async () => {
      while (!signal.aborted && next < count) {
        const index = next++;
        try {
          await one(index);
        } catch (error) {
          failed.push((error as Error).message);
        }
        progress(created.length + failed.length, count, { failed: failed.length });
      }
    };
    // Samples that generate at once share the model's batch: one decode step serves them all.
    const workers = concurrency ?? (gen.available() ? gen.concurrency() : 1);
    await Promise.all(Array.from({ length: Math.min(workers, count) }, worker));
    return { created, byKind, failed, cancelled: signal.aborted };
  };

  return {
    'synth.start': ({ jobId, ...args }) => {
      if (args.useModel && !gen.available())
        throw new TrellisError('E5003', 'Model-written intents need a loaded model or a remote server.');
      return jobs.run('synth.start', jobId, (job) => synthesize(args, job));
    },
  };
}
