import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { OutcomeStatus } from '../../shared/domain';
import { formatCount } from '../../shared/text';
import type { NewTrajectory } from '../store/repositories/trajectories';
import type { WorkspaceStore } from '../store/workspace-store';
import {
  detectFormat,
  formatDescriptor,
  RecordError,
  unknownRecordMessage,
  type TrajectoryFormat,
} from '../../shared/formats/trajectories/registry';
import { CalledTools } from './called-tools';
import { DeclaredTools, type ToolMergeReport } from './declared-tools';
import { snippetOf, type LineProblem } from '../files/lines';
import { inputFileSize, noFileAt } from '../files/input-file';
import { openRecords, type FileShape } from '../files/records';
import { archiveLayout, fileRecords, type FileRecord } from './record-stream';
import { mapsTurns, recordsAreMessages, type TrajectoryMapping } from '../../shared/formats/mapping';
import { asOneRecord } from './whole-file';
import { ImportTextBudget } from './import-budget';
import { checkRun, describedRun, mappedRuns, trajectoryOfRun, type ReadRun } from './import-runs';

export interface ImportOptions {
  file: string;
  /** Detected from the first record when absent. */
  format?: TrajectoryFormat;
  /** strict: all or nothing; lenient: skip bad records and report them. */
  mode: 'strict' | 'lenient';
  /** The graph the trajectories belong to; the tools their records declare are merged into it. */
  graphId?: string | null;
  /** Creates a graph of this name from the declared tools instead (and attaches the trajectories to it). */
  newGraphName?: string;
  /**
   * Where the runs are in a file no reader claims: the mapping finds the records' trajectories
   * instead of a format. A mapping without `messages` adds its outcome, model and task id to
   * what the format's reader makes of each record.
   */
  mapping?: TrajectoryMapping;
  /** Aborting stops the import and removes everything it wrote. */
  signal?: AbortSignal;
  /** Characters of turns one import may write (MAX_IMPORT_TEXT unless given). */
  textLimit?: number;
  onProgress?(progress: ImportProgress): void;
}

export interface ImportProgress {
  lines: number;
  bytes: number;
  totalBytes: number;
  imported: number;
  rejected: number;
}

export interface ImportReport {
  format: TrajectoryFormat | null;
  /** The mapping's name, when one was given. */
  mapping: string | null;
  /** How the file holds its records (told from its content), and whether it was gzip-compressed. */
  shape: FileShape | null;
  gzip: boolean;
  imported: number;
  duplicates: number;
  rejected: LineProblem[];
  /** All rejected records (only the first MAX_REPORTED are listed). */
  rejectedCount: number;
  /** Lenient imports: fields some records carried that were not understood (kept as metadata where they could be). */
  notUnderstood: { field: string; records: number; firstRecord: number }[];
  /** How many imported trajectories succeeded, failed or have no known outcome (by their harness's verdict). */
  outcomes: Record<OutcomeStatus | 'none', number>;
  /** Said once for the whole import, with how many records it concerns. */
  notes: { note: string; records: number }[];
  /** Why nothing was imported, when nothing was (the import then counts as failed). */
  nothingImported: string | null;
  /** Distinct tool sets the imported records declared (each record keeps its own). */
  toolSets: number;
  /** False when strict mode refused the file or the user cancelled: nothing was written. */
  committed: boolean;
  cancelled: boolean;
  /** How the declared tools were merged into a graph, when the import was attached to one. */
  tools: ToolMergeReport | null;
}

const BATCH = 2000;
const MAX_REPORTED = 1000;

/** `messages[3].audio` and `messages[7].audio` are the same field: counted once per record. */
const fieldName = (path: string) => path.replace(/\[\d+\]/g, '[]');

/**
 * Streams a JSONL file of trajectories into the workspace in batches. The import stays invisible
 * until it finishes: a crash or kill part-way leaves nothing behind after the next open, and
 * strict mode discards everything when any record is bad. Re-importing a file adds no duplicates.
 */
export async function importTrajectoryFile(store: WorkspaceStore, options: ImportOptions): Promise<ImportReport> {
  return new FileImport(store, options).run();
}

/**
 * One import of a file, as steps: read its records, detect their format, parse each into runs,
 * store the runs in batches, and finish (keep, or discard with the reason). It holds the counts
 * its report gives.
 */
