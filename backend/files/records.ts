import fs from 'node:fs';
import zlib from 'node:zlib';
import { TrellisError } from '../../shared/errors';
import { linesOf, MAX_LINE_BYTES, snippetOf, type LineProblem } from './lines';

/** How a file holds its records, told from its first bytes, never from its name. */
export type FileShape = 'jsonl' | 'json-array' | 'parquet';

/** One record of a file, as JSON text, with where it starts. */
export interface SourceRecord {
  /** 1-based position of the record in the file. */
  record: number;
  /** 1-based line the record starts on (in a JSON array, the line of its first byte). */
  line: number;
  /** Byte offset of its first byte (in the uncompressed text for a gzip file; the row index in Parquet). */
  offset: number;
  text: string;
}

export interface RecordSource {
  shape: FileShape;
  gzip: boolean;
  records: AsyncGenerator<SourceRecord>;
  /** Bytes of the file read so far, for progress against its size. */
  bytesRead(): number;
}

const GZIP = [0x1f, 0x8b];
const PARQUET = Buffer.from('PAR1');
/** Rows read from a Parquet file at a time: its row groups can be far larger than memory allows. */
const PARQUET_ROWS = 1000;

function head(file: string, bytes: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, fs.readSync(fd, buffer, 0, bytes, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Opens a file of records: JSON Lines, or one JSON array (read element by element, never whole),
 * either of them optionally gzip-compressed; or Parquet, read a thousand rows at a time.
 */
export async function openRecords(file: string, onProblem: (problem: LineProblem) => void): Promise<RecordSource> {
  const start = head(file, 4096);
  const first = start.subarray(0, 4);
  if (first.equals(PARQUET)) return parquetRecords(file);
  refuseBinary(file, start);
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  const gzip = first[0] === GZIP[0] && first[1] === GZIP[1];
  const chunks = (gzip ? raw.pipe(zlib.createGunzip({ chunkSize: 1 << 20 })) : raw) as AsyncIterable<Buffer>;
  if (gzip) raw.on('error', (error) => (chunks as unknown as zlib.Gunzip).destroy(error));
  const { shape, stream } = await peekShape(chunks);
  const records =
    shape === 'json-array'
      ? arrayElements(stream, onProblem)
      : (async function* () {
          let record = 0;
          for await (const line of linesOf(stream, onProblem))
            yield { record: ++record, line: line.number, offset: line.offset, text: line.text };
        })();
  return { shape, gzip, records: gunzipErrors(records, gzip), bytesRead: () => raw.bytesRead };
}

/** Files people pick by mistake, told by their first bytes. */
const KNOWN_BINARY: [string, number[]][] = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['a ZIP archive (or a .docx/.xlsx file)', [0x50, 0x4b, 0x03, 0x04]],
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
      'Import a JSON Lines, JSON array or Parquet file of trajectories (gzip-compressed or not).',
    );
}

/** A corrupt or truncated gzip stream is the user's file, not a bug: it gets a message that says so. */
async function* gunzipErrors(records: AsyncGenerator<SourceRecord>, gzip: boolean): AsyncGenerator<SourceRecord> {
  try {
    yield* records;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (gzip && code.startsWith('Z_'))
      throw new TrellisError(
        'E1002',
        `The gzip data is damaged or cut short (${(error as Error).message}).`,
        'Records before the damage were read; compress the file again or import the uncompressed one.',
      );
    throw error;
  }
}

/** Reads until the first character that is not whitespace: `[` means one JSON array. */
async function peekShape(
  chunks: AsyncIterable<Buffer>,
): Promise<{ shape: 'jsonl' | 'json-array'; stream: AsyncIterable<Buffer> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let shape: 'jsonl' | 'json-array' = 'jsonl';
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    seen.push(next.value);
    const text = Buffer.concat(seen);
    const at = firstNonSpace(text, text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf ? 3 : 0);
    if (at < text.length) {
      shape = text[at] === 0x5b ? 'json-array' : 'jsonl';
      break;
    }
  }
  const stream = (async function* () {
    yield* seen;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  })();
  return { shape, stream };
}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

function firstNonSpace(buffer: Buffer, from: number): number {
  let at = from;
  while (at < buffer.length && isSpace(buffer[at]!)) at++;
  return at;
}

/**
 * Splits one JSON array into its elements' text without parsing them: only strings, escapes and
 * bracket depth are tracked, so memory holds one element at a time. An element over
 * MAX_LINE_BYTES is reported and skipped; text that is not a JSON array ends the read with a
 * problem at its line and offset.
 */
