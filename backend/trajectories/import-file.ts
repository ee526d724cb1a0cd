import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { isObject, nestedDeeperThan } from '../../shared/json';
import type { OutcomeStatus, TrajectoryMetadata } from '../../shared/domain';
import { clipAtWord, formatCount } from '../../shared/text';
import type { NewTrajectory } from '../store/repositories/trajectories';
import type { WorkspaceStore } from '../store/workspace-store';
import {
  detectFormat,
  formatDescriptor,
  RecordError,
  notFormatMessage,
  unknownRecordMessage,
  type TrajectoryFormat,
} from '../../shared/formats/trajectories/registry';
import { CalledTools } from './called-tools';
import { DeclaredTools, type ToolMergeReport } from './declared-tools';
import { snippetOf, type LineProblem } from '../files/lines';
import { inputFileSize, noFileAt } from '../files/input-file';
import { openRecords, type FileShape } from '../files/records';
import { archiveLayout, fileRecords, MAX_NESTING, TOO_DEEP } from './record-stream';
import { recordFields, type RecordFields } from './record-fields';
import {
  applyMapping,
  mapsTurns,
  overlayMapping,
  recordsAreMessages,
  type TrajectoryMapping,
} from '../../shared/formats/mapping';
import { asOneRecord } from './whole-file';
import { ImportTextBudget } from './import-budget';
import type { ParsedRecord } from '../../shared/formats/trajectories/records';

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

/** One run read from a record, by a format's reader or a mapping, before it is checked and kept. */
interface ReadRun {
  parsed: ParsedRecord;
  fields: RecordFields;
  where: string;
  /** What read it, for messages: "tau-bench results", `the mapping "homebot"`. */
  label: string;
}

const BATCH = 2000;
const MAX_REPORTED = 1000;

/** `messages[3].audio` and `messages[7].audio` are the same field: counted once per record. */
const fieldName = (path: string) => path.replace(/\[\d+\]/g, '[]');

/** A record that yields no text, thought or call anywhere was not understood, whatever its keys. */
const hasContent = (turns: readonly { content?: string; thought?: string; toolCalls?: unknown[] }[]) =>
  turns.some((t) => t.content?.trim() || t.thought?.trim() || t.toolCalls?.length);

/**
 * Streams a JSONL file of trajectories into the workspace in batches. The import stays invisible
 * until it finishes: a crash or kill part-way leaves nothing behind after the next open, and
 * strict mode discards everything when any record is bad. Re-importing a file adds no duplicates.
 */
