/**
 * Small readers of values an intent states outright, by where they sit in its text: e-mail
 * addresses, quoted text, clock times, plain numbers, labelled text ("with the subject X and the
 * body Y") and names ("Mia's", "with Ana"). Each finds every occurrence, in order, with its
 * offset, so that a value can be matched to the n-th one of its kind in another request.
 */
export interface Found<T = string> {
  at: number;
  /** The text as written. */
  text: string;
  value: T;
}

const all = <T>(text: string, pattern: RegExp, read: (m: RegExpExecArray) => T | null): Found<T>[] => {
  const found: Found<T>[] = [];
  for (const m of text.matchAll(pattern)) {
    const value = read(m);
    if (value !== null) found.push({ at: m.index, text: m[0], value });
  }
  return found;
};

export const EMAIL_PATTERN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** E-mail addresses, in order. */
export const emailsIn = (text: string): Found[] => all(text, EMAIL_PATTERN, (m) => m[0]);

/** Text in straight or curly, double or single quotes; `at` and `text` are the inside. */
export function quotedIn(text: string): Found[] {
  return all(text, /"([^"]+)"|“([^”]+)”|(?<![\p{L}])'([^']+)'(?![\p{L}])|‘([^’]+)’/gu, (m) => {
    const inner = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    return inner.trim() ? inner : null;
  }).map((f) => ({ ...f, at: f.at + 1, text: f.value }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Clock times as `HH:MM`: "2pm", "2:30 pm", "11 a.m.", "14:00", "at 9" (after "at" only),
 * "noon", "midnight". A day-month pair such as "12.05" is not read as a time.
 */
export function timesIn(text: string): Found[] {
  const pattern =
    /\b(noon|midday|midnight)\b|\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?(?![\p{L}])|\b(\d{1,2}):(\d{2})\b(?!:\d)|\bat\s+(\d{1,2})\b(?![:.\d\p{L}]|\s*[ap]\.?m)/giu;
  return all(text, pattern, (m) => {
    if (m[1]) return m[1].toLowerCase() === 'midnight' ? '00:00' : '12:00';
    if (m[2]) {
      const hour = Number(m[2]);
      const minute = Number(m[3] ?? 0);
      if (hour < 1 || hour > 12 || minute > 59) return null;
      const pm = m[4]!.toLowerCase() === 'p';
      return `${pad((hour % 12) + (pm ? 12 : 0))}:${pad(minute)}`;
    }
    if (m[5]) {
      const hour = Number(m[5]);
      const minute = Number(m[6]);
      return hour < 24 && minute < 60 ? `${pad(hour)}:${pad(minute)}` : null;
    }
    const hour = Number(m[7]);
    return hour < 24 ? `${pad(hour)}:00` : null;
  }).map((f) =>
    f.text.toLowerCase().startsWith('at')
      ? { ...f, at: f.at + f.text.search(/\d/), text: f.text.replace(/^at\s+/i, '') }
      : f,
  );
}

/** Blanks e-mail addresses, ISO dates and clock times so that numbers are not read inside them. */
function withoutDatesAndTimes(text: string): string {
  let out = text
    .replace(EMAIL_PATTERN, (m) => ' '.repeat(m.length))
    .replace(/\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?/g, (m) => ' '.repeat(m.length));
  for (const t of timesIn(out)) out = out.slice(0, t.at) + ' '.repeat(t.text.length) + out.slice(t.at + t.text.length);
  return out;
}

/** Plain numbers that are neither part of a date, a time nor an address ("Buy 3 notebooks"). */
export function numbersIn(text: string): Found<number>[] {
  return all(withoutDatesAndTimes(text), /(?<![\p{L}\p{N}.:/-])\d+(?:\.\d+)?(?![\p{N}:]|(?:st|nd|rd|th)\b)/gu, (m) =>
    Number(m[0]),
  ).map((f) => ({ ...f, text: text.slice(f.at, f.at + f.text.length) }));
}

/** Where labelled text ends: before ", and the body", "and", "then", another label (", body:"), a sentence's end, or the text's end. */
const TEXT_END = /\s*(?:,?\s+(?:and|then)\s+(?:the\s+)?(?=\p{L})|,\s*(?=\p{L}+\s*:)|[;!?]|\.(?:\s|$)|$)/u;

/**
 * The text after a label ("subject", "body", "titled", "called", "saying"): "with the subject
 * Lunch and the body See you at noon" gives `Lunch` for `subject` and `See you at noon` for `body`.
 */
export function labelledTextIn(text: string, label: string): Found | null {
  const start = new RegExp(`\\b${label}(?:\\s+(?:line|text))?\\s*(?::|is|of)?\\s+`, 'iu').exec(text);
  if (!start) return null;
  const from = start.index + start[0].length;
  const rest = text.slice(from);
  const end = TEXT_END.exec(rest);
  const value = rest.slice(0, end ? end.index : rest.length).trim();
  return value ? { at: from, text: value, value } : null;
}

const NAME = "\\p{Lu}[\\p{Ll}'’-]*(?:\\s+\\p{Lu}[\\p{Ll}'’-]*)?";

/** Names said as an owner ("Mia's order") or a companion ("with Ana", "to Leo"), in order. */
export function namesIn(text: string): Found[] {
  // A sentence's first word is capitalised anyway: "Show Mia's" names Mia.
  const possessive = all(text, new RegExp(`\\b(${NAME})['’]s\\b`, 'gu'), (m) => m[1]!).map((f) => {
    const words = f.value.split(/\s+/);
    const first = words.length > 1 && /(?:^|[.!?]\s+)$/.test(text.slice(0, f.at));
    return first
      ? { at: f.at + f.value.length - words[1]!.length, text: words[1]!, value: words[1]! }
      : { ...f, text: f.value };
  });
  const companion = all(text, new RegExp(`\\b(?:with|for|to|from|and)\\s+(${NAME})\\b`, 'gu'), (m) => m[1]!).map(
    (f) => ({ ...f, at: f.at + f.text.length - f.value.length, text: f.value }),
  );
  return [...possessive, ...companion].sort((a, b) => a.at - b.at);
}

/**
 * Identifiers and versions as written: letters and digits joined by hyphens (`INC-4411`,
 * `svc-12`, `db-3`), `#123`, and versions (`v2.3.1`, `5.7.9`), in order.
 */
export function idsIn(text: string): Found[] {
  return all(
    text,
    /(?<![\p{L}\p{N}_.@-])(?:(?=[\p{L}\p{N}_-]*\p{N})(?=[\p{L}\p{N}_-]*\p{L})\p{L}[\p{L}\p{N}_]*(?:-[\p{L}\p{N}_]+)+|#\d+|v?\d+(?:\.\d+){2,})(?![\p{L}\p{N}_@-]|\.\p{N})/gu,
    (m) => m[0],
  );
}