async function* arrayElements(
  chunks: AsyncIterable<Buffer>,
  onProblem: (problem: LineProblem) => void,
): AsyncGenerator<SourceRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // before: before the opening bracket; between: expecting an element or the end; element: inside one; after: past the closing bracket.
  let state: 'before' | 'between' | 'element' | 'after' = 'before';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let position = 0;
  let record = 0;
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  let start = { line: 1, offset: 0 };
  let expectingElement = false;
  const problem = (reason: string, snippet = '') =>
    onProblem({ line, offset: position, record: record + 1, reason, snippet });

  const finishElement = (): SourceRecord | null => {
    record++;
    const at = { record, line: start.line, offset: start.offset };
    if (tooLong) {
      onProblem({ ...at, reason: `record is longer than ${MAX_LINE_BYTES / 2 ** 20} MiB`, snippet: '' });
      return null;
    }
    const bytes = Buffer.concat(parts);
    try {
      return { ...at, text: decoder.decode(bytes).trimEnd() };
    } catch {
      onProblem({ ...at, reason: 'invalid UTF-8', snippet: snippetOf(bytes.toString('latin1')) });
      return null;
    }
  };

  let first = true;
  for await (const chunk of chunks) {
    let i = 0;
    if (first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
      i = 3;
      position = 3;
    }
    first = false;
    let elementFrom = state === 'element' ? 0 : -1;
    for (; i < chunk.length; i++, position++) {
      const byte = chunk[i]!;
      if (byte === 0x0a) line++;
      if (state === 'element') {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === 0x5c) escaped = true;
          else if (byte === 0x22) inString = false;
          continue;
        }
        if (byte === 0x22) inString = true;
        else if (byte === 0x7b || byte === 0x5b) depth++;
        else if ((byte === 0x7d || byte === 0x5d) && depth > 0) depth--;
        else if (depth === 0 && (byte === 0x2c || byte === 0x5d)) {
          if (!tooLong) parts.push(chunk.subarray(elementFrom, i));
          const element = finishElement();
          if (element) yield element;
          parts = [];
          size = 0;
          tooLong = false;
          state = byte === 0x2c ? 'between' : 'after';
          expectingElement = byte === 0x2c;
        }
        continue;
      }
      if (isSpace(byte)) continue;
      if (state === 'before') {
        if (byte !== 0x5b) return problem('not a JSON array', snippetOf(chunk.subarray(i, i + 240).toString()));
        state = 'between';
      } else if (state === 'between') {
        if (byte === 0x5d && !expectingElement) state = 'after';
        else if (byte === 0x2c || byte === 0x5d)
          return problem(
            `unexpected "${String.fromCharCode(byte)}" where a record should start`,
            snippetOf(chunk.subarray(i, i + 240).toString()),
          );
        else {
          state = 'element';
          start = { line, offset: position };
          elementFrom = i;
          inString = byte === 0x22;
          depth = byte === 0x7b || byte === 0x5b ? 1 : 0;
        }
      } else {
        return problem(
          'text after the end of the JSON array',
          snippetOf(chunk.subarray(i, i + 240).toString('latin1')),
        );
      }
    }
    if (state === 'element' && !tooLong) {
      const rest = chunk.subarray(elementFrom);
      size += rest.length;
      if (size > MAX_LINE_BYTES) {
        tooLong = true;
        parts = [];
      } else parts.push(rest);
    }
  }
  // (The loop's assignments are lost on the type checker's narrowing: widen it back.)
  const ended = state as string;
  if (ended === 'between' || ended === 'element')
    problem(
      'the JSON array is cut short: no closing "]"',
      ended === 'element' && !tooLong ? snippetOf(Buffer.concat(parts).toString()) : '',
    );
}

/** Parquet rows as JSON text; 64-bit integers become numbers (or strings past 2^53, as written). */
async function parquetRecords(file: string): Promise<RecordSource> {
  const { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } = await import('hyparquet');
  const { compressors } = await import('hyparquet-compressors');
  let metadata;
  const buffer = await asyncBufferFromFile(file);
  try {
    metadata = await parquetMetadataAsync(buffer);
  } catch (error) {
    throw new TrellisError('E1002', `${file} is not a readable Parquet file: ${(error as Error).message}`);
  }
  const rows = Number(metadata.num_rows);
  let read = 0;
  const records = (async function* () {
    for (let rowStart = 0; rowStart < rows; rowStart += PARQUET_ROWS) {
      const objects = await parquetReadObjects({
        file: buffer,
        metadata,
        compressors,
        rowStart,
        rowEnd: Math.min(rows, rowStart + PARQUET_ROWS),
      });
      for (const [i, row] of objects.entries()) {
        const index = rowStart + i;
        read = Math.round(((index + 1) / rows) * buffer.byteLength);
        yield { record: index + 1, line: index + 1, offset: index, text: JSON.stringify(row, plainValues) };
      }
    }
  })();
  return { shape: 'parquet', gzip: false, records, bytesRead: () => read };
}

function plainValues(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}
