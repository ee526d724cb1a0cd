import { MAX_LINE_BYTES, snippetOf, type LineProblem, type Skipped } from './lines';
import type { SourceRecord } from './records';

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** What a byte is to the split: nothing (0), a newline (counted), or one the split acts on. */
const NEWLINE = 1;
const ACTS = 2;
const ESCAPE = 3;
/** Between strings: quote, brackets, braces and comma act. */
const BETWEEN_STRINGS = new Uint8Array(256);
for (const c of '"[]{},') BETWEEN_STRINGS[c.charCodeAt(0)] = ACTS;
BETWEEN_STRINGS[0x0a] = NEWLINE;
/** Inside a string: its closing quote acts; a backslash escapes the byte after it. */
const IN_STRING = new Uint8Array(256);
IN_STRING[0x22] = ACTS;
IN_STRING[0x5c] = ESCAPE;
IN_STRING[0x0a] = NEWLINE;
const FOUR_SPACES = 0x20202020;

export function firstNonSpace(buffer: Buffer, from: number): number {
  let at = from;
  while (at < buffer.length && isSpace(buffer[at]!)) at++;
  return at;
}

/** Where a scan of an element stands between chunks, and the line it has reached. */
interface Scan {
  inString: boolean;
  escaped: boolean;
  depth: number;
  line: number;
}

/**
 * Scans an element's bytes from `from` and returns the index of the comma or bracket that ends
 * it (at depth 0), or -1 when the chunk ends first; newlines are counted into `scan.line`. One
 * byte at a time through a table, in tight loops that stop only at the bytes that matter (a
 * newline; inside a string its closing quote or an escape; between strings the structure), and
 * in a function of its own so that its state stays in registers: jumping with indexOf instead
 * costs a call per string and per line, more than the bytes it skips.
 */
function elementEnd(chunk: Buffer, from: number, scan: Scan): number {
  let { inString, escaped, depth, line } = scan;
  const length = chunk.length;
  const words = new DataView(chunk.buffer, chunk.byteOffset, length);
  const lastFour = length - 4;
  let i = from;
  let end = -1;
  while (i < length) {
    if (escaped) {
      escaped = false;
      if (chunk[i] === 0x0a) line++;
      i++;
      continue;
    }
    let kind = 0;
    if (inString) {
      while (i < length && (kind = IN_STRING[chunk[i]!]!) === 0) i++;
      if (i === length) break;
      i++;
      if (kind === NEWLINE) line++;
      else if (kind === ESCAPE) escaped = true;
      else inString = false;
      continue;
    }
    // Whitespace, numbers and literals between strings mean nothing to the split; an indented
    // file's runs of spaces go four at a time.
    while (i <= lastFour && words.getUint32(i) === FOUR_SPACES) i += 4;
    while (i < length && (kind = BETWEEN_STRINGS[chunk[i]!]!) === 0) i++;
    if (i === length) break;
    const byte = chunk[i]!;
    i++;
    if (kind === NEWLINE) line++;
    else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) depth++;
    else if ((byte === 0x7d || byte === 0x5d) && depth > 0) depth--;
    else if (depth === 0 && (byte === 0x2c || byte === 0x5d)) {
      end = i - 1;
      break;
    }
  }
  scan.inString = inString;
  scan.escaped = escaped;
  scan.depth = depth;
  scan.line = line;
  return end;
}

/**
 * Splits one JSON array into its elements' text without parsing them: only strings, escapes and
 * bracket depth are tracked, so memory holds one element at a time. An element over
 * MAX_LINE_BYTES is reported and skipped; text that is not a JSON array ends the read with a
 * problem at its line and offset.
 */
export async function* arrayElements(
  chunks: AsyncIterable<Buffer>,
  onProblem: (problem: LineProblem) => void,
  skipped: Skipped,
): AsyncGenerator<SourceRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // before: before the opening bracket; between: expecting an element or the end; element: inside one; after: past the closing bracket.
  let state: 'before' | 'between' | 'element' | 'after' = 'before';
  const scan: Scan = { inString: false, escaped: false, depth: 0, line: 1 + skipped.lines };
  let position = skipped.bytes;
  let record = 0;
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  let start = { line: 1, offset: 0 };
  let expectingElement = false;
  const problem = (reason: string, snippet = '') =>
    onProblem({ line: scan.line, offset: position, record: record + 1, reason, snippet });

  const finishElement = (): SourceRecord | null => {
    record++;
    const at = { record, line: start.line, offset: start.offset };
    if (tooLong) {
      onProblem({ ...at, reason: `record is longer than ${MAX_LINE_BYTES / 2 ** 20} MiB`, snippet: '' });
      return null;
    }
    // An element within one chunk is read where it lies; one across chunks is joined first.
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
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
    const chunkStart = position - i;
    const length = chunk.length;
    let elementFrom = state === 'element' ? 0 : -1;
    while (i < length) {
      if (state === 'element') {
        const end = elementEnd(chunk, i, scan);
        if (end === -1) break;
        const byte = chunk[end]!;
        if (!tooLong) parts.push(chunk.subarray(elementFrom, end));
        const element = finishElement();
        if (element) yield element;
        parts = [];
        size = 0;
        tooLong = false;
        state = byte === 0x2c ? 'between' : 'after';
        expectingElement = byte === 0x2c;
        i = end + 1;
        continue;
      }
      const byte = chunk[i]!;
      if (isSpace(byte)) {
        if (byte === 0x0a) scan.line++;
        i++;
        continue;
      }
      position = chunkStart + i;
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
          start = { line: scan.line, offset: position };
          elementFrom = i;
          scan.inString = byte === 0x22;
          scan.depth = byte === 0x7b || byte === 0x5b ? 1 : 0;
        }
      } else {
        return problem(
          'text after the end of the JSON array',
          snippetOf(chunk.subarray(i, i + 240).toString('latin1')),
        );
      }
      i++;
    }
    position = chunkStart + length;
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
