import type { JsonSchema, Tool, ToolGraph, Trajectory } from '../domain';
import { formatFieldPath, type PathStep } from '../graph/field-paths';
import { datesInIntent } from '../text-values/dates';
import { proseDatesIn } from '../text-values/prose-dates';
import { emailsIn, numbersIn, timesIn } from './intent-slots';

/**
 * A recorded request read for planning: the first user message of a trajectory on the graph,
 * the calls it made to the graph's tools in order, and for every argument where its value came
 * from (its provenance): the request's text, an earlier call's result, or neither (a constant).
 */
export interface RecordedRequest {
  trajectoryId: string;
  title: string;
  request: string;
  /** What the request states that arguments used: addresses, dates, times, numbers, text. */
  mentions: Mention[];
  steps: RecordedStep[];
}

export interface RecordedStep {
  tool: string;
  /** The arguments as called. */
  args: Record<string, unknown>;
  /** Each argument's value as a source (same shape as `args`, sources at the leaves). */
  sources: Record<string, ArgSource>;
  result: unknown;
}

export type MentionKind = 'email' | 'date' | 'time' | 'number' | 'text';

/** A span of the recorded request that a value was read from. */
export interface Mention {
  kind: MentionKind;
  at: number;
  text: string;
  /** Its place among the request's mentions of its kind (the 2nd date is 1); text mentions: -1. */
  index: number;
  /** Whether arguments use it (unused ones still stand for varying text when the request is matched). */
  used: boolean;
}

/** How a recorded text value was written relative to the request: "home" in the request, "Home" in the call. */
export type Casing = 'as-said' | 'lower' | 'upper' | 'first' | 'title';

/** One piece of a value read from the request: a literal or one mention (`2026-12-03` + `T` + `14:00` + `:00`). */
export type Piece = string | { mention: number; casing: Casing };

export type ArgSource =
  | { from: 'constant'; value: unknown }
  | { from: 'intent'; pieces: Piece[]; as: 'string' | 'number' }
  /** An enum member the request said ("tell the attendees" → `attendees`): re-said by the new intent, or left out. */
  | { from: 'enum'; members: string[] }
  | { from: 'result'; step: number; path: RefStep[] }
  | { from: 'object'; entries: Record<string, ArgSource> }
  | { from: 'array'; items: ArgSource[] };

/** A path step into a result; a pick by a label the request said keeps that label as a mention. */
export type RefStep = PathStep | { kind: 'said-pick'; field: string; mention: number };

const DATE_SPAN = new RegExp(
  [
    '\\b\\d{4}-\\d{2}-\\d{2}\\b',
    '\\b\\d{1,2}(?:st|nd|rd|th)?(?:\\s+of)?\\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?(?:,?\\s+\\d{4})?',
    '\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4})?',
    '\\b(?:today|tomorrow)\\b',
    '\\bnext\\s+(?:sun|mon|tues|wednes|thurs|fri|satur)day\\b',
  ].join('|'),
  'gi',
);

/**
 * Dates an intent says, each with where it is: the span and its day. Dates as written ("Dec 3",
 * "2026-12-03", "next Friday") are read by text-values/dates; other prose ("the day after
 * tomorrow", "in 3 days", "on Monday") by chrono-node, whose span wins where it holds a shorter
 * one of ours ("a week from today" is not today). Clock times are left to their own reader.
 */
