import { trajectoriesCount } from '../shared/text';
import type { JobProgress } from '../shared/contract/jobs';
import { SampleKind } from '../shared/contract/synth';
import { TrellisError } from '../shared/errors';
import { checkReportLine, FAILED_CHECKS_TAG, notApplicableLine } from '../shared/synth/outcome';
import { allowGrants, allowModelServer, allowOption } from './allow-flags';
import { graphIdFor, loadModelFlag, openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

export const synthVerb: Verb = {
  name: 'synth',
  summary: 'Synthesize trajectories from a tool graph: sampled chains, executed with the tool runtimes, checked.',
  usage:
    'trellis synth --count N [--graph NAME] [--workspace FILE] [--kinds serial,parallel,isolated] [--max-length 4]\n' +
    '              [--seed N] [--max-attempts 3] [--drop-failing] [--with-examples] [--model FILE.gguf] [--concurrency N]\n' +
    "              [--allow 'model:URL'] [--json]",
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    graph: { type: 'string', description: 'Tool graph name (optional when the workspace has one)' },
    count: { type: 'string', description: 'How many trajectories to make' },
    kinds: { type: 'string', description: 'serial, parallel and/or isolated, comma-separated (default all)' },
    'max-length': { type: 'string', description: 'Longest serial chain (default 4)' },
    seed: {
      type: 'string',
      description: 'Seed of the sampling (default 1): the same seed makes the same trajectories',
    },
    'max-attempts': {
      type: 'string',
      description: "Draws of a sample's arguments while Trellis's checks find an error in it (default 3)",
    },
    'drop-failing': {
      type: 'boolean',
      description: `Leave out a sample that still fails after its last attempt (default: keep it, tagged ${FAILED_CHECKS_TAG})`,
    },
    'with-examples': { type: 'boolean', description: 'Seed a new workspace with the example graph and trajectories' },
    model: { type: 'string', description: 'GGUF to load: the model writes the intents' },
    concurrency: {
      type: 'string',
      description:
        'Samples run at once (default: as many as the model generates together; --model loads it with that many sequences)',
    },
    allow: allowOption(['model']),
  },
  async run(values, io) {
    const count = Number(values.count);
    if (!Number.isInteger(count) || count < 1)
      throw new TrellisError('E1002', '--count must be a whole number of 1 or more.');
    const kinds = typeof values.kinds === 'string' ? values.kinds.split(',').map((k) => k.trim()) : undefined;
    const parsedKinds = kinds?.map((k) => SampleKind.safeParse(k));
    if (parsedKinds?.some((k) => !k.success))
      throw new TrellisError('E1002', `--kinds takes ${SampleKind.options.join(', ')}.`);
    const maxAttempts = values['max-attempts'] === undefined ? undefined : Number(values['max-attempts']);
    if (maxAttempts !== undefined && !(Number.isInteger(maxAttempts) && maxAttempts >= 1 && maxAttempts <= 10))
      throw new TrellisError('E1002', '--max-attempts must be a whole number from 1 to 10.');
    const grants = allowGrants(values.allow, ['model'], 'synth');
    const backend = openBackend(values, { create: values['with-examples'] === true });
    try {
      await allowModelServer(backend, grants);
      const graphId = await graphIdFor(backend, values.graph);
      // Samples at once generate in one batch: the model gets a sequence for each.
      await loadModelFlag(backend, values.model, values.concurrency ? { sequences: Number(values.concurrency) } : {});
      if (!io.json)
        backend.events.subscribe((name, p) => {
          const progress = p as JobProgress;
          if (name !== 'jobs.progress' || progress.kind !== 'synth.start') return;
          const { done, total } = progress;
          if (done === total || done % 50 === 0) io.err(`${done}/${total}`);
        });
      const result = await backend.registry.invoke('synth.start', {
        graphId,
        count,
        ...(parsedKinds ? { kinds: parsedKinds.map((k) => k.data!) } : {}),
        ...(values['max-length'] ? { maxLength: Number(values['max-length']) } : {}),
        ...(values.seed ? { seed: Number(values.seed) } : {}),
        ...(values.concurrency ? { concurrency: Number(values.concurrency) } : {}),
        ...(maxAttempts ? { maxAttempts } : {}),
        dropFailing: values['drop-failing'] === true,
        useModel: typeof values.model === 'string',
      });
      if (io.json) io.out(JSON.stringify({ ok: result.created.length > 0, ...result }));
      else {
        for (const f of result.failed) io.err(`failed: ${f}`);
        const skipped = notApplicableLine(result.notApplicable, parsedKinds?.map((k) => k.data!) ?? SampleKind.options);
        if (skipped) io.out(skipped);
        io.out(
          `Made ${trajectoriesCount(result.created.length)} (${Object.entries(result.byKind)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}); ${result.failed.length} failed. They are unlabelled, in the review queue.`,
        );
        io.out(checkReportLine(result.checks, result.created.length));
      }
      return result.created.length ? 0 : 1;
    } finally {
      backend.close();
    }
  },
};
