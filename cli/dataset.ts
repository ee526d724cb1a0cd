import { trajectoriesCount } from '../shared/text';
import { TrellisError } from '../shared/errors';
import { openBackend } from './backend-helpers';
import { datasetId } from './export';
import { FILTER_OPTIONS, filterFromFlags, ratioFromFlag, seedFromFlag, SPLIT_OPTIONS } from './selection-flags';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

const WORKSPACE = { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` } as const;
const SPLITS = ['train', 'validation', 'test'];

const splitText = (bySplit: Record<string, number>) =>
  Object.entries(bySplit)
    .sort((a, b) => SPLITS.indexOf(a[0]) - SPLITS.indexOf(b[0]))
    .map(([split, n]) => `${split} ${n}`)
    .join(', ');

export const datasetCreateVerb: Verb = {
  name: 'dataset create',
  summary:
    'Make a named dataset of the trajectories the filter flags select (everything without one), split\n' +
    'train/validation/test by ratio and seed, stratified by the set of tools each calls.',
  usage:
    'trellis dataset create NAME [--label L] [--finding F] [--source FILE] [--tool T] [--query Q]\n' +
    '                       [--min-turns N] [--max-turns N] [--outcome O] [--meta FIELD=VALUE]…\n' +
    '                       [--split 0.8,0.1,0.1] [--seed N] [--replace]\n' +
    '                       [--workspace FILE] [--json]',
  positional: 'name',
  options: {
    name: { type: 'string', description: 'Dataset name (or give it as the first argument)' },
    workspace: WORKSPACE,
    ...FILTER_OPTIONS,
    ...SPLIT_OPTIONS,
    replace: { type: 'boolean', description: 'Replace a dataset of the same name instead of refusing' },
  },
  async run(values, io) {
    const name = typeof values.name === 'string' ? values.name.trim() : '';
    if (!name) throw new TrellisError('E1002', 'No dataset name given.', 'Name it: trellis dataset create NAME.');
    const filter = filterFromFlags(values) ?? {};
    const ratio = ratioFromFlag(values.split);
    const seed = seedFromFlag(values.seed);
    const backend = openBackend(values);
    try {
      if (values.replace) {
        const existing = (await backend.registry.invoke('datasets.list', {})).find((d) => d.name === name);
        if (existing) await backend.registry.invoke('datasets.delete', { id: existing.id });
      }
      const dataset = await backend.registry.invoke('datasets.create', {
        name,
        filter,
        seed,
        ...(ratio ? { ratio } : {}),
      });
      const bySplit: Record<string, number> = {};
      for (const item of dataset.items) bySplit[item.split ?? 'none'] = (bySplit[item.split ?? 'none'] ?? 0) + 1;
      if (io.json)
        io.out(JSON.stringify({ ok: true, id: dataset.id, name, filter, size: dataset.items.length, bySplit }));
      else io.out(`Created dataset "${name}": ${trajectoriesCount(dataset.items.length)} (${splitText(bySplit)}).`);
      return 0;
    } finally {
      backend.close();
    }
  },
};

export const datasetListVerb: Verb = {
  name: 'dataset list',
  summary: 'List the datasets of a workspace, newest first, with their sizes.',
  usage: 'trellis dataset list [--workspace FILE] [--json]',
  options: { workspace: WORKSPACE },
  async run(values, io) {
    const backend = openBackend(values);
    try {
      const datasets = await backend.registry.invoke('datasets.list', {});
      if (io.json) io.out(JSON.stringify({ ok: true, datasets }));
      else if (!datasets.length) io.out('No datasets yet: make one with trellis dataset create NAME.');
      else for (const d of datasets) io.out(`${d.name.padEnd(24)} ${String(d.size).padStart(7)}  ${d.createdAt}`);
      return 0;
    } finally {
      backend.close();
    }
  },
};

export const datasetShowVerb: Verb = {
  name: 'dataset show',
  summary: 'Show a dataset: its filter, how many trajectories each split holds, and their review labels.',
  usage: 'trellis dataset show NAME [--workspace FILE] [--json]',
  positional: 'name',
  options: {
    name: { type: 'string', description: 'Dataset name (or give it as the first argument)' },
    workspace: WORKSPACE,
  },
  async run(values, io) {
    if (typeof values.name !== 'string')
      throw new TrellisError('E1002', 'No dataset name given.', 'Name it: trellis dataset show NAME.');
    const backend = openBackend(values);
    try {
      const id = await datasetId(backend, values.name, 'NAME');
      const dataset = await backend.registry.invoke('datasets.get', { id });
      const stats = await backend.registry.invoke('datasets.stats', { id });
      const summary = {
        id,
        name: dataset.name,
        createdAt: dataset.createdAt,
        filter: dataset.filter,
        size: stats.size,
        bySplit: stats.bySplit,
        labels: stats.labels,
        findingRates: stats.findingRates,
      };
      if (io.json) io.out(JSON.stringify({ ok: true, ...summary }));
      else {
        io.out(
          `${dataset.name}: ${trajectoriesCount(stats.size)} (${splitText(stats.bySplit)}), made ${dataset.createdAt}`,
        );
        io.out(`  filter  ${JSON.stringify(dataset.filter)}`);
        io.out(
          `  labels  ${
            Object.entries(stats.labels)
              .map(([label, n]) => `${label} ${n}`)
              .join(', ') || 'none'
          }`,
        );
      }
      return 0;
    } finally {
      backend.close();
    }
  },
};

/** `trellis dataset <create|list|show>`. */
export const DATASET_VERBS: Verb[] = [datasetCreateVerb, datasetListVerb, datasetShowVerb];
