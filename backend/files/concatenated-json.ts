import type { SourceRecord } from './records';

/**
 * The JSON values of a text that holds several objects or arrays written one after another,
 * pretty-printed (as OpenTelemetry Python's console exporter prints spans), each with the line
 * and byte offset it starts at; a value that does not parse, and each line of other text
 * between them, comes as text alone (for the reader to report). Null when the text is not that:
 * an unclosed value, fewer than two records, or no value that parses.
 */
export function concatenatedValues(text: string): SourceRecord[] | null {
  const records: SourceRecord[] = [];
  let readable = 0;
  let line = 1;
  // A UTF-8 byte order mark is three bytes before the first value.
  const bom = text.startsWith('\ufeff');
  let bytes = bom ? 3 : 0;
  let i = bom ? 1 : 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++;
      bytes++;
      continue;
    }
    // Text between values (a program's own output among the spans it printed) is one record per
    // line, which the reader reports as not JSON; the values around it are still read.
    const end = c === '{' || c === '[' ? valueEnd(text, i) : lineEnd(text, i);
    if (end < 0) return null;
    const slice = text.slice(i, end);
    // A value that does not parse (Python writes `Infinity`) is left to the reader to report at its line.
    const value = parsed(slice);
    if (value !== undefined) readable++;
    records.push({
      record: records.length + 1,
      line,
      offset: bytes,
      text: slice,
      ...(value !== undefined ? { value } : {}),
    });
    line += slice.split('\n').length - 1;
    bytes += Buffer.byteLength(slice);
    i = end;
  }
  return records.length > 1 && readable > 0 ? records : null;
}

/** Python's `json.dumps` writes these for floats JSON has no number for: a value after a colon, comma or bracket. */
const PYTHON_FLOATS = /([:[,]\s*)(-?Infinity|NaN)(?=\s*[,\]}])/g;

/**
 * The value the text holds, or undefined. Text that Python wrote with `Infinity` or `NaN` (an
 * unbounded `max_tokens` among a span's attributes) is read with those values as the words
 * they are, rather than losing the whole object.
 */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const words = text.replace(PYTHON_FLOATS, '$1"$2"');
    if (words === text) return undefined;
    try {
      return JSON.parse(words) as unknown;
    } catch {
      return undefined;
    }
  }
}

/** Where the line that holds `start` ends (before its newline). */
function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end < 0 ? text.length : end;
}

/** Where the object or array that starts at `start` ends (one past its closing bracket), or -1. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}
