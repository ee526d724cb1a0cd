import path from 'node:path';
import { ExportFormat } from '../shared/contract/datasets';
import { REASONING_MODES, type ReasoningMode } from '../shared/formats/export-records';
import { EXPORT_FORMAT_CHOICES, EXPORT_FORMATS } from '../shared/formats/export-formats';
import type { Result } from '../shared/contract';
import { TrellisError } from '../shared/errors';
import { exportSummary } from '../shared/formats/export-summary';
import { openBackend } from './backend-helpers';
import { FILTER_OPTIONS, filterFromFlags, ratioFromFlag, seedFromFlag, SPLIT_OPTIONS } from './selection-flags';
import type { Verb, VerbIO } from './verb';
import { defaultWorkspacePath } from './workspace-path';

type Backend = ReturnType<typeof openBackend>;

/** The id of the dataset a verb names. */
export async function datasetId(backend: Backend, name: unknown, flag = '--dataset'): Promise<string> {
  if (typeof name !== 'string') throw new TrellisError('E1002', `${flag} is required.`);
  const found = (await backend.registry.invoke('datasets.list', {})).find((d) => d.name === name);
  if (!found) throw new TrellisError('E3001', `No dataset named "${name}" in this workspace.`);
  return found.id;
}

/** The flags that would write what was left out for these reasons. */
function leftOutHint(reasons: Readonly<Record<string, number>>): string {
  const labelled = Object.keys(reasons).some((r) => r.startsWith('label:'));
  const rules = Object.keys(reasons).some((r) => !r.startsWith('label:'));
  if (labelled && rules) return '--include-rejected and --include-invalid write them';
  return labelled ? '--include-rejected writes them' : '--include-invalid writes them';
}

/** The files written, then what was left out and why (on stderr: the files are the result). */
function printExport(result: Result<'datasets.export'>, io: VerbIO): void {
  for (const f of result.files) io.out(`${f.split.padEnd(10)} ${String(f.count).padStart(7)}  ${f.path}`);
  const { report } = result;
  const summary = exportSummary(report);
  for (const link of report.replacedLinks)
    io.err(`${link} was a symbolic link: replaced by the file, its target left as it was.`);
  if (report.notWritten) io.err(report.notWritten.message);
  for (const line of summary.emptySplits) io.err(line);
  for (const note of report.notes) io.err(note);
  if (!report.flagged) return;
  if (summary.leftOut) io.err(`${summary.leftOut}; ${leftOutHint(report.leftOutReasons)}.`);
  if (summary.written) io.err(`${summary.written}.`);
  for (const e of report.examples)
    io.err(`  "${e.title || '(untitled)'}" [${e.trajectoryId}] (${e.split}): ${e.reasons.join(' ')}`);
  if (report.flagged > report.examples.length) io.err(`  … and ${report.flagged - report.examples.length} more.`);
}

