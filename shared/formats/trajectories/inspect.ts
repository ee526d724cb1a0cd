// Read from UKGovernmentBEIS/inspect_ai at 499e6152e7b8fc8cbd8ac5283536572aa6e4ab17 (0.3.260+7, 2026-08-22):
// log/_log.py (EvalLog, EvalSpec, EvalSample, EventsData), model/_chat_message.py (ChatMessageSystem, User,
// Assistant, Tool; the legacy tool_error), _util/content.py (ContentText, ContentReasoning, ContentImage…),
// tool/_tool_call.py (ToolCall, ToolCallError), tool/_tool_info.py and _tool_params.py (ToolInfo),
// event/_model.py and _tool.py (ModelEvent.tools and output, ToolEvent.message_id), log/_condense.py and
// event/_pool.py (attachment:// and the legacy tc:// references, the events_data pools), scorer/_metric.py
// (Score, value_to_float), model/_call_tools.py (tool errors; parse_tool_call keeps {} and the raw text in
// parse_error), model/_openai.py (a tool error reaches the model as "Error: <message>"), log/_recorders/json.py
// and eval.py (the .json log, and the .eval ZIP: _journal/start.json, samples/<id>_epoch_<n>.json,
// _journal/summaries/<n>.json, summaries.json, reductions.json, header.json), _util/zipfile.py (zstd entries
// since 0.3.206, deflate before). The fixtures were recorded by inspect 0.3.260 itself, with
// test/fixtures/trajectories/harness/inspect-0.3.260-census.py.
import type { DeclaredTool, Outcome, ToolCall, TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { declaredTools, parseArguments, RecordError, type ParsedRecord } from './records';

type Json = Record<string, unknown>;

const ROLES: Record<string, Turn['role']> = { system: 'system', user: 'user', assistant: 'assistant', tool: 'tool' };

/** Message fields that carry nothing for a turn: the message id, where it came from, the model that wrote it. */
const QUIET_FIELDS = new Set(['id', 'role', 'source', 'model']);
const READ_FIELDS = new Set(['content', 'tool_calls', 'tool_call_id', 'function', 'error', 'tool_error', 'reasoning']);
/** Content-part fields that carry nothing to import: provider state, a reasoning block's signature. */
const QUIET_PART_FIELDS = new Set([
  'type',
  'text',
  'reasoning',
  'summary',
  'redacted',
  'signature',
  'internal',
  'refusal',
]);

const EVENTS_NOTE =
  "inspect samples' events are read for the tools offered to the model and each turn's tokens and timing; the events themselves (model calls, tool runs, sandbox and scoring steps), their message pools and attachments are not kept.";
const NO_TOOLS_NOTE =
  'inspect samples without model events declare no tools: calls are checked against the graph only.';

/** inspect's value_to_float: the letter grades, booleans, yes/no and numbers as a score between 0 and 1. */
const GRADES: Record<string, number> = { C: 1, P: 0.5, I: 0, N: 0 };

/** The most text one record may hold, as one line of a file may (MAX_LINE_BYTES). */
const MAX_RECORD_TEXT = 32 * 2 ** 20;
/** What references may add to a small sample, whatever its attachments hold. */
const REFERENCE_ALLOWANCE = 2 ** 20;

/** Characters of every string in a value (keys too), counted until `limit` is passed. */
function textLength(value: unknown, limit: number): number {
  let total = 0;
  const walk = (v: unknown): void => {
    if (total > limit) return;
    if (typeof v === 'string') total += v.length;
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v))
      for (const [k, item] of Object.entries(v)) {
        total += k.length;
        walk(item);
      }
  };
  walk(value);
  return total;
}

/**
 * Long text in events, and images anywhere, are written as `attachment://<hash>` (before 0.3.40:
 * `tc://<hash>`) with the content in the sample's `attachments`; every string gets its content back.
 * `added` counts what the references brought in: one short reference may name megabytes, so a
 * sample is measured after resolution, not by its own size.
 */
