import fs from 'node:fs';
import zlib from 'node:zlib';
import { TrellisError } from '../../shared/errors';
import { readInputHead } from './input-file';
import { linesOf, MAX_LINE_BYTES, type LineProblem, type Skipped } from './lines';
import { arrayElements, firstNonSpace } from './json-array';
import { concatenatedValues } from './concatenated-json';
import { inspectedValues } from './js-inspect';
import { parquetRecords } from './parquet-records';
import { isYamlFile, yamlDocument } from './yaml-document';
import { zipRecords, type ArchiveLayout } from './zip-records';

import type { FileShape } from '../../shared/formats/trajectories/file-shapes';

export type { FileShape };

/** The largest file read as one JSON object (a pretty-printed log): it is parsed whole. */
export const MAX_DOCUMENT_BYTES = 256 * 2 ** 20;

/** One record of a file, as JSON text, with where it starts. */
export interface SourceRecord {
  /** 1-based position of the record in the file. */
  record: number;
  /** 1-based line the record starts on (in a JSON array, the line of its first byte). */
  line: number;
  /** Byte offset of its first byte (in the uncompressed text for a gzip file; the row index in Parquet). */
  offset: number;
  text: string;
  /** The archive entry it was read from (a ZIP). */
  entry?: string;
  /** The record already parsed, where reading it meant parsing it (one JSON object). */
  value?: unknown;
}

export interface RecordSource {
  shape: FileShape;
  gzip: boolean;
  records: AsyncGenerator<SourceRecord>;
  /** Bytes of the file read so far, for progress against its size. */
  bytesRead(): number;
  /** A ZIP's layout and the JSON document all its records share (an inspect log's header). */
  archive?: { layout: ArchiveLayout; shared: unknown };
}

const GZIP = [0x1f, 0x8b];
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PARQUET = Buffer.from('PAR1');

/**
 * Opens a file of records: JSON Lines, one JSON array (read element by element, never whole) or
 * one JSON object (pretty-printed or not), any of them optionally gzip-compressed; Parquet, read
 * a thousand rows at a time; or a ZIP archive whose entries `archiveLayout` says are records.
 */
export async function openRecords(
  file: string,
  onProblem: (problem: LineProblem) => void,
  archiveLayout: (entries: readonly string[]) => ArchiveLayout | null = () => null,
): Promise<RecordSource> {
  // Checked first: a pipe or a device given as a file of records is refused, not opened.
  const start = readInputHead(file, 4096, 'file of records');
  const first = start.subarray(0, 4);
  if (first.equals(PARQUET)) return parquetRecords(file);
  if (first.equals(ZIP)) {
    const { shared, layout, ...source } = await zipRecords(file, archiveLayout, onProblem);
    return { ...source, archive: { layout, shared } };
  }
  refuseBinary(file, start);
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  const gzip = first[0] === GZIP[0] && first[1] === GZIP[1];
  const chunks = (gzip ? raw.pipe(zlib.createGunzip({ chunkSize: 1 << 20 })) : raw) as AsyncIterable<Buffer>;
  if (gzip) raw.on('error', (error) => (chunks as unknown as zlib.Gunzip).destroy(error));
  if (isYamlFile(file))
    return {
      shape: 'yaml',
      gzip,
      records: gunzipErrors(yamlDocument(file, chunks, MAX_DOCUMENT_BYTES), gzip),
      bytesRead: () => raw.bytesRead,
    };
  const peeked = await peekShape(chunks);
  const { skipped, stream } = peeked;
  let { shape } = peeked;
  let records: AsyncGenerator<SourceRecord>;
  if (shape === 'json-object') {
    let bytes: Buffer;
    try {
      bytes = await wholeDocument(file, stream);
    } catch (error) {
      throw gunzipProblem(error, gzip);
    }
    const text = utf8Text(file, bytes);
    const value = parsedOrUndefined(text);
    const concatenated = value === undefined ? (concatenatedValues(text) ?? inspectedValues(text)) : null;
    if (concatenated) {
      // Pretty-printed objects one after another (the OpenTelemetry SDKs' console exporters, JSON
      // from Python, util.inspect's from JS): records, like lines.
      shape = 'jsonl';
      records = (async function* () {
        yield* concatenated.map((r) => ({ ...r, line: r.line + skipped.lines, offset: r.offset + skipped.bytes }));
      })();
    } else if (value === undefined) {
      // Not one object after all (a JSON Lines file whose first record spans lines, or is broken): read it as lines.
      shape = 'jsonl';
      records = jsonLines([bytes], onProblem, skipped);
    } else
      records = (async function* () {
        yield { record: 1, line: 1, offset: 0, text, value };
      })();
  } else
    records =
      shape === 'json-array' ? arrayElements(stream, onProblem, skipped) : jsonLines(stream, onProblem, skipped);
  return { shape, gzip, records: gunzipErrors(records, gzip), bytesRead: () => raw.bytesRead };
}