export const exportVerb: Verb = {
  name: 'export',
  summary:
    'Write a dataset, or the trajectories a filter selects, as SFT files, one per split (OpenAI, ShareGPT,\n' +
    "Hermes or WorfBench). Records that break the format's rules and items labelled rejected or needs-fix\n" +
    'are left out and reported unless included. Files of an earlier export in DIR are kept unless --replace;\n' +
    'replaced, they are replaced whole: a killed export changes nothing.',
  usage:
    `trellis export --format ${EXPORT_FORMAT_CHOICES} --out DIR [--workspace FILE]\n` +
    '               (--dataset NAME | [--label L] [--finding F] [--source FILE] [--tool T] [--query Q]\n' +
    '                [--outcome success|failure|unknown|none] [--meta FIELD=VALUE]… [--name NAME])\n' +
    '               [--split 0.8,0.1,0.1 --seed N] [--include-rejected] [--include-invalid]\n' +
    '               [--reasoning inline|drop|field] [--replace] [--json]',
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    dataset: { type: 'string', description: 'Dataset name (without it, the filter flags select what to export)' },
    format: { type: 'string', description: EXPORT_FORMAT_CHOICES.replaceAll('|', ', ') },
    out: { type: 'string', description: 'Folder for the files' },
    ...SPLIT_OPTIONS,
    split: { type: 'string', description: 'train,validation,test shares (with --dataset: split it again first)' },
    ...FILTER_OPTIONS,
    name: { type: 'string', description: 'File name prefix when exporting a filter (default "export")' },
    'include-rejected': { type: 'boolean', description: 'Also write items labelled rejected or needs-fix' },
    'include-invalid': { type: 'boolean', description: "Also write records that break the format's rules" },
    replace: {
      type: 'boolean',
      description: 'Replace files of the same names already in the folder (an earlier export); refused without it',
    },
    reasoning: {
      type: 'string',
      description:
        'Thoughts: inline as <think>…</think>, drop, or field (reasoning_content, OpenAI only). ' +
        'Default: drop for OpenAI (its schema has no field), inline for ShareGPT and Hermes',
    },
  },
  async run(values, io) {
    const format = ExportFormat.safeParse(values.format);
    if (!format.success) throw new TrellisError('E1002', `--format must be one of ${ExportFormat.options.join(', ')}.`);
    if (typeof values.out !== 'string') throw new TrellisError('E1002', '--out is required.');
    const reasoning = values.reasoning as ReasoningMode | undefined;
    if (reasoning !== undefined && !REASONING_MODES.includes(reasoning))
      throw new TrellisError('E1002', `--reasoning must be one of ${REASONING_MODES.join(', ')}.`);
    if (reasoning && !EXPORT_FORMATS[format.data].reasoning.includes(reasoning))
      throw new TrellisError(
        'E1002',
        `--reasoning ${reasoning} does not apply to ${format.data}: it takes ${EXPORT_FORMATS[format.data].reasoning.join(' or ')}.`,
      );
    const ratio = ratioFromFlag(values.split);
    const seed = seedFromFlag(values.seed);
    const filter = filterFromFlags(values);
    const named = values.dataset !== undefined;
    if (named && filter)
      throw new TrellisError('E1002', 'Give --dataset or filter flags, not both: a dataset already has its selection.');
    if (named && values.name !== undefined)
      throw new TrellisError('E1002', '--name names a filter export; a dataset has its name.');
    const common = {
      format: format.data,
      dir: path.resolve(values.out),
      includeRejected: values['include-rejected'] === true,
      includeInvalid: values['include-invalid'] === true,
      replace: values.replace === true,
      ...(reasoning ? { reasoning } : {}),
    };
    const backend = openBackend(values);
    try {
      let result: Result<'datasets.export'>;
      if (named) {
        const id = await datasetId(backend, values.dataset);
        if (ratio) await backend.registry.invoke('datasets.split', { id, ratio, seed });
        result = await backend.registry.invoke('datasets.export', { id, ...common });
      } else {
        result = await backend.registry.invoke('datasets.exportSelection', {
          filter: filter ?? {},
          seed,
          ...(ratio ? { ratio } : {}),
          ...(typeof values.name === 'string' ? { name: values.name } : {}),
          ...common,
        });
      }
      if (io.json) io.out(JSON.stringify({ ok: true, ...result }));
      else printExport(result, io);
      return 0;
    } finally {
      backend.close();
    }
  },
};

export const dedupVerb: Verb = {
  name: 'dedup',
  summary: 'Find exact and near-duplicate trajectories in a dataset (MinHash/LSH); --apply keeps one per cluster.',
  usage: 'trellis dedup --dataset NAME [--workspace FILE] [--threshold 0.8] [--apply] [--json]',
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    dataset: { type: 'string', description: 'Dataset name' },
    threshold: {
      type: 'string',
      description: 'Estimated Jaccard similarity from which two are duplicates (default 0.8)',
    },
    apply: { type: 'boolean', description: 'Remove all but the representative of each cluster from the dataset' },
  },
  async run(values, io) {
    const threshold = values.threshold === undefined ? 0.8 : Number(values.threshold);
    if (!(threshold >= 0.1 && threshold <= 1))
      throw new TrellisError('E1002', '--threshold must be between 0.1 and 1.');
    const backend = openBackend(values);
    try {
      const id = await datasetId(backend, values.dataset);
      const result = await backend.registry.invoke('datasets.dedup', { id, threshold, apply: values.apply === true });
      if (io.json) io.out(JSON.stringify({ ok: true, ...result }));
      else {
        for (const c of result.clusters)
          io.out(
            `keep ${c.representative}  drop ${c.duplicates.map((d) => `${d.id} (${d.similarity.toFixed(2)})`).join(', ')}`,
          );
        const extra = result.clusters.reduce((n, c) => n + c.duplicates.length, 0);
        io.out(
          `${result.clusters.length} clusters, ${extra} duplicates` +
            (values.apply ? `; ${result.removed} removed from the dataset.` : ' (run with --apply to remove them).'),
        );
      }
      return 0;
    } finally {
      backend.close();
    }
  },
};