function attachmentResolver(attachments: unknown): { resolve: (value: unknown) => unknown; added: () => number } {
  const table = isObject(attachments) ? attachments : {};
  let added = 0;
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const prefix = ['attachment://', 'tc://'].find((p) => value.startsWith(p));
      const content = prefix ? table[value.slice(prefix.length)] : undefined;
      if (typeof content !== 'string') return value;
      added += content.length;
      return content;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  return { resolve, added: () => added };
}

/**
 * What a sample's references may bring into its messages and tools: four times what its
 * attachments hold (inspect stores a repeated content once, by its hash), never more than one
 * record may be. A few hundred bytes of zstd can name an 8 MiB attachment 63 times (504 MiB).
 */
function expansionLimit(attachments: unknown): number {
  return Math.min(MAX_RECORD_TEXT, Math.max(REFERENCE_ALLOWANCE, 4 * textLength(attachments, MAX_RECORD_TEXT)));
}

function assertExpansionBounded(added: number, limit: number): void {
  if (added > limit)
    throw new RecordError(
      `its attachment:// references bring more than ${formatMiB(limit)} into its messages and tools (four times what its attachments hold, at most ${formatMiB(MAX_RECORD_TEXT)}); a sample naming one attachment so often is not imported`,
    );
}

function formatMiB(chars: number): string {
  return `${(chars / 2 ** 20).toFixed(1).replace(/\.0$/, '')} MiB`;
}

/** A message's content: a string, or parts of which text is the content and reasoning the thought. */
function contentOf(content: unknown, at: string, ignored: string[]): { text?: string; thought?: string } {
  if (typeof content === 'string') return { text: content };
  if (!Array.isArray(content)) {
    if (content !== undefined && content !== null) ignored.push(`${at}.content (${typeof content})`);
    return {};
  }
  const text: string[] = [];
  const thought: string[] = [];
  content.forEach((part, k) => {
    const type = isObject(part) ? part.type : undefined;
    if (!isObject(part) || (type !== 'text' && type !== 'reasoning')) {
      ignored.push(`${at}.content[${k}] of type ${JSON.stringify(type ?? null)}`);
      return;
    }
    for (const [key, value] of Object.entries(part))
      if (!QUIET_PART_FIELDS.has(key) && value !== null) ignored.push(`${at}.content[${k}].${key}`);
    if (type === 'text' && typeof part.text === 'string') text.push(part.text);
    // A redacted block's reasoning is encrypted: only its summary (if any) is readable.
    const reasoning = part.redacted === true ? part.summary : (part.reasoning ?? part.summary);
    if (type === 'reasoning' && typeof reasoning === 'string' && reasoning) thought.push(reasoning);
  });
  return {
    ...(text.length ? { text: text.join('\n') } : {}),
    ...(thought.length ? { thought: thought.join('\n') } : {}),
  };
}

/** The text parse_tool_call could not read, from the message it keeps (the call's arguments are then {}). */
function unparsedArguments(parseError: string): string | undefined {
  return /^Error parsing the following tool call arguments:\n\n([\s\S]*)\n\nError details: /.exec(parseError)?.[1];
}

function toolCallOf(raw: unknown, fallbackId: string, where: string, at: string, ignored: string[]): ToolCall {
  if (!isObject(raw) || typeof raw.function !== 'string') throw new RecordError(`${where} has no function name`);
  let args = parseArguments(raw.arguments);
  if (typeof raw.parse_error === 'string') {
    const text = unparsedArguments(raw.parse_error);
    if (text !== undefined) args = text;
    else ignored.push(`${at}.parse_error`);
  }
  return { id: typeof raw.id === 'string' ? raw.id : fallbackId, name: raw.function, args };
}

interface Reading {
  turns: Turn[];
  ignored: string[];
  toolErrors: Json[];
  /** Calls not answered yet, for a tool message without a tool_call_id. */
  open: string[];
}

