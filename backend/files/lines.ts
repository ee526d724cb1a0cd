import fs from 'node:fs';
import { printable } from '../../shared/text';

export interface SourceLine {
  /** 1-based line number. */
  number: number;
  /** Byte offset of the line's first byte. */
  offset: number;
  text: string;
}

export interface LineProblem {
  line: number;
  /** The record's position in a JSON array or Parquet file, where it differs from its line. */
  record?: number;
  offset: number;
  reason: string;
  snippet: string;
}

export const MAX_LINE_BYTES = 32 * 1024 * 1024;

/** Leading whitespace dropped before a stream of records: how many lines and bytes it held. */
export interface Skipped {
  lines: number;
  bytes: number;
}

export { printable };

/** The start of a rejected line, safe to print. */
const snippetOf = (text: string) => {
  const visible = printable(text.slice(0, 240));
  return visible.length > 120 || text.length > 240 ? `${visible.slice(0, 117)}…` : visible;
};

/**
 * Reads a JSON Lines file as lines with their numbers and byte offsets: a UTF-8 BOM, CRLF, blank
 * lines and a missing final newline are fine; a line of invalid UTF-8 or over MAX_LINE_BYTES is
 * reported, never silently replaced.
 */
export function readLines(file: string, onProblem: (problem: LineProblem) => void): AsyncGenerator<SourceLine> {
  return linesOf(fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>, onProblem);
}

/** The lines of a stream of bytes (a file, or a decompressed one), as `readLines` reads them. */
export async function* linesOf(
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
  onProblem: (problem: LineProblem) => void,
  /** Whitespace a reader skipped before the stream starts: the lines and bytes it held. */
  skipped: Skipped = { lines: 0, bytes: 0 },
): AsyncGenerator<SourceLine> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineStart = skipped.bytes;
  let position = skipped.bytes;
  let number = skipped.lines;
  let tooLong = false;

  const finish = (bytes: Buffer): SourceLine | null => {
    number++;
    const offset = lineStart;
    if (tooLong) {
      onProblem({ line: number, offset, reason: `line is longer than ${MAX_LINE_BYTES / 2 ** 20} MiB`, snippet: '' });
      return null;
    }
    let body = bytes;
    if (number === 1 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
    if (body.at(-1) === 0x0d) body = body.subarray(0, -1);
    let text: string;
    try {
      text = decoder.decode(body);
    } catch {
      onProblem({ line: number, offset, reason: 'invalid UTF-8', snippet: snippetOf(body.toString('latin1')) });
      return null;
    }
    return text.trim() ? { number, offset, text } : null;
  };

  for await (const chunk of chunks) {
    let from = 0;
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, from)) {
      const piece = chunk.subarray(from, i);
      const bytes = pending.length ? Buffer.concat([...pending, piece]) : piece;
      const line = finish(bytes);
      if (line) yield line;
      pending = [];
      pendingBytes = 0;
      tooLong = false;
      position += i - from + 1;
      lineStart = position;
      from = i + 1;
    }
    const rest = chunk.subarray(from);
    position += rest.length;
    if (!tooLong) {
      pendingBytes += rest.length;
      if (pendingBytes > MAX_LINE_BYTES) {
        tooLong = true;
        pending = [];
      } else pending.push(Buffer.from(rest));
    }
  }
  if (pendingBytes > 0 || tooLong) {
    const line = finish(Buffer.concat(pending));
    if (line) yield line;
  }
}

export { snippetOf };