class FileImport {
  private readonly importId = randomUUID();
  private readonly createdAt = new Date().toISOString();
  private readonly name: string;
  private readonly totalBytes: number;
  /** A mapping that finds the runs itself (one without `messages` only adds to a reader's). */
  private readonly mapped: TrajectoryMapping | null;
  private readonly budget: ImportTextBudget;
  private readonly declared = new DeclaredTools();
  /** The tools the calls name: a new graph from records that declare none gets them; any left out is reported. */
  private readonly called: CalledTools | null;
  private readonly notUnderstood = new Map<string, { field: string; records: number; firstRecord: number }>();
  private readonly toolSets = new Set<string>();
  private readonly notes = new Map<string, number>();
  private readonly rejected: LineProblem[] = [];
  /** Stored duplicates that belong to no graph yet: linked to this import's graph once it is kept. */
  private readonly unlinked: string[] = [];
  private readonly outcomes: ImportReport['outcomes'] = { success: 0, failure: 0, unknown: 0, none: 0 };
  private shape: FileShape | null = null;
  private gzip = false;
  private graphId: string | null;
  private createdGraph = false;
  private format: TrajectoryFormat | null;
  private rejectedCount = 0;
  /** Records no reader claimed before any did: only the first is listed, the others counted in its reason. */
  private unclaimed = 0;
  private unclaimedProblem: LineProblem | null = null;
  private begun = false;
  private imported = 0;
  private duplicates = 0;
  private lines = 0;
  private bytes = 0;
  private batch: NewTrajectory[] = [];

  constructor(
    private readonly store: WorkspaceStore,
    private readonly options: ImportOptions,
  ) {
    this.totalBytes = fileSize(options.file);
    this.name = path.basename(options.file);
    this.mapped = options.mapping && mapsTurns(options.mapping) ? options.mapping : null;
    this.budget = new ImportTextBudget(this.name, options.textLimit);
    this.called = options.newGraphName || options.graphId ? new CalledTools() : null;
    this.graphId = options.graphId ?? null;
    this.format = options.format ?? null;
  }

  async run(): Promise<ImportReport> {
    const { options } = this;
    try {
      const source = await openRecords(options.file, this.reject, archiveLayout);
      this.shape = source.shape;
      this.gzip = source.gzip;
      const records = fileRecords(source, this.name, this.reject);
      const mapped = this.mapped;
      for await (const item of mapped && recordsAreMessages(mapped) ? asOneRecord(records, this.name) : records) {
        if (options.signal?.aborted) return this.refused(true);
        this.lines = item.at.line;
        this.bytes = source.bytesRead();
        if (!this.detect(item)) continue;
        this.begin();
        this.importRecord(item);
        // Strict mode keeps reading after a bad record, to report them all, but writes no more.
        if (options.mode === 'strict' && this.rejectedCount) this.batch = [];
        else if (this.batch.length >= BATCH) this.flush();
      }
      return await this.finish();
    } catch (error) {
      await this.discard();
      if ((error as { code?: string }).code === 'ENOENT') throw noFileAt(options.file);
      throw error;
    }
  }

  private readonly reject = (problem: LineProblem) => {
    if (this.rejected.length < MAX_REPORTED) this.rejected.push(problem);
    this.rejectedCount++;
  };

  /** Whether a reader (or the mapping) claims the record; the first unclaimed one is rejected once for the file. */
  private detect(item: FileRecord): boolean {
    if (!this.mapped) this.format ??= item.format ?? detectFormat(item.value);
    if (this.format || this.mapped) return true;
    // Said once for the file, not once a record: the records after it are counted.
    if (this.unclaimedProblem) this.rejectedCount++;
    else
      this.reject(
        (this.unclaimedProblem = {
          ...item.at,
          reason: unknownRecordMessage(item.value),
          snippet: snippetOf(item.text),
        }),
      );
    this.unclaimed++;
    return false;
  }

  /** At the first claimed record: the new graph, if asked for, and the import's row. */
  private begin(): void {
    if (this.begun) return;
    const { options, store } = this;
    if (options.newGraphName) {
      this.graphId = store.graphs.create({ name: options.newGraphName, tools: [], edges: [] }).id;
      this.createdGraph = true;
    }
    store.imports.begin(this.importId, options.file, this.format ?? `mapping: ${this.mapped!.name}`);
    this.begun = true;
    this.progress();
  }

  /** A record is read whole before any of its runs is kept: one bad run rejects the record. */
  private importRecord(item: FileRecord): void {
    try {
      const runs = this.mapped
        ? mappedRuns(this.mapped, item.value, item.where)
        : [describedRun(formatDescriptor(this.format!), this.options.mapping, item)];
      for (const run of runs) checkRun(run, this.options.mode);
      for (const run of runs) this.budget.add(run.parsed.turns);
      for (const run of runs) this.countKept(run, item.record);
      for (const run of runs) this.keep(run, item);
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      this.reject({ ...item.at, reason: error.message, snippet: snippetOf(item.text) });
    }
  }

  /** Counts the fields a lenient import keeps as metadata, once per record. */
  private countKept({ fields }: ReadRun, record: number): void {
    for (const field of new Set(fields.notUnderstood.map(fieldName))) {
      const seen = this.notUnderstood.get(field);
      if (seen) seen.records++;
      else this.notUnderstood.set(field, { field, records: 1, firstRecord: record });
    }
  }