function readMessage(m: unknown, i: number, field: string, reading: Reading): void {
  const at = `${field}[${i}]`;
  if (!isObject(m)) throw new RecordError(`${field} ${i + 1} is not an object`);
  const role = typeof m.role === 'string' ? ROLES[m.role] : undefined;
  if (!role)
    throw new RecordError(
      `${field} ${i + 1} has role ${JSON.stringify(m.role)}; expected system, user, assistant or tool`,
    );
  for (const [key, value] of Object.entries(m)) {
    const empty = value === null || (isObject(value) && !Object.keys(value).length);
    if (QUIET_FIELDS.has(key) || empty) continue;
    // A user message's tool_call_id (a list: the calls whose images it carries) has no place in a turn.
    if (!READ_FIELDS.has(key) || (key === 'tool_call_id' && role !== 'tool')) reading.ignored.push(`${at}.${key}`);
  }
  const { text, thought } = contentOf(m.content, at, reading.ignored);
  if (role === 'tool') {
    const error = isObject(m.error)
      ? m.error
      : typeof m.tool_error === 'string'
        ? { type: 'unknown', message: m.tool_error }
        : null;
    const id = typeof m.tool_call_id === 'string' ? m.tool_call_id : reading.open[0];
    reading.open = reading.open.filter((o) => o !== id);
    if (error) reading.toolErrors.push({ tool_call_id: id ?? null, type: error.type, message: error.message });
    // As inspect hands a failed call's result to the model (and any output the tool gave before it failed).
    const content = error ? [`Error: ${String(error.message)}`, ...(text ? [text] : [])].join('\n\n') : (text ?? '');
    reading.turns.push({ role, content, ...(id ? { toolCallId: id } : {}) });
    return;
  }
  const turn: Turn = { role };
  if (text || (text !== undefined && role !== 'assistant')) turn.content = text;
  const reasoning = thought ?? (typeof m.reasoning === 'string' && m.reasoning ? m.reasoning : undefined);
  if (reasoning) turn.thought = reasoning;
  if (role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length) {
    turn.toolCalls = m.tool_calls.map((c, j) =>
      toolCallOf(
        c,
        `call_${i}_${j}`,
        `message ${i + 1}, tool call ${j + 1}`,
        `${at}.tool_calls[${j}]`,
        reading.ignored,
      ),
    );
    reading.open = turn.toolCalls.map((c) => c.id);
  }
  reading.turns.push(turn);
}

/** What the events say about the turns (by message id) and the tools the model was offered. */
function readEvents(events: unknown[], resolve: (value: unknown) => unknown) {
  const perMessage = new Map<string, Pick<Turn, 'timing' | 'tokens'>>();
  const tools = new Map<string, DeclaredTool>();
  let models = 0;
  for (const event of events) {
    if (!isObject(event)) continue;
    const timing = timingOf(event);
    if (event.event === 'model') {
      models++;
      // Tools can be added as the run goes (a solver's use_tools): every tool offered, in first-offered order.
      for (const t of declaredTools(resolve(event.tools))) if (!tools.has(t.name)) tools.set(t.name, t);
      const output = isObject(event.output) ? event.output : {};
      const choice = Array.isArray(output.choices) ? output.choices[0] : undefined;
      const id = isObject(choice) && isObject(choice.message) ? choice.message.id : undefined;
      const tokens = tokensOf(output.usage);
      if (typeof id === 'string') perMessage.set(id, { ...(timing ? { timing } : {}), ...(tokens ? { tokens } : {}) });
    } else if (event.event === 'tool' && typeof event.message_id === 'string' && timing)
      perMessage.set(event.message_id, { timing });
  }
  return { perMessage, tools: [...tools.values()], models };
}

