import type { Result } from '../shared/contract';
import { TrellisError } from '../shared/errors';
import { graphIdFor, openBackend } from './backend-helpers';
import { FILTER_OPTIONS, filterFromFlags } from './selection-flags';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

const OPTIONS = {
  workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
  graph: { type: 'string', description: 'Tool graph name (optional when the workspace has one)' },
  ...FILTER_OPTIONS,
} as const;

const limitedNote = (limited: boolean) => (limited ? ' (the newest only: there were more than one request reads)' : '');

function printReplay(report: Result<'graphs.makeReplayRuntimes'>, out: (t: string) => void) {
  for (const { tool, runtime, kept } of report.tools) {
    if (runtime.kind !== 'replay') continue;
    const { calls, trajectories, dropped } = runtime.source;
    out(
      `${tool.padEnd(28)} ${String(runtime.recordings.length).padStart(4)} recordings of ${calls} calls in ${trajectories} trajectories` +
        (dropped ? `, ${dropped} rarest argument sets left out` : '') +
        (kept ? ` — kept its ${kept} runtime (--overwrite replaces it)` : ''),
    );
  }
  if (report.unrecorded.length) out(`No recorded calls of: ${report.unrecorded.join(', ')}.`);
}

export const graphReplayVerb: Verb = {
  name: 'graph replay',
  summary:
    "Give a graph's tools replay runtimes: they answer with the observations recorded in trajectories\n" +
    '(the same arguments, else the nearest), so imported tools run without a mock. Tools with a runtime\n' +
    'of their own keep it unless --overwrite. The filter flags choose the trajectories (default: all).',
  usage:
    'trellis graph replay --graph NAME [--source FILE] [--tool T] [--label L] [--query Q]… [--overwrite] [--dry-run]\n' +
    '                     [--workspace FILE] [--json]',
  options: {
    ...OPTIONS,
    overwrite: { type: 'boolean', description: 'Replace runtimes the tools already have (mock, fixed, …) too' },
    'dry-run': { type: 'boolean', description: 'Report what would be made; save nothing' },
  },
  async run(values, io) {
    const filter = filterFromFlags(values);
    const backend = openBackend(values);
    try {
      const id = await graphIdFor(backend, values.graph);
      const report = await backend.registry.invoke('graphs.makeReplayRuntimes', {
        id,
        ...(filter ? { filter } : {}),
        apply: values['dry-run'] !== true,
        overwrite: values.overwrite === true,
      });
      if (!report.trajectories)
        throw new TrellisError(
          'E3001',
          'No trajectory calls a tool of this graph.',
          'Import logs that call these tools first (trellis import FILE --graph NAME).',
        );
      const made = report.tools.filter((t) => !t.kept).length;
      if (io.json) io.out(JSON.stringify({ ok: true, ...report }));
      else {
        printReplay(report, io.out);
        io.out(
          `${values['dry-run'] ? 'Would make' : 'Made'} ${made} replay runtimes from ${report.trajectories} trajectories${limitedNote(report.limited)}.`,
        );
      }
      return 0;
    } finally {
      backend.close();
    }
  },
};

export const graphInferReturnsVerb: Verb = {
  name: 'graph infer-returns',
  summary:
    "Propose result schemas for a graph's tools from the results recorded in trajectories (types, fields\n" +
    'present in all, arrays of objects, enums of few values); --apply saves the changed ones.',
  usage: 'trellis graph infer-returns --graph NAME [--apply] [--source FILE] [--tool T]… [--workspace FILE] [--json]',
  options: {
    ...OPTIONS,
    apply: { type: 'boolean', description: 'Save the proposed schemas as the tools’ returns' },
  },
  async run(values, io) {
    const filter = filterFromFlags(values);
    const backend = openBackend(values);
    try {
      const id = await graphIdFor(backend, values.graph);
      const report = await backend.registry.invoke('graphs.inferReturns', {
        id,
        ...(filter ? { filter } : {}),
        apply: values.apply === true,
      });
      const changed = report.proposals.filter((p) => p.changed);
      if (io.json) io.out(JSON.stringify({ ok: true, ...report }));
      else {
        for (const p of report.proposals) {
          io.out(`${p.tool}: ${p.changed ? 'proposed' : 'unchanged'}, from ${p.results} results`);
          if (p.changed) io.out(JSON.stringify(p.proposed, null, 2).replace(/^/gm, '  '));
        }
        io.out(
          `${changed.length} of ${report.proposals.length} tools ${values.apply ? 'updated' : 'would change (run again with --apply to save)'}; ` +
            `${report.trajectories} trajectories read${limitedNote(report.limited)}.`,
        );
      }
      return 0;
    } finally {
      backend.close();
    }
  },
};
