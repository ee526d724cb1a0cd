import { MAX_LINE_BYTES, snippetOf, type LineProblem, type Skipped } from './lines';
import type { SourceRecord } from './records';

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The bytes that matter to the split between strings: quote, brackets, braces, comma. */
const STRUCTURAL = new Uint8Array(256);
for (const c of '"[]{},') STRUCTURAL[c.charCodeAt(0)] = 1;

export function firstNonSpace(buffer: Buffer, from: number): number {
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
export async function* arrayElements(
  chunks: AsyncIterable<Buffer>,
  onProblem: (problem: LineProblem) => void,
  skipped: Skipped,
): AsyncGenerator<SourceRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // before: before the opening bracket; between: expecting an element or the end; element: inside one; after: past the closing bracket.
  let state: 'before' | 'between' | 'element' | 'after' = 'before';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1 + skipped.lines;
  let position = skipped.bytes;
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
    const chunkStart = position - i;
    const length = chunk.length;
    // Lines are counted only where one is needed (an element's start, a problem), by jumping
    // from newline to newline; strings are skipped from quote to quote the same way. The byte
    // at a time walk is left for the structure between strings.
    let nextNewline = chunk.indexOf(0x0a);
    let nextBackslash = chunk.indexOf(0x5c);
    /** Counts the newlines up to index `at` of this chunk (it included) into `line`, and sets `position` to it. */
    const reach = (at: number) => {
      while (nextNewline !== -1 && nextNewline <= at) {
        line++;
        nextNewline = chunk.indexOf(0x0a, nextNewline + 1);
      }
      position = chunkStart + at;
    };
    let elementFrom = state === 'element' ? 0 : -1;
    while (i < length) {
      if (state === 'element') {
        if (inString) {
          if (escaped) {
            escaped = false;
            i++;
            continue;
          }
          if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = chunk.indexOf(0x5c, i);
          const quote = chunk.indexOf(0x22, i);
          if (nextBackslash !== -1 && (quote === -1 || nextBackslash < quote)) {
            escaped = true;
            i = nextBackslash + 1;
          } else if (quote === -1) i = length;
          else {
            inString = false;
            i = quote + 1;
          }
          continue;
        }
        // Whitespace, numbers and literals between strings mean nothing to the split.
        while (i < length && !STRUCTURAL[chunk[i]!]) i++;
        if (i === length) break;
        const byte = chunk[i]!;
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
        i++;
        continue;
      }
      const byte = chunk[i]!;
      if (isSpace(byte)) {
        i++;
        continue;
      }
      reach(i);
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
      i++;
    }
    reach(length);
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