function timingOf(event: Json): Turn['timing'] | undefined {
  const startedAt = typeof event.timestamp === 'string' ? event.timestamp : undefined;
  const seconds =
    typeof event.working_time === 'number'
      ? event.working_time
      : startedAt && typeof event.completed === 'string'
        ? (Date.parse(event.completed) - Date.parse(startedAt)) / 1000
        : NaN;
  if (!Number.isFinite(seconds)) return undefined;
  return { ...(startedAt ? { startedAt } : {}), durationMs: Math.round(seconds * 1000) };
}

/** ModelUsage counts cached prompt tokens apart (OpenAI's input_tokens leaves them out): the prompt is all three. */
function tokensOf(usage: unknown): Turn['tokens'] | undefined {
  if (!isObject(usage) || typeof usage.input_tokens !== 'number' || typeof usage.output_tokens !== 'number') return;
  const cached = [usage.input_tokens_cache_read, usage.input_tokens_cache_write].reduce<number>(
    (sum, n) => sum + (typeof n === 'number' ? n : 0),
    0,
  );
  return { prompt: Math.round(usage.input_tokens + cached), completion: Math.round(usage.output_tokens) };
}

/** A score's value as value_to_float reads it, or null where it has no such reading (a dict, a word). */
export function scoreValue(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  if (value in GRADES) return GRADES[value]!;
  const lower = value.toLowerCase();
  if (lower === 'yes' || lower === 'true') return 1;
  if (lower === 'no' || lower === 'false') return 0;
  return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
}

/** The first scorer's verdict: full marks succeed, less fail (partial credit too); or the error that halted the sample. */
function outcomeOf(record: Json): Outcome | undefined {
  const scores = isObject(record.scores)
    ? Object.entries(record.scores)
    : isObject(record.score)
      ? [['score', record.score]]
      : [];
  const first = scores.find(([, s]) => isObject(s) && 'value' in s) as [string, Json] | undefined;
  if (first) {
    const [name, { value }] = first;
    const float = scoreValue(value);
    const status = float === 1 ? 'success' : float !== null && float >= 0 && float < 1 ? 'failure' : 'unknown';
    const written =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : JSON.stringify(value);
    return { status, by: `inspect scorer ${name}`, value: written ?? null };
  }
  if (isObject(record.error))
    return {
      status: 'failure',
      by: 'inspect sample error',
      value: typeof record.error.message === 'string' ? record.error.message : null,
    };
  return undefined;
}

/** One EvalSample: its messages as turns, the tools its model events offered, its first score as the outcome. */
export function fromInspect(record: Json, shared?: Record<string, unknown>): ParsedRecord {
  const transcript = isObject(record.transcript) ? record.transcript : {};
  const attachments = record.attachments ?? transcript.content;
  const { resolve, added } = attachmentResolver(attachments);
  const events = Array.isArray(record.events)
    ? record.events
    : Array.isArray(transcript.events)
      ? transcript.events
      : [];
  const reading: Reading = { turns: [], ignored: [], toolErrors: [], open: [] };
  // The messages begin with the input; a sample that failed before it started has only the input.
  const [field, messages] =
    Array.isArray(record.messages) && record.messages.length
      ? ['messages', record.messages]
      : Array.isArray(record.input)
        ? ['input', record.input]
        : ['input', [{ role: 'user', content: record.input }]];
  const resolved = resolve(messages) as unknown[];
  // Before the text is joined into turns: joined, an attachment named often is one huge string.
  const limit = expansionLimit(attachments);
  assertExpansionBounded(added(), limit);
  resolved.forEach((m, i) => readMessage(m, i, field, reading));
  if (!reading.turns.length) throw new RecordError('the sample has no messages and no input');

  const messagesAdded = added();
  // Each model event offers the tools again: only the tools kept count, once.
  const { perMessage, tools, models } = readEvents(events, resolve);
  assertExpansionBounded(messagesAdded + textLength(tools, limit), limit);
  const ids = messages.map((m) => (isObject(m) && typeof m.id === 'string' ? m.id : undefined));
  reading.turns.forEach((turn, i) => Object.assign(turn, perMessage.get(ids[i] ?? '')));

  const output = isObject(record.output) ? record.output : {};
  const model = shared?.model ?? (typeof output.model === 'string' && output.model ? output.model : undefined);
  const metadata: TrajectoryMetadata = {
    harness: 'inspect',
    task_id: String(record.id),
    ...(model ? { model } : {}),
    ...(reading.toolErrors.length ? { tool_errors: reading.toolErrors } : {}),
  };
  const outcome = outcomeOf(record);
  const notes = [...(events.length ? [EVENTS_NOTE] : []), ...(models ? [] : [NO_TOOLS_NOTE])];
  return { turns: reading.turns, tools, ignored: reading.ignored, metadata, notes, ...(outcome ? { outcome } : {}) };
}

