import { nestedDeeperThan, isObject } from '../../shared/json';
import {
  archiveFormat,
  detectFormat,
  eventArrayFormat,
  formatDescriptor,
  partsFormat,
  recordsInDocument,
  type TrajectoryFormat,
} from '../../shared/formats/trajectories/registry';
import { printable, snippetOf, type LineProblem } from '../files/lines';
import type { RecordSource, SourceRecord } from '../files/records';
import type { ArchiveLayout } from '../files/zip-records';

/** Nesting of arrays and objects a record may have; real ones stay far below. */
export const MAX_NESTING = 256;
export const TOO_DEEP = `nested more than ${MAX_NESTING} levels deep (no trajectory record is; reading it could exhaust the stack)`;

/** One record of a file, parsed, with where it is and what its container gave all records. */
export interface FileRecord {
  at: { line: number; offset: number; record?: number };
  /** `runs.jsonl:42`, `tau.json#7`, `log.eval#samples/3_epoch_1.json`. */
  where: string;
  record: number;
  value: unknown;
  text: string;
  /** What the records of one document or archive share (an inspect log's task and model). */
  shared?: Record<string, unknown>;
  /** The format the container told (an inspect log, an OpenHands event array). */
  format?: TrajectoryFormat;
  /** The archive entry the record was read from. */
  entry?: string;
}

/**
 * A record written as JSON text of a JSON object (a log serialised twice, as `json.dumps` of a
 * `model_dump_json()` writes it): the object it holds. Any other value is left as it is.
 */
function unwrapJsonText(value: unknown): unknown {
  if (typeof value !== 'string' || !value.trimStart().startsWith('{')) return value;
  try {
    const inner: unknown = JSON.parse(value);
    return isObject(inner) ? inner : value;
  } catch {
    return value;
  }
}

/** The archive layouts the registry knows, for the ZIP reader. */
export function archiveLayout(entries: readonly string[]): ArchiveLayout | null {
  const format = archiveFormat(entries);
  const archive = format && formatDescriptor(format).container?.archive;
  return archive ? { format, isRecord: archive.isRecord, sharedEntries: archive.sharedEntries ?? [] } : null;
}

/**
 * The records of an opened file, parsed: one per line or array element, the records a document
 * holds under its well-known key (an inspect log's samples), an archive's record entries, or
 * one record from a JSON array that is one run's events (an OpenHands trajectory). Text that is
 * not JSON, or nested too deep, is reported and skipped.
 */
export async function* fileRecords(
  source: RecordSource,
  name: string,
  reject: (problem: LineProblem) => void,
): AsyncGenerator<FileRecord> {
  const archive = source.archive;
  // The ZIP reader knows layouts by name only; the name is one of the registry's formats.
  const archiveFormat = archive?.layout.format as TrajectoryFormat | undefined;
  const archiveShared =
    archive && archiveFormat && isObject(archive.shared)
      ? formatDescriptor(archiveFormat).container?.archive?.shareOf?.(archive.shared)
      : undefined;
  let events: { format: TrajectoryFormat; values: unknown[]; first: SourceRecord } | null = null;
  // Records that hold parts of many runs are gathered over the whole file, then grouped.
  let parts: { format: TrajectoryFormat; values: unknown[]; lines: { at: FileRecord['at']; text: string }[] } | null =
    null;
  // The first record parsed (a line that is not JSON before it is reported, not taken as the first).
  let seenFirst = false;
  for await (const line of source.records) {
    const at = { line: line.line, offset: line.offset, ...(source.shape === 'jsonl' ? {} : { record: line.record }) };
    // An archive's records are numbered like an array's (so the Source filter lists the archive once); each keeps its entry's name.
    const where = source.shape === 'jsonl' ? `${name}:${line.line}` : `${name}#${line.record}`;
    let value = line.value;
    if (value === undefined) {
      try {
        value = JSON.parse(line.text);
      } catch (error) {
        reject({
          ...at,
          reason: `not valid JSON: ${printable((error as Error).message)}`,
          snippet: snippetOf(line.text),
        });
        continue;
      }
    }
    value = unwrapJsonText(value);
    if (nestedDeeperThan(value, MAX_NESTING)) {
      reject({ ...at, reason: TOO_DEEP, snippet: snippetOf(line.text) });
      continue;
    }
    // A JSON array, or JSON Lines, whose first element is an event of one run (an OpenHands
    // trajectory, a coding agent's session log): the whole file is that run. A JSONL line that
    // some format reads as a record of its own is not taken for an event.
    if (!seenFirst && (source.shape === 'json-array' || (source.shape === 'jsonl' && !detectFormat(value)))) {
      const format = eventArrayFormat(value);
      if (format) events = { format, values: [], first: line };
    }
    seenFirst = true;
    if (events) {
      events.values.push(value);
      continue;
    }
    const partFormat = partsFormat(value);
    if (partFormat && (!parts || parts.format === partFormat)) {
      parts ??= { format: partFormat, values: [], lines: [] };
      parts.values.push(value);
      parts.lines.push({ at, text: line.text.slice(0, 240) });
      continue;
    }
    const document = isObject(value) ? recordsInDocument(value) : null;
    if (document) {
      for (const [i, record] of document.records.entries())
        yield {
          at: { ...at, record: i + 1 },
          where: `${name}#${i + 1}`,
          record: i + 1,
          value: record,
          text: JSON.stringify(record)?.slice(0, 240) ?? '',
          shared: document.shared,
          format: document.format,
        };
      continue;
    }
    yield {
      at,
      where,
      record: line.record,
      value,
      text: line.text,
      ...(archiveShared ? { shared: archiveShared } : {}),
      ...(archiveFormat ? { format: archiveFormat } : {}),
      ...(line.entry ? { entry: line.entry } : {}),
    };
  }
  if (parts) {
    const grouped = formatDescriptor(parts.format).container!.parts!.group(parts.values);
    for (const { part, reason } of grouped.problems) {
      const line = parts.lines[part]!;
      reject({ ...line.at, reason, snippet: snippetOf(line.text) });
    }
    for (const [i, { record, first }] of grouped.records.entries()) {
      const from = parts.lines[first]!;
      yield {
        at: { ...from.at, record: i + 1 },
        where: `${name}#${i + 1}`,
        record: i + 1,
        value: record,
        text: from.text,
        format: parts.format,
      };
    }
  }
  if (events) {
    const record = formatDescriptor(events.format).container!.events!.record(events.values);
    yield {
      at: { line: 1, offset: 0, record: 1 },
      where: name,
      record: 1,
      value: record,
      text: events.first.text,
      format: events.format,
    };
  }
}
