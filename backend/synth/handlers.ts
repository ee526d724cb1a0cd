import type { Turn } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';
import { fillArguments, sampleChain, seededRandom, templateIntent, type SampleKind } from '../../shared/synth/sample';
import { RunEngine } from '../executor/engine';
import type { BackendContext } from '../context';
import { resultValidator } from '../checks/argument-validator';
import type { HandlerMap } from '../registry';

const MAX_TRIES = 20;

/** Graph-to-trajectory synthesis as a job: progress events, cancel, bounded concurrency. */
export function synthHandlers(ctx: BackendContext): HandlerMap {
  const { store, events } = ctx;
  const gen = ctx.router;
  const running = new Map<string, AbortController>();

  return {
    'synth.start': async ({ graphId, count, kinds, maxLength, useModel, concurrency, seed, requestId }) => {
      if (running.has(requestId)) throw new TrellisError('E1002', `synth.start: job ${requestId} is already running.`);
      if (useModel && !gen.available())
        throw new TrellisError('E5003', 'Model-written intents need a loaded model or a remote server.');
      const graph = store.graphs.get(graphId);
      const { runtime } = ctx;
      const checker = ctx.checker();
      const validateResult = resultValidator(graph);
      const random = seededRandom(seed);
      // Favour what the workspace covers least: uses per tool and per edge, growing as we go.
      const usage = new Map<string, number>(
        store.trajectoryQueries.facets().tools.map((f) => [f.value, f.count] as [string, number]),
      );
      const abort = new AbortController();
      running.set(requestId, abort);
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
            abort.signal,
          );
          if (text.trim()) intent = text.trim();
        }
        let turns: Turn[] = [{ role: 'user', content: intent }];
        const engine = new RunEngine({
          graph,
          mode: 'plan',
          plan: steps,
          turns,
          runtime,
          validateResult,
          persist: (t) => (turns = t),
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
        store.trajectories.replaceFindings(id, checker(store.trajectories.get(id)));
        created.push(id);
        byKind[kind] = (byKind[kind] ?? 0) + 1;
      };

      const worker = async () => {
        while (!abort.signal.aborted && next < count) {
          const index = next++;
          try {
            await one(index);
          } catch (error) {
            failed.push((error as Error).message);
          }
          events.emit('synth.progress', {
            requestId,
            done: created.length + failed.length,
            total: count,
            failed: failed.length,
          });
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
      } finally {
        running.delete(requestId);
      }
      return { created, byKind, failed, cancelled: abort.signal.aborted };
    },
    'synth.cancel': ({ requestId }) => {
      running.get(requestId)?.abort();
      return { ok: true as const };
    },
  };
}