/** What every sample of a log keeps of it: which task, model and run it came from, and how the run ended. */
function logShare(log: Record<string, unknown>): Record<string, unknown> {
  const spec = isObject(log.eval) ? log.eval : {};
  const packages = isObject(spec.packages) ? spec.packages : {};
  const dataset = isObject(spec.dataset) ? spec.dataset : {};
  const share: Record<string, unknown> = {
    task: spec.task,
    task_version: spec.task_version,
    task_args: isObject(spec.task_args) && Object.keys(spec.task_args).length ? spec.task_args : undefined,
    dataset: dataset.name,
    model: spec.model,
    eval_id: spec.eval_id,
    run_id: spec.run_id,
    eval_set_id: spec.eval_set_id,
    eval_created: spec.created,
    log_status: log.status,
    inspect_version: packages.inspect_ai,
  };
  return Object.fromEntries(Object.entries(share).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

const isEvalLog = (document: Json) =>
  typeof document.version === 'number' &&
  isObject(document.eval) &&
  typeof document.eval.task === 'string' &&
  typeof document.eval.model === 'string';

const isSampleEntry = (entry: string) => entry.startsWith('samples/') && entry.endsWith('.json');

export const inspectFormat = defineFormat({
  id: 'inspect',
  label: 'inspect eval log',
  recognisedBy:
    'a sample\'s "messages", "epoch", "input" and "target"; a .json log\'s "eval" and "samples"; a .eval archive',
  versions:
    'inspect_ai 0.3.260 (499e6152, 2026-08-22) .json and .eval logs, condensed events (events_data, attachment://); legacy "score", "transcript", "tool_error" and tc:// references',
  detect: (record) =>
    Array.isArray(record.messages) && typeof record.epoch === 'number' && 'input' in record && 'target' in record,
  parse: fromInspect,
  turnFields: ['messages', 'input', 'events', 'events_data', 'attachments', 'timelines', 'transcript'],
  kept: [
    'id',
    'epoch',
    'choices',
    'target',
    'sandbox',
    'files',
    'setup',
    'output',
    'scores',
    'score',
    'metadata',
    'store',
    'model_usage',
    'role_usage',
    'model_fallbacks',
    'started_at',
    'completed_at',
    'total_time',
    'working_time',
    'uuid',
    'invalidation',
    'error',
    'error_retries',
    'limit',
    'turn_count',
    'token_limit',
    'token_limit_type',
    'token_limit_usage',
  ],
  container: {
    recordsIn: (document) =>
      isEvalLog(document)
        ? { records: Array.isArray(document.samples) ? document.samples : [], shared: logShare(document) }
        : null,
    archive: {
      // Every .eval has the journal's start.json (a finished one also header.json): one sample per entry.
      detect: (entries) =>
        entries.includes('_journal/start.json') || (entries.includes('header.json') && entries.some(isSampleEntry)),
      isRecord: isSampleEntry,
      // A log still running (or crashed) has no header yet; its journal's start has the same eval.
      sharedEntries: ['header.json', '_journal/start.json'],
      shareOf: logShare,
    },
  },
});
