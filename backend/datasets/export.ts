import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Dataset, DeclaredTool, Tool, Trajectory } from '../../shared/domain';
import { unattendedJob, type Job } from '../jobs/job';
import type { WorkspaceStore } from '../store/workspace-store';
import {
  shareGPTCarriesTools,
  shareGPTMediaColumns,
  type ExportItem,
  type ReasoningMode,
} from '../../shared/formats/export-records';
import { mediaOf } from '../../shared/formats/media';
import { TrellisError } from '../../shared/errors';
import { EXPORT_RULES } from '../../shared/checks/export';
import { formatProblem } from '../../shared/checks/format';
import { trainingWeights } from '../../shared/formats/training-weights';
import { recordedToolErrors } from '../../shared/runs/results';
import {
  cannotWrite,
  commitStaged,
  discardStaged,
  MAX_TARGET_NAME_BYTES,
  removeStaleTemps,
  stageFile,
  type StagedFile,
} from '../files/atomic-write';
import { ExportReporter } from './export-report';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/formats/export-formats';
import { mergeDatasetInfo, readDatasetInfo } from './dataset-info';
import { nothingToExport, removeCreatedFolders } from './nothing-to-export';
import { refuseToReplace } from './earlier-export';

const CHUNK = 500;

export interface ExportOptions {
  /** Also write items labelled rejected or needs-fix (left out by default). */
  includeRejected?: boolean;
  /** Also write records that break the format's rules (left out by default). */
  includeInvalid?: boolean;
  /** What is exported, as a refusal names it (default: the dataset and its name). */
  subject?: string;
  /** What to do with thoughts (the format's default when absent; see EXPORT_FORMATS). */
  reasoning?: ReasoningMode;
  /** Replace files of the same names already in the folder (refused with E3005 otherwise). */
  replace?: boolean;
}

/** Where an exported record's tools came from, for the report. */
export type ToolSource = 'own' | 'none' | 'graph';

/** The longest split and extension a file name adds to its stem (`.validation.jsonl`), with room to spare. */
const SUFFIX_ROOM = 24;

/**
 * A dataset's name as the start of its files' names: characters a file name may hold, and cut
 * (with a hash of the whole name, so two long names stay apart) where the name would be too long
 * for the file system.
 */
