import { TrellisError } from '../../shared/errors';
import {
  sampleChain,
  seededRandom,
  unavailableReason,
  type ChainSample,
  type SampleKind,
} from '../../shared/synth/sample';
import { fillArguments } from '../../shared/synth/arguments';
import { templateIntent } from '../../shared/synth/intent';
import { usesModel } from '../../shared/runtimes';
import {
  countCodes,
  emptyCheckReport,
  FAILED_CHECKS_TAG,
  formatCodes,
  refusedValues,
  rejectingCodes,
} from '../../shared/synth/outcome';
import type { BackendContext } from '../context';
import { resultValidator } from '../checks/argument-validator';
import type { Turn } from '../../shared/domain';
import type { Job } from '../jobs/job';
import type { Handler, HandlerMap } from '../registry';
import { runSampleWhenSandboxFree, sandboxWasBusy, type SampleRun } from './sample-run';

const MAX_TRIES = 20;

type SynthArgs = Parameters<Handler<'synth.start'>>[0];

/** Graph-to-trajectory synthesis as a job: progress, cancel, bounded concurrency. */
export function synthHandlers(ctx: BackendContext): HandlerMap<'synth'> {
  const { store, jobs } = ctx;
  const gen = ctx.router;

  const synthesize = async (
    { graphId, count, kinds, maxLength, useModel, concurrency, seed, maxAttempts, dropFailing }: SynthArgs,
    { signal, progress }: Job,
  ) => {
    const graph = store.graphs.get(graphId);
    // Said once, before any sample, rather than in every sample that would stop and ask.
    if (graph.tools.some((t) => usesModel(t.runtime))) gen.assertRemoteApproved();
    const { runtime } = ctx;
    const checker = ctx.checker();
    const validateResult = resultValidator(graph);
    // The same checks `trellis check` runs on a trajectory of this graph.
    const check = (turns: readonly Turn[]) => checker.turns(turns, { graphId });
    const random = seededRandom(seed);
    // Favour what the workspace covers least: uses per tool and per edge, growing as we go.
    const usage = new Map<string, number>(
      store.trajectoryQueries.facets().tools.map((f) => [f.value, f.count] as [string, number]),
    );
    // Literal values a tool refused in this job (`Unknown city: Oslo`): later draws avoid them.
    const refused = new Set<string>();
    const refusedKey = (tool: string, param: string, value: unknown) => `${tool}.${param}=${JSON.stringify(value)}`;
    const created: string[] = [];
    const failed: string[] = [];
    const byKind: Record<string, number> = {};
    const report = emptyCheckReport(maxAttempts);
    let next = 0;
    // Kinds the graph cannot provide are not applicable, not failed: the samples go to the others.
    const notApplicable = kinds.flatMap((kind) => {
      const reason = unavailableReason(graph, kind);
      return reason ? [{ kind, reason }] : [];
    });
    const drawn = kinds.filter((kind) => !notApplicable.some((n) => n.kind === kind));

    const writeIntent = async (sample: ChainSample, steps: ChainSample['steps'], index: number, attempt: number) => {
      const intent = templateIntent(graph, sample, steps);
      if (!useModel) return intent;
      const { text } = await gen.generate(
        {
          prompt: `Rewrite this request as a user would type it, in one or two sentences, keeping every value:\n${intent}`,
          chat: true,
          maxTokens: 120,
          temperature: 0.8,
          seed: seed + index + attempt * 100_003,
        },
        () => {},
        signal,
      );
      return text.trim() || intent;
    };

    const one = async (index: number) => {
      const kind = drawn[index % drawn.length] as SampleKind;
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
      // Each sample draws its values from its own stream: what one draws does not shift the next.
      const values = seededRandom(seed * 7_919 + index);
      let run: SampleRun | null = null;
      let intent = '';
      let rejected: string[] = [];
      for (let attempt = 0; attempt < maxAttempts && !signal.aborted; attempt++) {
        report.attempts++;
        if (attempt === 1) report.resampled++;
        const steps = fillArguments(graph, sample.steps, values, {
          avoid: (tool, param, value) => refused.has(refusedKey(tool, param, value)),
        });
        intent = await writeIntent(sample, steps, index, attempt);
        run = await runSampleWhenSandboxFree(graph, steps, intent, values, { runtime, validateResult, check }, signal);
        // A call that never ran for want of a free sandbox says nothing of the values drawn.
        if (sandboxWasBusy(run.turns)) break;
        for (const r of refusedValues(run.steps, run.turns)) refused.add(refusedKey(r.tool, r.param, r.value));
        rejected = run.finished ? rejectingCodes(run.findings) : ['unfinished'];
        if (!rejected.length) break;
        countCodes(report.rejectedByCode, rejected);
      }
      if (!run) return;
      if (sandboxWasBusy(run.turns)) {
        report.sandboxBusy++;
        return;
      }
      if (!run.finished) {
        failed.push(`${kind} ${sample.tools.join('→')}: ${run.note ?? 'the run did not finish'}`);
        return;
      }
      if (rejected.length) {
        report.stillFailing++;
        countCodes(report.stillFailingByCode, rejected);
        if (dropFailing) {
          report.dropped++;
          return;
        }
      }
      // One unit per synthesized trajectory: its plan, turns, findings and label are kept together.
      const { id, findings } = store.transaction(() => {
        const plan = store.plans.save({ graphId, intent, steps: run.steps, modelSettings: { synthesized: kind } });
        const { id } = store.trajectories.insert({
          kind: 'run',
          title: (run.turns[0]?.content ?? intent).slice(0, 80),
          source: `synth-${kind}`,
          graphId,
          planId: plan.id,
          forkOf: null,
          turns: run.turns,
        });
        const findings = checker(store.trajectories.get(id));
        store.findings.replace(id, findings);
        if (rejected.length)
          store.labels.set({
            trajectoryId: id,
            status: null,
            rating: null,
            tags: [FAILED_CHECKS_TAG],
            note: `Still fails Trellis's checks after ${maxAttempts} attempts: ${formatCodes(Object.fromEntries(rejected.map((c) => [c, 1])))}.`,
          });
        return { id, findings };
      });
      if (!findings.some((f) => f.severity === 'error')) report.errorFree++;
      if (findings.length) report.withFindings++;
      countCodes(
        report.findingsByCode,
        findings.map((f) => f.code),
      );
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
        progress(created.length + failed.length + report.dropped + report.sandboxBusy, count, {
          failed: failed.length,
        });
      }
    };
    // Samples that generate at once share the model's batch: one decode step serves them all.
    const workers = concurrency ?? (gen.available() ? gen.concurrency() : 1);
    if (drawn.length) await Promise.all(Array.from({ length: Math.min(workers, count) }, worker));
    return { created, byKind, failed, notApplicable, cancelled: signal.aborted, checks: report };
  };

  return {
    'synth.start': ({ jobId, ...args }) => {
      if (args.useModel && !gen.available())
        throw new TrellisError('E5003', 'Model-written intents need a loaded model or a remote server.');
      if (args.useModel) gen.assertRemoteApproved();
      return jobs.run('synth.start', jobId, (job) => synthesize(args, job));
    },
  };
}