  /** A run into the batch, its notes counted and its declared and called tools gathered for the graph. */
  private keep(run: ReadRun, item: FileRecord): void {
    const { parsed } = run;
    for (const note of new Set(parsed.notes ?? [])) this.notes.set(note, (this.notes.get(note) ?? 0) + 1);
    // The set's JSON text is made once: it addresses the stored set and groups the merge.
    const toolsText = parsed.tools.length ? JSON.stringify(parsed.tools) : null;
    if (toolsText) {
      this.toolSets.add(this.store.toolSets.idOf(toolsText));
      if (this.graphId) this.declared.add(parsed.tools, item.record, toolsText);
    }
    this.called?.add(parsed.turns);
    const { graphId, importId, createdAt } = this;
    this.batch.push(trajectoryOfRun(run, item, { graphId, importId, createdAt, mode: this.options.mode, toolsText }));
  }

  private flush(): void {
    if (!this.batch.length) return;
    const written = this.store.imports.writeBatch(this.batch, this.importId);
    this.imported += written.imported;
    this.duplicates += written.duplicates;
    this.unlinked.push(...written.unlinked);
    for (const t of this.batch) this.outcomes[t.outcome?.status ?? 'none']++;
    this.batch = [];
    this.progress();
  }

  private progress(): void {
    const { lines, bytes, totalBytes, imported, rejectedCount } = this;
    this.options.onProgress?.({ lines, bytes, totalBytes, imported, rejected: rejectedCount });
  }

  /** After the last record: kept (its tools merged into the graph), or refused with the reason. */
  private async finish(): Promise<ImportReport> {
    const { options, store, graphId, rejectedCount, unclaimed } = this;
    if (options.signal?.aborted) return this.refused(true);
    if (this.unclaimedProblem && unclaimed > 1)
      this.unclaimedProblem.reason += ` (nor does it claim ${formatCount(unclaimed - 1)} more records, not listed)`;
    // A file no reader claims says so, strict or not: nothing in it was a bad record of a known format.
    if (options.mode === 'strict' && rejectedCount)
      return this.refused(
        false,
        unclaimed === rejectedCount ? nothingImportedReason(rejectedCount, unclaimed, this.totalBytes) : null,
      );
    this.flush();
    if (this.imported + this.duplicates === 0)
      return this.refused(false, nothingImportedReason(rejectedCount, unclaimed, this.totalBytes));
    const tools =
      // A new graph is reported even with no tools: the form goes on importing into it.
      graphId && (this.declared.size || this.called?.size || this.createdGraph)
        ? this.declared.mergeInto(store, graphId, this.called, this.createdGraph)
        : null;
    // Records imported before without a graph now have their tools in one: checks use its edges.
    if (graphId) store.trajectories.linkToGraph(this.unlinked, graphId);
    if (this.begun) store.imports.finish(this.importId);
    const { imported, duplicates } = this;
    return { ...this.summary(), imported, duplicates, committed: true, cancelled: false, tools };
  }

  private async discard(): Promise<void> {
    if (this.begun) {
      this.store.imports.discard(this.importId);
      await this.store.imports.drainDiscarded();
    }
    if (this.createdGraph && this.graphId) this.store.graphs.delete(this.graphId);
  }

  /** Nothing it wrote is kept: refused, cancelled, or nothing to import (then saying why). */
  private async refused(cancelled: boolean, nothingImported: string | null = null): Promise<ImportReport> {
    await this.discard();
    return { ...this.summary(), imported: 0, duplicates: 0, committed: false, cancelled, tools: null, nothingImported };
  }

  private summary() {
    return {
      format: this.format,
      mapping: this.options.mapping?.name ?? null,
      shape: this.shape,
      gzip: this.gzip,
      rejected: this.rejected,
      rejectedCount: this.rejectedCount,
      notUnderstood: [...this.notUnderstood.values()],
      toolSets: this.toolSets.size,
      outcomes: this.outcomes,
      notes: [...this.notes].map(([note, records]) => ({ note, records })),
      nothingImported: null,
    };
  }
}

function nothingImportedReason(rejected: number, unclaimed: number, bytes: number): string {
  if (rejected && unclaimed === rejected)
    return `no reader claims ${rejected === 1 ? 'its record' : `any of its ${formatCount(rejected)} records`}; nothing was imported.`;
  if (rejected) return `all ${rejected} records were rejected; nothing was imported.`;
  return bytes
    ? 'the file holds no trajectory records; nothing was imported.'
    : 'the file is empty; nothing was imported.';
}

function fileSize(file: string): number {
  return inputFileSize(file, 'JSONL or JSON file to import');
}