export function dateMentionsIn(text: string, today?: string): { at: number; text: string; value: string }[] {
  const found: { at: number; text: string; value: string }[] = [];
  for (const m of text.matchAll(DATE_SPAN)) {
    const value = datesInIntent(m[0], { today })[0];
    if (value) found.push({ at: m.index, text: m[0], value });
  }
  let timeless = text;
  for (const t of timesIn(text))
    timeless = timeless.slice(0, t.at) + ' '.repeat(t.text.length) + timeless.slice(t.at + t.text.length);
  for (const prose of proseDatesIn(timeless, today)) {
    const span = prose.text.trimEnd();
    const end = prose.at + span.length;
    const overlapping = found.filter((f) => f.at < end && prose.at < f.at + f.text.length);
    const holds = overlapping.every(
      (f) => f.at >= prose.at && f.at + f.text.length <= end && f.text.length < span.length,
    );
    if (!holds) continue;
    for (const f of overlapping) found.splice(found.indexOf(f), 1);
    found.push({ at: prose.at, text: span, value: prose.value });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** Typed mentions of a text, by kind, in order: what another request may state differently. */
export function typedMentionsIn(text: string, today?: string) {
  const dates = dateMentionsIn(text, today);
  const overlaps = (at: number, length: number) => dates.some((d) => at < d.at + d.text.length && d.at < at + length);
  const times = timesIn(text).filter((t) => !overlaps(t.at, t.text.length));
  const numbers = numbersIn(text).filter(
    (n) =>
      !overlaps(n.at, n.text.length) && !times.some((t) => n.at < t.at + t.text.length && t.at < n.at + n.text.length),
  );
  return { email: emailsIn(text), date: dates, time: times, number: numbers };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const casingOf = (said: string, value: string): Casing => {
  if (value === said) return 'as-said';
  if (value === said.toLowerCase()) return 'lower';
  if (value === said.toUpperCase()) return 'upper';
  if (value === applyCasing(said, 'title')) return 'title';
  if (value === applyCasing(said, 'first')) return 'first';
  return 'as-said';
};

export function applyCasing(text: string, casing: Casing): string {
  switch (casing) {
    case 'lower':
      return text.toLowerCase();
    case 'upper':
      return text.toUpperCase();
    case 'first':
      return text.charAt(0).toUpperCase() + text.slice(1);
    case 'title':
      return text.replace(/(^|\s)(\p{L})/gu, (_, s: string, c: string) => s + c.toUpperCase());
    default:
      return text;
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a text value stands in the request as whole words (ignoring case), if it does. */
function wordSpan(request: string, value: string): number {
  if (value.trim().length < 2) return -1;
  const m = new RegExp(`(?<![\\p{L}\\p{N}])${escape(value.trim())}(?![\\p{L}\\p{N}])`, 'iu').exec(request);
  return m ? m.index : -1;
}

/** Every path in a result to a value equal to `value`, with the element each list step went through. */
function pathsTo(result: unknown, value: unknown): { steps: (PathStep & { element?: unknown })[] }[] {
  const found: { steps: (PathStep & { element?: unknown })[] }[] = [];
  const walk = (node: unknown, steps: (PathStep & { element?: unknown })[]) => {
    if (node === value && steps.length) found.push({ steps });
    else if (Array.isArray(node))
      node.forEach((item, index) => {
        if (steps.length && steps[steps.length - 1]!.kind === 'key')
          walk(item, [...steps, { kind: 'element', pick: { by: 'index', index }, element: item }]);
      });
    else if (isObject(node)) for (const [k, v] of Object.entries(node)) walk(v, [...steps, { kind: 'key', key: k }]);
  };
  walk(result, []);
  return found;
}

const LABEL_FIELDS = ['name', 'title', 'label', 'display_name'];

/** Whether a value is worth looking for in results: ids and names, not 0, 1 or `true`. */
const traceable = (value: unknown, param: string, lastKey: string | undefined) =>
  (typeof value === 'string' && value.trim().length >= 2) ||
  (typeof value === 'number' && (Math.abs(value) >= 100 || lastKey === param));

interface Reader {
  request: string;
  mentions: Mention[];
  typed: ReturnType<typeof typedMentionsIn>;
}

/** The mention of a span, made once; typed mentions keep their index among their kind. */
function mentionAt(reader: Reader, kind: MentionKind, at: number, text: string, index: number): number {
  const existing = reader.mentions.findIndex((m) => m.at === at && m.text.length === text.length);
  if (existing >= 0) {
    reader.mentions[existing]!.used = true;
    return existing;
  }
  reader.mentions.push({ kind, at, text, index, used: true });
  return reader.mentions.length - 1;
}

/** A text value read from the request: an address, a date or time inside it, a number, or words said. */
function fromRequest(reader: Reader, value: unknown, schema: JsonSchema | undefined): ArgSource | null {
  const { typed, request } = reader;
  if (typeof value === 'number') {
    const i = typed.number.findIndex((n) => n.value === value);
    if (i < 0) return null;
    const n = typed.number[i]!;
    return {
      from: 'intent',
      pieces: [{ mention: mentionAt(reader, 'number', n.at, n.text, i), casing: 'as-said' }],
      as: 'number',
    };
  }
  if (typeof value !== 'string') return null;
  const email = typed.email.findIndex((e) => e.value === value);
  if (email >= 0) {
    const e = typed.email[email]!;
    return {
      from: 'intent',
      pieces: [{ mention: mentionAt(reader, 'email', e.at, e.text, email), casing: 'as-said' }],
      as: 'string',
    };
  }
  if (Array.isArray(schema?.enum) && schema.enum.includes(value)) {
    return wordSpan(request, value.replace(/[_-]/g, ' ')) >= 0 || wordSpan(request, value) >= 0
      ? { from: 'enum', members: schema.enum.filter((m): m is string => typeof m === 'string') }
      : null;
  }
  // Dates and times inside a value: `2026-12-03T14:00:00` is the request's date and time.
  const pieces: Piece[] = [];
  let rest = value;
  let said = false;
  const part = /(\d{4}-\d{2}-\d{2})|((?<![\d:])\d{2}:\d{2})/;
  for (let m = part.exec(rest); m; m = part.exec(rest)) {
    if (m.index) pieces.push(rest.slice(0, m.index));
    const kind = m[1] ? 'date' : 'time';
    const list = typed[kind];
    const i = list.findIndex((d) => d.value === m![0]);
    if (i >= 0) {
      pieces.push({ mention: mentionAt(reader, kind, list[i]!.at, list[i]!.text, i), casing: 'as-said' });
      said = true;
    } else pieces.push(m[0]);
    rest = rest.slice(m.index + m[0].length);
  }
  if (said) {
    if (rest) pieces.push(rest);
    return { from: 'intent', pieces, as: 'string' };
  }
  const number = typed.number.findIndex((n) => n.text === value);
  if (number >= 0) {
    const n = typed.number[number]!;
    return {
      from: 'intent',
      pieces: [{ mention: mentionAt(reader, 'number', n.at, n.text, number), casing: 'as-said' }],
      as: 'string',
    };
  }
  const at = wordSpan(request, value);
  if (at < 0 || typed.email.some((e) => at >= e.at && at < e.at + e.text.length)) return null;
  const saidText = request.slice(at, at + value.trim().length);
  return {
    from: 'intent',
    pieces: [{ mention: mentionAt(reader, 'text', at, saidText, -1), casing: casingOf(saidText, value.trim()) }],
    as: 'string',
  };
}

interface Context {
  reader: Reader;
  graph: Pick<ToolGraph, 'tools' | 'edges'>;
  steps: RecordedStep[];
  tool: Tool;
}

/** A value found in an earlier result: the edge's producer first, then the latest step. */
function fromResult(ctx: Context, value: unknown, param: string): ArgSource | null {
  const { steps, graph, tool, reader } = ctx;
  const edges = graph.edges.filter((e) => e.kind === 'dependency' && e.toTool === tool.name && e.toParam === param);
  const candidates: { step: number; path: (PathStep & { element?: unknown })[]; score: number }[] = [];
  steps.forEach((step, index) => {
    for (const { steps: path } of pathsTo(step.result, value)) {
      const last = path[path.length - 1];
      if (!traceable(value, param, last?.kind === 'key' ? last.key : undefined)) continue;
      const pattern = formatFieldPath(path, { anyElement: true });
      const onEdge = edges.some((e) => e.kind === 'dependency' && e.fromTool === step.tool && e.fromPath === pattern);
      candidates.push({ step: index, path, score: (onEdge ? 1000 : 0) + index * 10 - path.length });
    }
  });
  const best = candidates.sort((a, b) => b.score - a.score)[0];
  if (!best) return null;
  const path: RefStep[] = best.path.map((s) => {
    if (s.kind === 'key') return { kind: 'key', key: s.key };
    if (s.pick.by !== 'index') return { kind: 'element', pick: s.pick };
    // The element the request named ("my home calendar"), else the first, else by place.
    const element = isObject(s.element) ? s.element : {};
    const labels = [...LABEL_FIELDS, ...Object.keys(element).filter((k) => /(^|_)(name|title)$/.test(k))];
    for (const field of labels) {
      const label = element[field];
      if (typeof label !== 'string') continue;
      const at = wordSpan(reader.request, label);
      if (at >= 0) {
        const said = reader.request.slice(at, at + label.trim().length);
        return { kind: 'said-pick', field, mention: mentionAt(reader, 'text', at, said, -1) };
      }
    }
    return { kind: 'element', pick: s.pick.index === 0 ? { by: 'first' } : s.pick };
  });
  return { from: 'result', step: best.step, path };
}

function sourceOf(ctx: Context, value: unknown, param: string, schema: JsonSchema | undefined): ArgSource {
  const edgeFed = ctx.graph.edges.some(
    (e) => e.kind === 'dependency' && e.toTool === ctx.tool.name && e.toParam === param,
  );
  if (edgeFed) {
    const ref = fromResult(ctx, value, param);
    if (ref) return ref;
  }
  const said = fromRequest(ctx.reader, value, schema);
  if (said) return said;
  if (Array.isArray(value)) {
    const items = (schema?.items ?? undefined) as JsonSchema | undefined;
    return { from: 'array', items: value.map((v) => sourceOf(ctx, v, param, items)) };
  }
  if (isObject(value)) {
    const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    return {
      from: 'object',
      entries: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sourceOf(ctx, v, k, properties[k])])),
    };
  }
  return fromResult(ctx, value, param) ?? { from: 'constant', value };
}

/** A result that says the call failed: `{"error": …}`. */
const failed = (result: unknown) => isObject(result) && (Boolean(result.error) || result.isError === true);

/** The text of a turn's content (imports keep it as a string). */
const textOf = (content: unknown) => (typeof content === 'string' ? content : '');

/**
 * A trajectory read as a recorded request on a graph, or null: one without a user message or a
 * call to the graph's tools, and one that failed, is no example to follow. Calls to tools the
 * graph lacks are left out (values from their results count as constants).
 */
export function recordedRequestOf(
  trajectory: Pick<Trajectory, 'id' | 'title' | 'turns'> & { outcome?: Trajectory['outcome'] },
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
): RecordedRequest | null {
  if (trajectory.outcome?.status === 'failure') return null;
  const request = textOf(trajectory.turns.find((t) => t.role === 'user')?.content).trim();
  if (!request) return null;
  const tools = new Map(graph.tools.map((t) => [t.name, t]));
  const results = new Map<string, unknown>();
  for (const turn of trajectory.turns)
    if (turn.role === 'tool' && turn.toolCallId) results.set(turn.toolCallId, parseJson(turn.content));
  const calls = trajectory.turns.flatMap((t) => (t.role === 'assistant' ? (t.toolCalls ?? []) : []));
  // The dates a request gives without a year are read in the year its calls used.
  const year = JSON.stringify(calls.map((c) => c.args)).match(/\b(\d{4})-\d{2}-\d{2}/)?.[1];
  const typed = typedMentionsIn(request, year ? `${year}-01-01` : undefined);
  const reader: Reader = { request, mentions: [], typed };
  const steps: RecordedStep[] = [];
  for (const call of calls) {
    const tool = tools.get(call.name);
    const result = results.get(call.id);
    // A call that failed is no step to repeat (the recording's retry, if any, is).
    if (!tool || failed(result)) continue;
    // Parsers give the arguments as an object; a record may still hold them as JSON text.
    const given = typeof call.args === 'string' ? parseJson(call.args) : call.args;
    const args = isObject(given) ? given : {};
    const properties = (tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
    const ctx: Context = { reader, graph, steps, tool };
    const sources = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, sourceOf(ctx, v, k, properties[k])]));
    steps.push({ tool: tool.name, args, sources, result });
  }
  if (!steps.length) return null;
  // Unused typed mentions still vary from request to request: they are kept, unused.
  for (const kind of ['email', 'date', 'time', 'number'] as const)
    typed[kind].forEach((m, i) => {
      if (!reader.mentions.some((x) => x.at === m.at))
        reader.mentions.push({ kind, at: m.at, text: m.text, index: i, used: false });
    });
  return { trajectoryId: trajectory.id, title: trajectory.title, request, mentions: reader.mentions, steps };
}
