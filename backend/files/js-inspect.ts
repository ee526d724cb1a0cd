import type { SourceRecord } from './records';

/**
 * Objects as Node prints them with `console.dir` or `console.log` (util.inspect), one after
 * another: what the OpenTelemetry JS SDK's ConsoleSpanExporter writes. Keys go unquoted, strings
 * take single quotes (double or back quotes when they hold one), `undefined` stands for absent,
 * and what lies deeper than the printed depth shows as `[Object]` or `[Array]`. Each object is
 * read as JSON with those markers kept as text; null when the text is not that.
 */
export function inspectedValues(text: string): SourceRecord[] | null {
  // JSON never leaves a key unquoted: only text that does is taken for util.inspect's.
  if (!/^\s*(?:\ufeff)?\{\s*[A-Za-z_$][\w$]*: /.test(text)) return null;
  const records: SourceRecord[] = [];
  const reader = new InspectReader(text);
  while (reader.skipSpace()) {
    const line = reader.line;
    const offset = Buffer.byteLength(text.slice(0, reader.at));
    const start = reader.at;
    let json: string;
    try {
      json = reader.value();
    } catch {
      return null;
    }
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return null;
    }
    records.push({ record: records.length + 1, line, offset, text: text.slice(start, reader.at), value });
    // Objects copied out of a list keep the comma that followed each.
    if (reader.skipSpace() && text[reader.at] === ',') reader.at++;
  }
  return records.length ? records : null;
}

/** What util.inspect prints for what it does not descend into: kept as the text it is. */
const MARKER = /^\[(?:Object|Array|Getter|Setter|Getter\/Setter|Circular \*\d+|Function[^\]\n]*|class [^\]\n]*)\]/;
const MORE = /^\.\.\. \d+ more items?/;
const WORD = /^[A-Za-z_$][\w$]*/;
const NUMBER = /^-?(?:\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?|Infinity|NaN)n?/i;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

class InspectReader {
  at = 0;
  line = 1;
  constructor(private readonly text: string) {}

  /** Skips whitespace (and a byte order mark); false at the end of the text. */
  skipSpace(): boolean {
    while (this.at < this.text.length && /[\s\ufeff]/.test(this.text[this.at]!)) {
      if (this.text[this.at] === '\n') this.line++;
      this.at++;
    }
    return this.at < this.text.length;
  }

  private rest = () => this.text.slice(this.at, this.at + 200);

  private fail(): never {
    throw new Error(`not util.inspect output at ${this.at}`);
  }

  /** One value as JSON text. */
  value(): string {
    this.skipSpace();
    if (this.rest().startsWith('<ref *')) {
      this.at = this.text.indexOf('>', this.at) + 1;
      this.skipSpace();
    }
    const c = this.text[this.at];
    if (c === '{') return this.object();
    const marker = MARKER.exec(this.rest());
    if (marker) return this.take(marker[0], JSON.stringify(marker[0]));
    if (c === '[') return this.array();
    if (c === "'" || c === '"' || c === '`') return JSON.stringify(this.string());
    const number = NUMBER.exec(this.rest());
    if (number) {
      const n = number[0].replace(/n$/, '').replace(/_/g, '');
      return this.take(number[0], /Infinity|NaN/.test(n) ? JSON.stringify(n) : n);
    }
    const word = WORD.exec(this.rest());
    if (!word) this.fail();
    if (word[0] === 'undefined') return this.take(word[0], 'null');
    if (['null', 'true', 'false'].includes(word[0])) return this.take(word[0], word[0]);
    // A class's name before its fields (`Resource {`, `Map(2) {`) says what printed them, no more.
    this.at += word[0].length;
    if (this.text[this.at] === '(') this.at = this.text.indexOf(')', this.at) + 1;
    return this.value();
  }

  private take(seen: string, json: string): string {
    this.at += seen.length;
    return json;
  }

  private object(): string {
    this.at++;
    const fields: string[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] === '}') break;
      const c = this.text[this.at];
      const key = c === "'" || c === '"' || c === '`' ? this.string() : (WORD.exec(this.rest())?.[0] ?? this.fail());
      if (c !== "'" && c !== '"' && c !== '`') this.at += key.length;
      this.skipSpace();
      if (this.text[this.at] !== ':') this.fail();
      this.at++;
      fields.push(`${JSON.stringify(key)}:${this.value()}`);
      this.separator('}');
    }
    this.at++;
    return `{${fields.join(',')}}`;
  }

  private array(): string {
    this.at++;
    const items: string[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] === ']') break;
      const more = MORE.exec(this.rest());
      if (more) this.at += more[0].length;
      else items.push(this.value());
      this.separator(']');
    }
    this.at++;
    return `[${items.join(',')}]`;
  }

  /** A comma, or the closing bracket ahead. */
  private separator(close: string) {
    this.skipSpace();
    if (this.text[this.at] === ',') this.at++;
    else if (this.text[this.at] !== close) this.fail();
  }

  private string(): string {
    const quote = this.text[this.at]!;
    let out = '';
    for (this.at++; this.at < this.text.length; this.at++) {
      const c = this.text[this.at]!;
      if (c === quote) {
        this.at++;
        return out;
      }
      if (c === '\n') this.line++;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.text[++this.at]!;
      if (e === 'x') {
        out += String.fromCharCode(parseInt(this.text.slice(this.at + 1, this.at + 3), 16));
        this.at += 2;
      } else if (e === 'u' && this.text[this.at + 1] === '{') {
        const end = this.text.indexOf('}', this.at);
        out += String.fromCodePoint(parseInt(this.text.slice(this.at + 2, end), 16));
        this.at = end;
      } else if (e === 'u') {
        out += String.fromCharCode(parseInt(this.text.slice(this.at + 1, this.at + 5), 16));
        this.at += 4;
      } else out += ESCAPES[e] ?? e;
    }
    return this.fail();
  }
}
