import { z } from 'zod';
import { Dataset, TrajectoryFilter, TrajectoryId } from '../domain';
import { method } from './define';
import { JobId } from './jobs';
import { REASONING_MODES } from '../formats/export-records';
import { EXPORT_FORMAT_IDS } from '../formats/export-formats';
import { ExportReport } from '../formats/export-summary';

export { ExportReport };

const Ratio = z.object({ train: z.number().min(0), validation: z.number().min(0), test: z.number().min(0) });

export const ExportFormat = z.enum(EXPORT_FORMAT_IDS);

/** What an export may include beyond records a trainer should get; both are left out by default. */
const ExportInclusion = {
  /** Also write items labelled rejected or needs-fix. */
  includeRejected: z.boolean().default(false),
  /** Also write records that break the format's rules (an unpaired tool message, no final answer, …). */
  includeInvalid: z.boolean().default(false),
  /** What to do with thoughts: inline (`<think>…</think>`), drop, or field (`reasoning_content`, OpenAI only); the format's default when absent. */
  reasoning: z.enum(REASONING_MODES).optional(),
  /** Replace files already in the folder with the same names (an earlier export); refused (E3005) otherwise. */
  replace: z.boolean().default(false),
};

const ExportResult = z.object({
  files: z.array(z.object({ split: z.string(), path: z.string(), count: z.number().int() })),
  cancelled: z.boolean(),
  report: ExportReport,
});

export const DatasetStats = z.object({
  size: z.number().int(),
  bySplit: z.record(z.string(), z.number().int()),
  turns: z.object({ mean: z.number(), max: z.number().int() }),
  /** Characters / 4: an estimate, labelled so (no tokenizer is involved). */
  estimatedTokens: z.object({ mean: z.number(), max: z.number().int(), histogram: z.array(z.number().int()) }),
  /** Tokens through the loaded model's chat template and tokenizer, over an even sample; null without a model. */
  modelTokens: z.object({ sampled: z.number().int(), mean: z.number(), max: z.number().int() }).nullable(),
  toolCoverage: z.object({
    graphId: z.string().nullable(),
    calls: z.record(z.string(), z.number().int()),
    unusedTools: z.array(z.string()),
    /** Tool pairs joined by a dependency edge that a trajectory called in order (A, then B next). */
    edgesCovered: z.number().int(),
    /** Distinct tool pairs the graph's dependency edges join (several edges may join one pair). */
    edgesTotal: z.number().int(),
    /** The graph's dependency edges, each counted (output → parameter), as the Graph inspector counts them. */
    dependencyEdges: z.number().int(),
  }),
  findingRates: z.record(z.string(), z.number()),
  labels: z.record(z.string(), z.number().int()),
  /** Items by their run's outcome: success, failure, unknown, none. */
  outcomes: z.record(z.string(), z.number().int()),
});

export const datasetsMethods = {
  'datasets.create': method({
    summary:
      'A named dataset: the trajectories a filter selects plus hand picks, split by ratio (stratified by tool set).',
    args: z.object({
      name: z.string().trim().min(1),
      filter: TrajectoryFilter.nullable().default(null),
      picks: z.array(TrajectoryId).default([]),
      ratio: Ratio.default({ train: 0.8, validation: 0.1, test: 0.1 }),
      seed: z.number().int().default(1),
    }),
    result: Dataset,
  }),
  'datasets.list': method({
    summary: 'Datasets of the workspace, newest first.',
    args: z.object({}),
    result: z.array(z.object({ id: z.string(), name: z.string(), size: z.number().int(), createdAt: z.string() })),
  }),
  'datasets.get': method({ summary: 'A dataset with its items.', args: z.object({ id: z.string() }), result: Dataset }),
  'datasets.addItems': method({
    summary: 'Adds hand-picked trajectories to a dataset (in the train split unless given).',
    args: z.object({
      id: z.string(),
      trajectoryIds: z.array(TrajectoryId).min(1),
      split: z.enum(['train', 'validation', 'test']).default('train'),
    }),
    result: Dataset,
  }),
  'datasets.delete': method({
    summary: 'Deletes a dataset (its trajectories stay).',
    args: z.object({ id: z.string() }),
    result: z.object({ ok: z.literal(true) }),
  }),
  'datasets.split': method({
    summary: 'Splits a dataset again by ratio and seed.',
    args: z.object({ id: z.string(), ratio: Ratio, seed: z.number().int() }),
    result: Dataset,
  }),
  'datasets.stats': method({
    summary: 'Counts, lengths, tool coverage, finding rates, labels; a job (a cancelled one answers E1006).',
    args: z.object({ id: z.string(), jobId: JobId.optional() }),
    result: DatasetStats,
  }),
  'datasets.dedup': method({
    summary:
      'Exact and near-duplicate clusters (MinHash/LSH), as a job; with apply, only each cluster’s representative stays. Cancelled, it finds and removes nothing.',
    args: z.object({
      id: z.string(),
      jobId: JobId.optional(),
      threshold: z.number().min(0.1).max(1).default(0.8),
      apply: z.boolean().default(false),
    }),
    result: z.object({
      clusters: z.array(
        z.object({
          representative: z.string(),
          title: z.string(),
          duplicates: z.array(z.object({ id: z.string(), title: z.string(), similarity: z.number() })),
        }),
      ),
      removed: z.number().int(),
      cancelled: z.boolean(),
    }),
  }),
  'datasets.preview': method({
    summary:
      "A trajectory rendered through the loaded GGUF's own chat template, as training would see it, with its token count.",
    args: z.object({ trajectoryId: TrajectoryId }),
    result: z.object({ text: z.string(), tokens: z.number().int() }),
  }),
  'datasets.export': method({
    summary:
      'Writes one file per split in an SFT format (OpenAI, ShareGPT with dataset_info.json merged, Hermes, WorfBench), as a job. ' +
      "Records that break the format's rules and items labelled rejected or needs-fix are left out unless included, and reported. " +
      'Files already in the folder under the same names are refused (E3005) unless `replace`. ' +
      'Every file is written beside its target and renamed into place: cancelled or killed, the previous files stay whole.',
    args: z.object({
      id: z.string(),
      format: ExportFormat,
      dir: z.string().trim().min(1),
      jobId: JobId.optional(),
      ...ExportInclusion,
    }),
    result: ExportResult,
  }),
  'datasets.exportSelection': method({
    summary:
      'Exports the trajectories a filter selects, split by ratio and seed, without saving a dataset (files named after `name`); as datasets.export.',
    args: z.object({
      name: z.string().trim().min(1).default('export'),
      filter: TrajectoryFilter,
      ratio: Ratio.default({ train: 0.8, validation: 0.1, test: 0.1 }),
      seed: z.number().int().default(1),
      format: ExportFormat,
      dir: z.string().trim().min(1),
      jobId: JobId.optional(),
      ...ExportInclusion,
    }),
    result: ExportResult,
  }),
};
