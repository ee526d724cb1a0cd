import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TrellisError } from '../../shared/errors';
import { nestedDeeperThan } from '../../shared/json';
import { clipAtWord } from '../../shared/text';
import type { NewTrajectory } from '../store/repositories/trajectories';
import type { WorkspaceStore } from '../store/workspace-store';
import { detectFormat, PARSERS, RecordError, type TrajectoryFormat } from '../../shared/formats/trajectories/formats';
import { DeclaredTools, type ToolMergeReport } from './declared-tools';
import { printable, snippetOf, type LineProblem } from '../files/lines';
import { openRecords, type FileShape } from '../files/records';

/** Nesting of arrays and objects a record may have; real ones stay far below. */
const MAX_NESTING = 256;
const tooDeep = `nested more than ${MAX_NESTING} levels deep (no trajectory record is; reading it could exhaust the stack)`;

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
  /** Aborting stops the import and removes everything it wrote. */
  signal?: AbortSignal;
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
  /** How the file holds its records (told from its content), and whether it was gzip-compressed. */
  shape: FileShape | null;
  gzip: boolean;
  imported: number;
  duplicates: number;
  rejected: LineProblem[];
  /** All rejected records (only the first MAX_REPORTED are listed). */
  rejectedCount: number;
  /** Lenient imports: fields some records carried that were not understood, and left out. */
  notUnderstood: { field: string; records: number; firstRecord: number }[];
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
  let graphId = options.graphId ?? null;
  let createdGraph = false;
  const rejected: LineProblem[] = [];
  const reject = (problem: LineProblem) => {
    if (rejected.length < MAX_REPORTED) rejected.push(problem);
    rejectedCount++;
  };
  let rejectedCount = 0;
  let format: TrajectoryFormat | null = options.format ?? null;
  let begun = false;
  let imported = 0;
  let duplicates = 0;
  let lines = 0;
  let bytes = 0;
  let batch: NewTrajectory[] = [];
  const name = path.basename(options.file);

  const flush = () => {
    if (!batch.length) return;
    const written = store.imports.writeBatch(batch, importId);
    imported += written.imported;
    duplicates += written.duplicates;
    batch = [];
    options.onProgress?.({ lines, bytes, totalBytes, imported, rejected: rejectedCount });
  };
  const discard = () => {
    if (begun) store.imports.discard(importId);
    if (createdGraph && graphId) store.graphs.delete(graphId);
  };
  const refused = (cancelled: boolean): ImportReport => {
    discard();
    return {
      ...summary(),
      imported: 0,
      duplicates: 0,
      committed: false,
      cancelled,
      tools: null,
    };
  };
  const summary = () => ({
    format,
    shape,
    gzip,
    rejected,
    rejectedCount,
    notUnderstood: [...notUnderstood.values()],
    toolSets: toolSets.size,
  });

  try {
    const source = await openRecords(options.file, reject);
    shape = source.shape;
    gzip = source.gzip;
    for await (const line of source.records) {
      if (options.signal?.aborted) return refused(true);
      lines = line.line;
      bytes = source.bytesRead();
      // In a JSONL file a record is its line; elsewhere the report gives both.
      const at = {
        line: line.line,
        offset: line.offset,
        ...(shape === 'jsonl' ? {} : { record: line.record }),
      };
      const where = shape === 'jsonl' ? `${name}:${line.line}` : `${name}#${line.record}`;
      let record: unknown;
      try {
        record = JSON.parse(line.text);
      } catch (error) {
        reject({
          ...at,
          reason: `not valid JSON: ${printable((error as Error).message)}`,
          snippet: snippetOf(line.text),
        });
        continue;
      }
      if (nestedDeeperThan(record, MAX_NESTING)) {
        reject({ ...at, reason: tooDeep, snippet: snippetOf(line.text) });
        continue;
      }
      format ??= detectFormat(record);
      if (!format) {
        reject({
          ...at,
          reason:
            'not a known trajectory record: expected "messages" (OpenAI chat), "conversations" (ShareGPT, Hermes, AgentGym) or "query" and "answers" (APIGen/xLAM)',
          snippet: snippetOf(line.text),
        });
        continue;
      }
      if (!begun) {
        if (options.newGraphName) {
          graphId = store.graphs.create({ name: options.newGraphName, tools: [], edges: [] }).id;
          createdGraph = true;
        }
        store.imports.begin(importId, options.file, format);
        begun = true;
        options.onProgress?.({ lines, bytes, totalBytes, imported, rejected: rejectedCount });
      }
      try {
        const parsed = PARSERS[format](record);
        // Tool-call arguments arrive as JSON text: their nesting shows only once parsed.
        if (nestedDeeperThan(parsed.turns, MAX_NESTING)) throw new RecordError(tooDeep);
        if (!hasContent(parsed.turns))
          throw new RecordError(
            `no text and no tool call in any of its ${parsed.turns.length} turns: its shape is not understood as ${format}`,
          );
        if (parsed.ignored?.length) {
          if (options.mode === 'strict')
            throw new RecordError(
              `field ${parsed.ignored[0]} not understood${parsed.ignored.length > 1 ? ` (and ${parsed.ignored.length - 1} more)` : ''}; import leniently to leave such fields out ("Skip bad records", or --lenient)`,
            );
          for (const field of new Set(parsed.ignored.map(fieldName))) {
            const seen = notUnderstood.get(field);
            if (seen) seen.records++;
            else notUnderstood.set(field, { field, records: 1, firstRecord: line.record });
          }
        }
        // The set's JSON text is made once: it addresses the stored set and groups the merge.
        const toolsText = parsed.tools.length ? JSON.stringify(parsed.tools) : null;
        if (toolsText) {
          toolSets.add(store.toolSets.idOf(toolsText));
          if (graphId) declared.add(parsed.tools, line.record, toolsText);
        }
        const firstUser = parsed.turns.find((t) => t.role === 'user')?.content ?? '';
        batch.push({
          kind: 'imported',
          title: clipAtWord(firstUser) || where,
          source: where,
          graphId,
          planId: null,
          forkOf: null,
          turns: parsed.turns,
          ...(toolsText ? { toolsText } : {}),
          importId,
          createdAt,
        });
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
        reject({ ...at, reason: error.message, snippet: snippetOf(line.text) });
      }
      // Strict mode keeps reading after a bad record, to report them all, but writes no more.
      if (options.mode === 'strict' && rejectedCount) batch = [];
      else if (batch.length >= BATCH) flush();
    }
    if (options.signal?.aborted) return refused(true);
    if (options.mode === 'strict' && rejectedCount) return refused(false);
    flush();
    const tools = graphId && declared.size ? declared.mergeInto(store, graphId) : null;
    if (begun) store.imports.finish(importId);
    return { ...summary(), imported, duplicates, committed: true, cancelled: false, tools };
  } catch (error) {
    discard();
    if ((error as { code?: string }).code === 'ENOENT') throw new TrellisError('E3001', `No file at ${options.file}.`);
    throw error;
  }
}

function fileSize(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new TrellisError('E3001', `No file at ${file}.`);
  if (stat.isDirectory())
    throw new TrellisError('E1002', `${file} is a folder.`, 'Give the JSONL or JSON file inside it to import.');
  return stat.size;
}