export function fileStem(name: string): string {
  const stem = name.replace(/[^\w.-]+/g, '_');
  const max = MAX_TARGET_NAME_BYTES - SUFFIX_ROOM;
  if (stem.length <= max) return stem;
  return `${stem.slice(0, max - 9)}-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}

/** The workspace file's permissions, for the files made from it (0600 when it has none yet). */
function workspaceFileMode(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? stat.mode & 0o666 : 0o600;
}

/** The mode of a folder holding files of `mode`: searchable by whoever may read them. */
const folderMode = (mode: number) => mode | ((mode & 0o444) >> 2);

/**
 * The tools an exported record declares, and where they came from: exactly the tools the
 * trajectory's own record declared (none when it declared none: an imported record keeps what
 * it said, whatever graph it was imported into); a run made in Trellis without a record of its
 * own gets its tool graph's, read once per graph through `graphs`. Tool sets are stored once per
 * distinct set and cached by the store.
 */
export function toolsForExport(
  store: WorkspaceStore,
  trajectory: Pick<Trajectory, 'graphId' | 'toolSet' | 'kind'>,
  graphs = new Map<string, Tool[]>(),
): { tools: DeclaredTool[]; from: ToolSource } {
  if (trajectory.toolSet) return { tools: store.toolSets.get(trajectory.toolSet), from: 'own' };
  const graphId = trajectory.graphId;
  if (trajectory.kind === 'imported' || !graphId) return { tools: [], from: 'none' };
  if (!graphs.has(graphId)) graphs.set(graphId, store.graphs.get(graphId).tools);
  return { tools: graphs.get(graphId)!, from: 'graph' };
}

/** A split's file as it is written: its records, and the columns dataset_info.json maps for them. */
interface SplitFile {
  split: string;
  path: string;
  count: number;
  withTools: boolean;
  media: Set<string>;
}

/** Where an export writes: its folder (made now, with the workspace's permissions) and each split's file. */
interface ExportTarget {
  dir: string;
  /** The folder the export made, removed again when it writes nothing. */
  createdDir: string | undefined;
  /** The permissions of the files it writes. */
  mode: number;
  safeName: string;
  splits: string[];
  fileOf(split: string): string;
  infoFile: string;
}

/** What every step of one export reads: the store, the format and its options, and the report being made. */
interface ExportRun {
  store: WorkspaceStore;
  format: ExportFormat;
  descriptor: (typeof EXPORT_FORMATS)[ExportFormat];
  reasoning: ReasoningMode;
  options: ExportOptions;
  reporter: ExportReporter;
  /** Each graph's tools, read once. */
  graphs: Map<string, Tool[]>;
  /** The calls of the record at hand whose arguments the exporter wrote from an object (see `RuleContext`). */
  objectArguments: Set<object>;
}

/**
 * Writes a dataset in an SFT format, one file per split (`<name>.<split>.jsonl`; WorfBench: a
 * JSON array per split, as its gold files are), streaming a chunk at a time. Each record is
 * checked against its format's rules; records that break one and items labelled rejected or
 * needs-fix are left out unless `options` include them, and the report says which and why.
 * ShareGPT exports merge their entries into `dataset_info.json`. A split none of whose records
 * passed gets no file and no entry (the report names it). Files already in `dir` under the
 * names it would write (an earlier export, whatever its format: they share names) are refused
 * (E3005) unless `options.replace`. Every file is written beside its target and renamed into
 * place once all are complete: a replacing export cancelled (or killed) leaves the previous
 * files as they were. An export that would write no record is refused
 * (E3004, saying why each was left out) and changes nothing in `dir`.
 */
export async function exportDataset(
  store: WorkspaceStore,
  dataset: Pick<Dataset, 'name' | 'items'>,
  format: ExportFormat,
  dir: string,
  job: Job = unattendedJob('datasets.export'),
  options: ExportOptions = {},
) {
  const subject = options.subject ?? `the dataset "${dataset.name}"`;
  const run = startRun(store, format, options);
  if (!dataset.items.length) throw nothingToExport(subject, format, 0, {});
  const target = prepareTarget(store, dataset, run.descriptor, dir);
  const staged: StagedFile[] = [];
  let files: SplitFile[];
  let emptySplits: { split: string; path: string; earlierKept: boolean }[];
  try {
    files = await writeSplits(run, dataset, target, staged, job);
    if (job.signal.aborted) {
      discardStaged(staged);
      return { files: [], cancelled: true, report: run.reporter.report(0, []) };
    }
    if (files.every((f) => f.count === 0)) {
      // Empty files would overwrite a previous export with nothing: refuse, and leave no trace.
      discardStaged(staged);
      removeCreatedFolders(dir, target.createdDir);
      throw nothingToExport(subject, format, dataset.items.length, run.reporter.report(0, []).reasons);
    }
    emptySplits = dropEmptySplits(files, staged);
    files = files.filter((f) => f.count > 0);
    // Known only now: the files this export would write, so the refusal names exactly those.
    if (!options.replace)
      refuseToReplace(
        files.map((f) => f.path),
        dir,
      );
    if (run.descriptor.writesDatasetInfo) stageDatasetInfo(target, files, emptySplits, staged);
  } catch (error) {
    discardStaged(staged);
    throw error;
  }
  const { replacedLinks } = commitStaged(staged);
  const written = files.reduce((n, f) => n + f.count, 0);
  return {
    files: files.map(({ split, path: file, count }) => ({ split, path: file, count })),
    cancelled: false,
    report: run.reporter.report(written, replacedLinks, run.descriptor.carriesRunRecord ? null : format, emptySplits),
  };
}

/** The export's format, its way with thoughts (refused when the format has no place for it), and an empty report. */
function startRun(store: WorkspaceStore, format: ExportFormat, options: ExportOptions): ExportRun {
  const descriptor = EXPORT_FORMATS[format];
  const reasoning = options.reasoning ?? descriptor.reasoning[0]!;
  if (!descriptor.reasoning.includes(reasoning))
    throw new TrellisError(
      'E1002',
      `${format} exports write thoughts as ${descriptor.reasoning.join(' or ')}, not ${reasoning}. Nothing was written.`,
    );
  return {
    store,
    format,
    descriptor,
    reasoning,
    options,
    reporter: new ExportReporter(reasoning),
    graphs: new Map(),
    objectArguments: new Set(),
  };
}

/** Makes the folder and names the files; refuses before writing anything when dataset_info.json cannot be read. */
function prepareTarget(
  store: WorkspaceStore,
  dataset: Pick<Dataset, 'name' | 'items'>,
  descriptor: ExportRun['descriptor'],
  dir: string,
): ExportTarget {
  // Exports hold the workspace's data: they get its permissions (a 0600 workspace, 0600 files).
  const mode = workspaceFileMode(store.file);
  let createdDir: string | undefined;
  try {
    createdDir = fs.mkdirSync(dir, { recursive: true, mode: folderMode(mode) });
  } catch (error) {
    throw cannotWrite(dir, error);
  }
  const safeName = fileStem(dataset.name);
  const extension = descriptor.file === 'json' ? 'json' : 'jsonl';
  const fileOf = (split: string) => {
    const file = path.join(dir, `${safeName}.${split}.${extension}`);
    // Every file an export writes is one name inside the chosen folder, whatever a workspace holds.
    if (path.dirname(path.resolve(file)) !== path.resolve(dir))
      throw new TrellisError('E3004', `The split "${split}" would write outside ${dir}; nothing was exported.`);
    return file;
  };
  const splits = [...new Set(dataset.items.map((i) => i.split ?? 'all'))];
  const infoFile = path.join(dir, 'dataset_info.json');
  removeStaleTemps([...splits.map(fileOf), infoFile]);
  if (descriptor.writesDatasetInfo) readDatasetInfo(infoFile);
  return { dir, createdDir, mode, safeName, splits, fileOf, infoFile };
}

/** Writes each split's file beside its target, a chunk of records at a time, until done or cancelled. */
async function writeSplits(
  run: ExportRun,
  dataset: Pick<Dataset, 'items'>,
  target: ExportTarget,
  staged: StagedFile[],
  job: Job,
): Promise<SplitFile[]> {
  const json = run.descriptor.file === 'json';
  const files: SplitFile[] = [];
  let done = 0;
  for (const split of target.splits) {
    const ids = dataset.items.filter((i) => (i.split ?? 'all') === split).map((i) => i.trajectoryId);
    const file = stageFile(target.fileOf(split), target.mode);
    staged.push(file);
    const written: SplitFile = { split, path: file.target, count: 0, withTools: false, media: new Set() };
    if (json) file.write('[\n');
    for (let at = 0; at < ids.length && !job.signal.aborted; at += CHUNK) {
      const chunk = ids.slice(at, at + CHUNK);
      const lines = convertChunk(run, chunk, written);
      if (lines.length) {
        file.write((json && written.count ? ',\n' : '') + lines.join(json ? ',\n' : '\n') + (json ? '' : '\n'));
      }
      written.count += lines.length;
      // Let the chunk's lines go now: the export, suspended below, would hold them while it makes
      // the next chunk, and every young-generation collection would copy them again.
      lines.length = 0;
      done += chunk.length;
      job.progress(done, dataset.items.length);
      await job.yield(chunk.length);
    }
    if (json) file.write(`${written.count ? '\n' : ''}]\n`);
    files.push(written);
    if (job.signal.aborted) break;
  }
  return files;
}

/**
 * One chunk's records, as lines, from one read of the store: its statuses, ratings and findings
 * in three queries, not three per trajectory, and every row of the chunk from the same state of
 * the workspace. Items left out are flagged in the report; `file` learns the columns written.
 */
function convertChunk(run: ExportRun, chunk: string[], file: SplitFile): string[] {
  const { store } = run;
  return store.transaction(() => {
    const statuses = store.labels.statuses(chunk);
    const ratings = store.labels.ratings(chunk);
    const errors = store.findings.errorTurns(chunk);
    // The chunk's trajectories in one query, and each one's turns in the columns a record writes.
    const heads = store.trajectories.heads(chunk);
    const kept: string[] = [];
    for (const id of chunk) {
      const status = statuses.get(id) ?? null;
      const labelled = status === 'rejected' || status === 'needs-fix';
      if (labelled && !run.options.includeRejected) {
        const named = { trajectoryId: id, title: store.trajectories.title(id) };
        run.reporter.flag(named, file.split, [
          { reason: `label:${status}`, message: `Labelled ${status}.`, leavesOut: true },
        ]);
        continue;
      }
      const t = heads.get(id);
      if (!t) throw new TrellisError('E3001', `No trajectory with id ${id}.`);
      const record = convertItem(
        run,
        t,
        { lowRated: (ratings.get(id) ?? Infinity) <= 2, errorTurns: errors.get(id) },
        status,
        file,
      );
      if (record) kept.push(JSON.stringify(record));
    }
    return kept;
  });
}

/**
 * One trajectory as a record of the format, checked against its rules: null when it is left out
 * (it breaks a rule, and invalid records were not asked for). Flags and counts go to the report.
 */
function convertItem(
  run: ExportRun,
  t: Omit<Trajectory, 'turns'>,
  rated: { lowRated: boolean; errorTurns: ReadonlySet<number> | undefined },
  status: string | null,
  file: SplitFile,
): unknown {
  const { store, descriptor, format, reasoning, reporter, objectArguments } = run;
  const turns = store.trajectories.turnsToWrite(t.id);
  const tools = toolsForExport(store, t, run.graphs);
  objectArguments.clear();
  const item: ExportItem = {
    id: t.id,
    turns,
    tools: tools.tools,
    weights: trainingWeights(turns, { ...rated, failedCalls: recordedToolErrors(t.metadata) }),
    plan: t.planId ? store.plans.get(t.planId).steps : null,
    outcome: t.outcome ?? null,
    ...(t.metadata ? { metadata: t.metadata } : {}),
    media: mediaOf(t.metadata),
    reasoning,
  };
  const record = descriptor.toRecord(item, objectArguments);
  const problems = EXPORT_RULES[format](record, {
    toolsDeclared: item.tools.length > 0,
    media: item.media!,
    reasoning,
    objectArguments,
  });
  const leaveOut = problems.length > 0 && !run.options.includeInvalid;
  const flags = [
    // Here a rejected or needs-fix label was asked to be written: never why an item is left out.
    ...(status === 'rejected' || status === 'needs-fix'
      ? [{ reason: `label:${status}`, message: `Labelled ${status}.`, leavesOut: false }]
      : []),
    ...problems.map((p) => ({ reason: p.code, message: formatProblem(p), leavesOut: leaveOut })),
  ];
  if (flags.length) reporter.flag({ trajectoryId: t.id, title: t.title }, file.split, flags);
  if (leaveOut) return null;
  if (!descriptor.carriesRunRecord) reporter.notCarried(t);
  reporter.written(item, tools.from, format);
  // What dataset_info.json maps: the columns these records have.
  if (descriptor.writesDatasetInfo && shareGPTCarriesTools(record)) file.withTools = true;
  if (descriptor.writesDatasetInfo) for (const column of shareGPTMediaColumns(record)) file.media.add(column);
  return record;
}

/**
 * A split none of whose records passed gets no file and no dataset_info.json entry: an empty
 * file would read as a split of nothing. The report names it (and whether an earlier file stays).
 */
function dropEmptySplits(files: SplitFile[], staged: StagedFile[]) {
  return files
    .filter((f) => f.count === 0)
    .map((f) => {
      const at = staged.findIndex((file) => file.target === f.path);
      discardStaged(staged.splice(at, 1));
      return { split: f.split, path: f.path, earlierKept: fs.existsSync(f.path) };
    });
}

/** dataset_info.json with this export's entries merged in, staged beside the record files. */
function stageDatasetInfo(
  target: ExportTarget,
  files: SplitFile[],
  emptySplits: { split: string }[],
  staged: StagedFile[],
): void {
  const info = stageFile(target.infoFile, target.mode);
  staged.push(info);
  info.write(
    mergeDatasetInfo(
      readDatasetInfo(target.infoFile),
      target.safeName,
      files,
      emptySplits.map((e) => e.split),
    ),
  );
}
