import type { JsonSchema, Tool } from '../domain';
import { labelledTextIn, quotedIn } from './intent-slots';
import { contentStems, wordsOf } from './intent-words';

/**
 * Values a request states for a parameter outright, whatever any recording did: `key: value`
 * pairs ("service: auth", "severity: sev2", `note: "…"`), quoted text after its label ("with the
 * message "…"", "saying "…""), and a mail's "with the subject X and the body Y". What the person
 * wrote for a parameter is that parameter's value.
 */

/** A `key: value` or `key = value` the request holds; the value quoted or up to the clause's end. */
export interface StatedPair {
  /** The one or two words before the colon ("service", "incident id"). */
  keys: string[];
  value: string;
}

const PAIR =
  /(?<![\p{L}\p{N}_-])([\p{L}][\p{L}\p{N}_ -]{0,30}?)(?<=\p{L})\s*(?::|=)\s*(?:"([^"]*)"|“([^”]*)”|'([^']*)'|([^,;:"“]+?))(?=\s*(?:,|;|\s(?:and|then|titled|called|named|with|for|to|from|on|at|in|saying|about|because)\s|[.!?](?:\s|$)|$))/gu;

/** The `key: value` pairs of a request, in order. A time such as 14:05 is no pair: its key is not a word. */
export function statedPairsIn(text: string): StatedPair[] {
  const pairs: StatedPair[] = [];
  for (const m of text.matchAll(PAIR)) {
    // The key is the last words before the colon: "Open an incident for service: auth" names `service`.
    const words = m[1]!.trim().split(/\s+/);
    const value = (m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').trim();
    if (value) pairs.push({ keys: [...new Set([words.slice(-2).join(' '), words.at(-1)!])], value });
  }
  return pairs;
}

/** Free-text parameters a bare "saying "…"" fills, in order of preference. */
const SAYING_PARAMS = ['message', 'note', 'body', 'text', 'comment', 'reason'];
/** Labels said in prose before their text, without a colon or quotes. */
const PROSE_LABELS = ['subject', 'body'];

const sameWords = (a: string, b: string) => wordsOf(a).join(' ') === wordsOf(b).join(' ');

/** What the tool's name says it acts on: `get_service` → service, `rollback_deploy` → deploy. */
const nounOf = (tool: Pick<Tool, 'name'>) => wordsOf(tool.name).at(-1) ?? '';

/** The enum members a text says: as whole words (`sev1`, `attendees`, `high priority`) or by their stems. */
export function enumMembersSaid(members: readonly unknown[], text: string): string[] {
  const lower = ` ${wordsOf(text).join(' ')} `;
  const stems = new Set(contentStems(text));
  return members.filter(
    (m): m is string =>
      typeof m === 'string' &&
      (lower.includes(` ${wordsOf(m).join(' ')} `) || contentStems(m).some((s) => stems.has(s))),
  );
}

/** A stated text as the parameter's type: a number for a number, the member for an enum, else the text. */
function typed(value: string, schema: JsonSchema): string | number | undefined {
  if (Array.isArray(schema.enum)) {
    const member = schema.enum.find((m) => typeof m === 'string' && sameWords(m, value));
    return typeof member === 'string' ? member : undefined;
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const n = Number(value);
    return Number.isFinite(n) && (schema.type === 'number' || Number.isInteger(n)) ? n : undefined;
  }
  return schema.type === undefined || schema.type === 'string' ? value : undefined;
}

/** The quoted text right after one of the labels ("with the message "…"", "saying "…""), if any. */
function quotedAfter(text: string, labels: readonly string[]): string | undefined {
  const quoted = quotedIn(text);
  for (const q of quoted) {
    const before = text.slice(0, q.at - 1).trimEnd();
    const words = wordsOf(before).slice(-3);
    if (labels.some((l) => words.at(-1) === l || (words.at(-2) === l && words.at(-1) === 'of'))) return q.value;
  }
  return undefined;
}

/**
 * The arguments a request states for one tool's parameters: a pair whose key is the parameter
 * (`incident id: INC-7` for `incident_id`) or, for a tool's `name`, the thing the tool acts on
 * (`service: auth` for `get_service.name`); quoted text after the parameter's name or "saying";
 * "the subject …" and "the body …" said in prose.
 */
export function statedArguments(tool: Pick<Tool, 'name' | 'parameters'>, text: string): Record<string, unknown> {
  const properties = (tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
  const pairs = statedPairsIn(text);
  const noun = nounOf(tool);
  const args: Record<string, unknown> = {};
  const freeText = SAYING_PARAMS.find((p) => properties[p]?.type === 'string');
  for (const [param, schema] of Object.entries(properties)) {
    const named = (key: string) =>
      sameWords(key, param) || (noun && (param === 'name' || sameWords(param, `${noun} name`)) && sameWords(key, noun));
    let value: string | number | undefined;
    for (const pair of pairs) if (value === undefined && pair.keys.some(named)) value = typed(pair.value, schema);
    if (value === undefined && schema.type === 'string') {
      const quoted = quotedAfter(text, [param, ...(param === freeText ? ['saying', 'says', 'reading'] : [])]);
      if (quoted !== undefined) value = quoted;
    }
    if (value === undefined && PROSE_LABELS.includes(param) && schema.type === 'string') {
      const prose = new RegExp(`\\bthe\\s+${param}\\b`, 'i').test(text) ? labelledTextIn(text, param) : null;
      if (prose) value = prose.value.replace(/^["“']|["”']$/g, '');
    }
    if (value !== undefined) args[param] = value;
  }
  return args;
}
