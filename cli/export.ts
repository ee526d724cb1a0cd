import path from 'node:path';
import { ExportFormat } from '../shared/contract/datasets';
import { TrellisError } from '../shared/errors';
import { openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

type Backend = ReturnType<typeof openBackend>;

async function datasetId(backend: Backend, name: unknown): Promise<string> {
  if (typeof name !== 'string') throw new TrellisError('E1002', '--dataset is required.');
  const found = (await backend.registry.invoke('datasets.list', {})).find((d) => d.name === name);
  if (!found) throw new TrellisError('E3001', `No dataset named "${name}" in this workspace.`);
  return found.id;
}

function parseSplit(text: unknown): { train: number; validation: number; test: number } | null {
  if (typeof text !== 'string') return null;
  const parts = text.split(',').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n) || n < 0))
    throw new TrellisError('E1002', `--split takes three shares, e.g. 0.8,0.1,0.1, not "${text}".`);
  return { train: parts[0]!, validation: parts[1]!, test: parts[2]! };
}

export const exportVerb: Verb = {
  name: 'export',
  summary: 'Write a dataset as SFT files, one per split (OpenAI, ShareGPT, Hermes or WorfBench).',
  usage:
    'trellis export --dataset NAME --format openai|sharegpt|hermes|worfbench --out DIR [--workspace FILE]\n' +
    '               [--split 0.8,0.1,0.1 --seed N] [--json]',
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    dataset: { type: 'string', description: 'Dataset name' },
    format: { type: 'string', description: 'openai, sharegpt, hermes or worfbench' },
    out: { type: 'string', description: 'Folder for the files' },
    split: { type: 'string', description: 'Split again first: train,validation,test shares' },
    seed: { type: 'string', description: 'Seed of the split (default 1)' },
  },
  async run(values, io) {
    const format = ExportFormat.safeParse(values.format);
    if (!format.success) throw new TrellisError('E1002', `--format must be one of ${ExportFormat.options.join(', ')}.`);
    if (typeof values.out !== 'string') throw new TrellisError('E1002', '--out is required.');
    const ratio = parseSplit(values.split);
    const backend = openBackend(values);
    try {
      const id = await datasetId(backend, values.dataset);
      if (ratio) await backend.registry.invoke('datasets.split', { id, ratio, seed: Number(values.seed ?? 1) });
      const { files } = await backend.registry.invoke('datasets.export', {
        id,
        format: format.data,
        dir: path.resolve(values.out),
      });
      if (io.json) io.out(JSON.stringify({ ok: true, files }));
      else for (const f of files) io.out(`${f.split.padEnd(10)} ${String(f.count).padStart(7)}  ${f.path}`);
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