async function* jsonLines(
  stream: AsyncIterable<Buffer> | Iterable<Buffer>,
  onProblem: (problem: LineProblem) => void,
  skipped: Skipped,
) {
  let record = 0;
  for await (const line of linesOf(stream, onProblem, skipped))
    yield { record: ++record, line: line.number, offset: line.offset, text: line.text };
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The whole (decompressed) bytes of a file that holds one JSON object, up to MAX_DOCUMENT_BYTES. */
async function wholeDocument(file: string, stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_DOCUMENT_BYTES)
      throw new TrellisError(
        'E1002',
        `${file} is one JSON object larger than ${MAX_DOCUMENT_BYTES / 2 ** 20} MiB; it was not read.`,
        'Write its records as JSON Lines (one per line) or, for an inspect log, import its .eval form.',
      );
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function utf8Text(file: string, bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TrellisError('E1002', `${file} is not UTF-8 text.`);
  }
}

/** Files people pick by mistake, told by their first bytes. */
const KNOWN_BINARY: [string, number[]][] = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['a SQLite database (a Trellis workspace?)', [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65]],
  ['a GGUF model', [0x47, 0x47, 0x55, 0x46]],
  ['a zstd-compressed file', [0x28, 0xb5, 0x2f, 0xfd]],
  ['a bzip2-compressed file', [0x42, 0x5a, 0x68]],
  ['an xz-compressed file', [0xfd, 0x37, 0x7a, 0x58, 0x5a]],
];

/**
 * Refuses a file that is not text at all with one message, instead of hundreds of "invalid
 * UTF-8" lines: known formats by their magic bytes, anything else by NUL bytes in its start.
 */
function refuseBinary(file: string, start: Buffer): void {
  if (start[0] === GZIP[0] && start[1] === GZIP[1]) return;
  const known = KNOWN_BINARY.find(([, magic]) => magic.every((byte, i) => start[i] === byte));
  if (known || start.includes(0))
    throw new TrellisError(
      'E1002',
      `${file} is ${known ? known[0] : 'a binary file'}, not trajectory records.`,
      'Import a JSON Lines, JSON array, JSON object or Parquet file of trajectories (gzip-compressed or not), or an inspect_ai .eval archive.',
    );
}

/** A corrupt or truncated gzip stream is the user's file, not a bug: it gets a message that says so. */
async function* gunzipErrors(records: AsyncGenerator<SourceRecord>, gzip: boolean): AsyncGenerator<SourceRecord> {
  try {
    yield* records;
  } catch (error) {
    throw gunzipProblem(error, gzip);
  }
}

/** A zlib error of a gzip file as the user's damaged file; any other error as it is. */
function gunzipProblem(error: unknown, gzip: boolean): unknown {
  const code = (error as { code?: string }).code ?? '';
  if (!gzip || !code.startsWith('Z_')) return error;
  return new TrellisError(
    'E1002',
    `The gzip data is damaged or cut short (${(error as Error).message}).`,
    'Records before the damage were read; compress the file again or import the uncompressed one.',
  );
}

/**
 * Reads until the first character that is not whitespace: `[` means one JSON array. A `{` whose
 * first line is not a whole JSON value (a pretty-printed object) means one JSON object (read as
 * JSON Lines after all if it does not parse whole); anything else, a one-line file among them,
 * is JSON Lines: a document holding records (an inspect log) is read the same either way.
 */
async function peekShape(chunks: AsyncIterable<Buffer>): Promise<{
  shape: 'jsonl' | 'json-array' | 'json-object';
  stream: AsyncIterable<Buffer>;
  skipped: Skipped;
}> {
  const iterator = chunks[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let shape: 'jsonl' | 'json-array' | 'json-object' = 'jsonl';
  let objectAt = -1;
  let size = 0;
  // Chunks of nothing but whitespace before the first record are counted, never kept or joined:
  // a file of leading blanks costs its reading, not its size in memory.
  const skipped: Skipped = { lines: 0, bytes: 0 };
  let first = true;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = next.value;
    if (objectAt < 0 && !seen.length) {
      const bom = first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
      first = false;
      const at = firstNonSpace(chunk, bom);
      if (at === chunk.length) {
        skipped.lines += countNewlines(chunk);
        skipped.bytes += chunk.length;
        continue;
      }
    }
    seen.push(chunk);
    size += chunk.length;
    const text = seen.length === 1 ? chunk : Buffer.concat(seen);
    if (objectAt < 0) {
      const at = firstNonSpace(text, text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf ? 3 : 0);
      if (text[at] === 0x5b) {
        shape = 'json-array';
        break;
      }
      if (text[at] !== 0x7b) break;
      objectAt = at;
    }
    const end = text.indexOf(0x0a, objectAt);
    if (end >= 0) {
      shape = parsedOrUndefined(text.subarray(objectAt, end).toString()) === undefined ? 'json-object' : 'jsonl';
      break;
    }
    // A first line this long is a record of its own (or too long, which the line reader reports).
    if (size > MAX_LINE_BYTES) break;
  }
  const stream = (async function* () {
    yield* seen;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  })();
  return { shape, stream, skipped };
}

function countNewlines(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) n++;
  return n;
}