export async function importTrajectoryFile(store: WorkspaceStore, options: ImportOptions): Promise<ImportReport> {
  const importId = randomUUID();
  const totalBytes = fileSize(options.file);
  const createdAt = new Date().toISOString();
  const notUnderstood = new Map<string, { field: string; records: number; firstRecord: number }>();
  const toolSets = new Set<string>();
  let shape: FileShape | null = null;
  let gzip = false;
  const declared = new DeclaredTools();
  // The tools the calls name: a new graph from records that declare none gets them; any left out is reported.
  const called = options.newGraphName || options.graphId ? new CalledTools() : null;
  let graphId = options.graphId ?? null;
  let createdGraph = false;
  const rejected: LineProblem[] = [];
  const reject = (problem: LineProblem) => {
    if (rejected.length < MAX_REPORTED) rejected.push(problem);
    rejectedCount++;
  };
  let rejectedCount = 0;
  /** Records no reader claimed before any did: only the first is listed, the others counted in its reason. */
  let unclaimed = 0;
  let unclaimedProblem: LineProblem | null = null;
  let format: TrajectoryFormat | null = options.format ?? null;
  let begun = false;
  let imported = 0;
  let duplicates = 0;
  /** Stored duplicates that belong to no graph yet: linked to this import's graph once it is kept. */
  const unlinked: string[] = [];
  let lines = 0;
  let bytes = 0;
  let batch: NewTrajectory[] = [];
  const outcomes: ImportReport['outcomes'] = { success: 0, failure: 0, unknown: 0, none: 0 };
  const notes = new Map<string, number>();
  const name = path.basename(options.file);
  const mapped = options.mapping && mapsTurns(options.mapping) ? options.mapping : null;
  const budget = new ImportTextBudget(name, options.textLimit);

  const flush = () => {
    if (!batch.length) return;
    const written = store.imports.writeBatch(batch, importId);
    imported += written.imported;
    duplicates += written.duplicates;
    unlinked.push(...written.unlinked);
    for (const t of batch) outcomes[t.outcome?.status ?? 'none']++;
    batch = [];
    options.onProgress?.({ lines, bytes, totalBytes, imported, rejected: rejectedCount });
  };
  const discard = async () => {
    if (begun) {
      store.imports.discard(importId);
      await store.imports.drainDiscarded();
    }
    if (createdGraph && graphId) store.graphs.delete(graphId);
  };
  /** Nothing it wrote is kept: refused, cancelled, or nothing to import (then saying why). */
  const refused = async (cancelled: boolean, nothingImported: string | null = null): Promise<ImportReport> => {
    await discard();
    return { ...summary(), imported: 0, duplicates: 0, committed: false, cancelled, tools: null, nothingImported };
  };
  const summary = () => ({
    format,
    mapping: options.mapping?.name ?? null,
    shape,
    gzip,
    rejected,
    rejectedCount,
    notUnderstood: [...notUnderstood.values()],
    toolSets: toolSets.size,
    outcomes,
    notes: [...notes].map(([note, records]) => ({ note, records })),
    nothingImported: null,
  });

  /** One record read by its format's reader (and the mapping's outcome, model and task id, when one is given). */
  const describedRun = (
    descriptor: ReturnType<typeof formatDescriptor>,
    value: unknown,
    item: { shared?: Record<string, unknown>; where: string },
  ): ReadRun => {
    if (!isObject(value) || !descriptor.detect(value)) throw new RecordError(notFormatMessage(value, descriptor.id));
    const read = descriptor.parse(value, item.shared);
    const parsed = options.mapping ? overlayMapping(options.mapping, read, value) : read;
    const fields = recordFields(descriptor, value, parsed.ignored ?? []);
    return { parsed, fields, where: item.where, label: descriptor.label };
  };
  /** The runs a mapping finds in one record; what it does not read is named by its path in the record. */
  const mappedRuns = (mapping: TrajectoryMapping, value: unknown, where: string): ReadRun[] => {
    const runs = applyMapping(mapping, value);
    const several = runs.length > 1 || mapping.runs !== '$';
    return runs.map((parsed, i) => ({
      parsed,
      // The mapping keeps a run's own fields as metadata: only what it leaves out of turns is not understood.
      fields: isObject(value)
        ? recordFields({ turnFields: Object.keys(value) }, value, parsed.ignored ?? [])
        : { kept: {}, leftOver: {}, notUnderstood: parsed.ignored ?? [] },
      where: several ? `${where} run ${i + 1}` : where,
      label: `the mapping "${mapping.name}"`,
    }));
  };
  /** Refuses a run that is too deep, empty or (strictly) half understood. */
  const checkRun = ({ parsed, fields, label }: ReadRun) => {
    // Tool-call arguments arrive as JSON text: their nesting shows only once parsed.
    if (nestedDeeperThan(parsed.turns, MAX_NESTING)) throw new RecordError(TOO_DEEP);
    if (!hasContent(parsed.turns))
      throw new RecordError(
        `no text and no tool call in any of its ${parsed.turns.length} turns: its shape is not understood as ${label}`,
      );
    if (!fields.notUnderstood.length) return;
    if (options.mode === 'strict') {
      const [first, ...more] = fields.notUnderstood;
      throw new RecordError(
        `field ${first} not understood${more.length ? ` (and ${more.length} more: ${more.slice(0, 3).join(', ')}${more.length > 3 ? ', …' : ''})` : ''}; import leniently to keep such fields as metadata ("Skip bad records", or --lenient)`,
      );
    }
  };
  /** Counts the fields a lenient import keeps as metadata, once per record. */
  const countKept = ({ fields }: ReadRun, record: number) => {
    for (const field of new Set(fields.notUnderstood.map(fieldName))) {
      const seen = notUnderstood.get(field);
      if (seen) seen.records++;
      else notUnderstood.set(field, { field, records: 1, firstRecord: record });
    }
  };

  try {
    const source = await openRecords(options.file, reject, archiveLayout);
    shape = source.shape;
    gzip = source.gzip;
    const records = fileRecords(source, name, reject);
    for await (const item of mapped && recordsAreMessages(mapped) ? asOneRecord(records, name) : records) {
      if (options.signal?.aborted) return refused(true);
      lines = item.at.line;
      bytes = source.bytesRead();
      const { at, where, value } = item;
      if (!mapped) format ??= item.format ?? detectFormat(value);
      if (!format && !mapped) {
        // Said once for the file, not once a record: the records after it are counted.
        if (unclaimedProblem) rejectedCount++;
        else reject((unclaimedProblem = { ...at, reason: unknownRecordMessage(value), snippet: snippetOf(item.text) }));
        unclaimed++;
        continue;
      }
      if (!begun) {
        if (options.newGraphName) {
          graphId = store.graphs.create({ name: options.newGraphName, tools: [], edges: [] }).id;
          createdGraph = true;
        }
        store.imports.begin(importId, options.file, format ?? `mapping: ${mapped!.name}`);
        begun = true;
        options.onProgress?.({ lines, bytes, totalBytes, imported, rejected: rejectedCount });
      }
      try {
        // A record is read whole before any of its runs is kept: one bad run rejects the record.
        const runs = mapped ? mappedRuns(mapped, value, where) : [describedRun(formatDescriptor(format!), value, item)];
        for (const run of runs) checkRun(run);
        for (const run of runs) budget.add(run.parsed.turns);
        for (const run of runs) countKept(run, item.record);
        for (const { parsed, fields, where: runWhere } of runs) {
          for (const note of new Set(parsed.notes ?? [])) notes.set(note, (notes.get(note) ?? 0) + 1);
          const metadata: TrajectoryMetadata = {
            ...item.shared,
            ...(item.entry ? { archive_entry: item.entry } : {}),
            ...fields.kept,
            ...(options.mode === 'lenient' ? fields.leftOver : {}),
            ...parsed.metadata,
          };
          // The set's JSON text is made once: it addresses the stored set and groups the merge.
          const toolsText = parsed.tools.length ? JSON.stringify(parsed.tools) : null;
          if (toolsText) {
            toolSets.add(store.toolSets.idOf(toolsText));
            if (graphId) declared.add(parsed.tools, item.record, toolsText);
          }
          called?.add(parsed.turns);
          const firstUser = parsed.turns.find((t) => t.role === 'user')?.content ?? '';
          batch.push({
            kind: 'imported',
            // A session's own title (Claude Code's, a reader's `title`) before its first words, which
            // for coding agents are often an environment preamble.
            title:
              clipAtWord(typeof parsed.metadata?.title === 'string' ? parsed.metadata.title : '') ||
              clipAtWord(firstUser) ||
              runWhere,
            source: runWhere,
            graphId,
            planId: null,
            forkOf: null,
            turns: parsed.turns,
            outcome: parsed.outcome ?? null,
            metadata,
            ...(toolsText ? { toolsText } : {}),
            importId,
            createdAt,
          });
        }
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
        reject({ ...at, reason: error.message, snippet: snippetOf(item.text) });
      }
      // Strict mode keeps reading after a bad record, to report them all, but writes no more.
      if (options.mode === 'strict' && rejectedCount) batch = [];
      else if (batch.length >= BATCH) flush();
    }
    if (options.signal?.aborted) return refused(true);
    if (unclaimedProblem && unclaimed > 1)
      unclaimedProblem.reason += ` (nor does it claim ${formatCount(unclaimed - 1)} more records, not listed)`;
    // A file no reader claims says so, strict or not: nothing in it was a bad record of a known format.
    if (options.mode === 'strict' && rejectedCount)
      return refused(
        false,
        unclaimed === rejectedCount ? nothingImportedReason(rejectedCount, unclaimed, totalBytes) : null,
      );
    flush();
    if (imported + duplicates === 0) return refused(false, nothingImportedReason(rejectedCount, unclaimed, totalBytes));
    const tools =
      // A new graph is reported even with no tools: the form goes on importing into it.
      graphId && (declared.size || called?.size || createdGraph)
        ? declared.mergeInto(store, graphId, called, createdGraph)
        : null;
    // Records imported before without a graph now have their tools in one: checks use its edges.
    if (graphId) store.trajectories.linkToGraph(unlinked, graphId);
    if (begun) store.imports.finish(importId);
    return { ...summary(), imported, duplicates, committed: true, cancelled: false, tools };
  } catch (error) {
    await discard();
    if ((error as { code?: string }).code === 'ENOENT') throw noFileAt(options.file);
    throw error;
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
