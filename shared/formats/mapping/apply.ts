import type { Outcome, ToolCall, TrajectoryMetadata, Turn, TurnRole } from '../../domain';
import { isObject } from '../../json';
import { detectFormat, parseRecord, unknownRecordMessage } from '../trajectories/registry';
import { parseArguments, RecordError, type ParsedRecord } from '../trajectories/records';
import { fromRecord, parsePath, pathText, runValue, selectAll, selectEntries, selectOne, type Segment } from './path';
import { mapsTurns, type TrajectoryMapping } from './schema';
import { callsInText } from './text-calls';
import { declaredToolsOf, messagesToTurns, readMessages, type Message } from '../messages';

export const BY_ORDER_NOTE = 'tool results were paired with calls by order: the mapping names no call id';

/**
 * The trajectories a mapping finds in one record: one per run, each with its turns, calls paired
 * with results, outcome, model, task id, declared tools, and the run's other fields as metadata.
 * A mapping without `messages` lets the reader that claims each run read its turns, and adds the rest.
 * Throws a {@link RecordError} when the record holds no run or a run holds no messages.
 */
export function applyMapping(mapping: TrajectoryMapping, record: unknown): ParsedRecord[] {
  return mappedRuns(mapping, record).map(({ run, at }) =>
    mapsTurns(mapping) ? mapRun(mapping, run, record, at) : overlayMapping(mapping, parseByReader(run), run, record),
  );
}

/** The runs of a record with where each is (`data.runs[3]`; `$` for the record itself). */
export function mappedRuns(mapping: TrajectoryMapping, record: unknown): { run: unknown; at: Segment[] }[] {
  const found = selectEntries(record, mapping.runs);
  // A path to an array names its elements: `runs` and `runs[*]` are the same runs.
  const runs = found.flatMap(({ value, at }) =>
    Array.isArray(value) && mapping.runs !== '$'
      ? (value as unknown[]).map((run, index) => ({ run, at: [...at, { index }] }))
      : [{ run: value, at }],
  );
  if (!runs.length) throw new RecordError(`no runs at "${mapping.runs}" (the mapping's "runs")`);
  return runs;
}

function parseByReader(run: unknown): ParsedRecord {
  const format = detectFormat(run);
  if (!format) throw new RecordError(unknownRecordMessage(run));
  return parseRecord(format, run);
}

/** Adds a mapping's outcome, model, task id and harness to what a reader made of a run. */
export function overlayMapping(
  mapping: TrajectoryMapping,
  parsed: ParsedRecord,
  run: unknown,
  record: unknown = run,
): ParsedRecord {
  const outcome = mappedOutcome(mapping, run, record);
  return {
    ...parsed,
    ...(outcome ? { outcome } : {}),
    metadata: { ...parsed.metadata, ...runMetadata(mapping, run, record), mapping: mapping.name },
  };
}

function mapRun(
  mapping: TrajectoryMapping & { messages: string },
  run: unknown,
  record: unknown,
  at: Segment[],
): ParsedRecord {
  const lists = selectEntries(run, mapping.messages);
  const messages = lists.flatMap(({ value, at: inRun }) =>
    Array.isArray(value)
      ? (value as unknown[]).map((message, index) => ({ message, at: [...at, ...inRun, { index }] }))
      : [{ message: value, at: [...at, ...inRun] }],
  );
  if (!messages.length) throw new RecordError(`no messages at "${mapping.messages}" (the mapping's "messages")`);
  const read = mapping.shape ? providerTurns(mapping.shape, lists, at) : fieldTurns(mapping, messages);
  const outcome = mappedOutcome(mapping, run, record);
  const system = mapping.system ? textOf(runValue(run, record, mapping.system)) : undefined;
  return {
    turns: system ? [{ role: 'system', content: system }, ...read.turns] : read.turns,
    tools: mapping.tools ? declaredToolsOf(runValue(run, record, mapping.tools)) : [],
    ignored: read.ignored,
    ...(outcome ? { outcome } : {}),
    metadata: {
      ...otherFields(run, [mapping.messages, mapping.tools, mapping.system]),
      ...(mapping.runs === '$' ? {} : otherFields(record, [mapping.runs])),
      ...runMetadata(mapping, run, record),
      mapping: mapping.name,
    },
    ...(read.notes.length ? { notes: read.notes } : {}),
  };
}

interface ReadTurns {
  turns: Turn[];
  ignored: string[];
  notes: string[];
}

/** Provider messages read by the message layer: every list's messages, then paired by id as one conversation. */
function providerTurns(
  shape: NonNullable<TrajectoryMapping['shape']>,
  lists: { value: unknown; at: Segment[] }[],
  runAt: Segment[],
): ReadTurns {
  const messages: Message[] = [];
  const ignored: string[] = [];
  const notes: string[] = [];
  for (const { value, at } of lists) {
    const read = readMessages(value, { ...(shape === 'detect' ? {} : { shape }), at: pathText([...runAt, ...at]) });
    messages.push(...read.messages);
    ignored.push(...read.ignored);
    notes.push(...read.notes);
  }
  const paired = messagesToTurns(messages);
  return { turns: paired.turns, ignored, notes: [...new Set([...notes, ...paired.notes])] };
}

/** Messages read field by field as the mapping says: role, content, calls (from a field or the text), results. */
function fieldTurns(mapping: TrajectoryMapping, messages: { message: unknown; at: Segment[] }[]): ReadTurns {
  const turns: Turn[] = [];
  const ignored: string[] = [];
  const read = readFields(mapping);
  const unanswered: string[] = [];
  let byOrder = false;
  let callNumber = 0;
  for (const { message, at: where } of messages) {
    const path = pathText(where);
    if (!isObject(message)) {
      ignored.push(`${path} (not an object)`);
      continue;
    }
    const role = roleOf(mapping, selectOne(message, mapping.role));
    if (!role) {
      ignored.push(
        `${path} (its ${mapping.role} "${textOf(selectOne(message, mapping.role)) ?? ''}" is mapped to no role)`,
      );
      continue;
    }
    for (const key of Object.keys(message))
      if (!read.has(key) && message[key] !== null && message[key] !== undefined) ignored.push(`${path}.${key}`);
    const turn: Turn = { role };
    let content = textOf(selectAll(message, mapping.content));
    let calls: ToolCall[] = [];
    if (mapping.calls?.from === 'field') {
      const spec = mapping.calls;
      calls = selectAll(message, spec.path)
        .flatMap((c) => (Array.isArray(c) ? (c as unknown[]) : [c]))
        // A call names its tool or passes arguments: a message read as its own call ("$") without either makes none.
        .filter((c) => selectOne(c, spec.name) !== undefined || selectOne(c, spec.args) !== undefined)
        .map((c) => {
          const id = selectOne(c, spec.id ?? 'id');
          return {
            id: typeof id === 'string' || typeof id === 'number' ? String(id) : '',
            name: textOf(selectOne(c, spec.name)) ?? '',
            args: parseArguments(selectOne(c, spec.args)),
          };
        });
    } else if (mapping.calls?.from === 'text' && role === 'assistant' && content) {
      const found = callsInText(content, mapping.calls.style);
      if (found.thought) turn.thought = found.thought;
      content = found.content;
      calls = found.calls.map((c) => ({ id: c.id ?? '', name: c.name, args: c.args }));
    }
    if (content !== undefined) turn.content = content;
    if (calls.length) {
      for (const call of calls) {
        call.id ||= `call_${++callNumber}`;
        unanswered.push(call.id);
      }
      turn.toolCalls = calls;
    }
    if (role === 'tool' && !mapping.results?.in) {
      const id = mapping.results?.callId ? selectOne(message, mapping.results.callId) : undefined;
      if (typeof id === 'string' || typeof id === 'number') {
        turn.toolCallId = String(id);
        const answered = unanswered.indexOf(String(id));
        if (answered >= 0) unanswered.splice(answered, 1);
      } else if (unanswered.length) {
        turn.toolCallId = unanswered.shift();
        byOrder = true;
      }
    }
    turns.push(turn);
    // Results the message holds beside its calls: each a tool turn after it.
    const held = mapping.results?.in;
    if (held)
      for (const result of selectAll(message, held).flatMap((r) => (Array.isArray(r) ? (r as unknown[]) : [r]))) {
        const { callId, content: contentPath } = mapping.results!;
        const id = callId ? selectOne(result, callId) : undefined;
        const named = typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
        const answers = named ?? unanswered[0];
        // A result answering a call of its own message is paired by where it is, not guessed by order.
        if (named === undefined && answers !== undefined && !calls.some((c) => c.id === answers)) byOrder = true;
        const at = answers === undefined ? -1 : unanswered.indexOf(answers);
        if (at >= 0) unanswered.splice(at, 1);
        const text = textOf(contentPath ? selectAll(result, contentPath) : result);
        // A result no call is left to answer is still kept, answering none.
        turns.push({
          role: 'tool',
          ...(text !== undefined ? { content: text } : {}),
          ...(answers !== undefined ? { toolCallId: answers } : {}),
        });
      }
  }
  return { turns, ignored, notes: byOrder ? [BY_ORDER_NOTE] : [] };
}

/** The top-level fields of a message the mapping reads. */
function readFields(mapping: TrajectoryMapping): Set<string> {
  const paths = [mapping.role, mapping.content];
  const calls = mapping.calls;
  // Calls read from the message itself ("$") name their fields at its top level.
  if (calls?.from === 'field')
    paths.push(calls.path, ...(topKey(calls.path) ? [] : [calls.name, calls.args, calls.id ?? 'id']));
  if (mapping.results?.in) paths.push(mapping.results.in);
  else if (mapping.results?.callId) paths.push(mapping.results.callId);
  return new Set(paths.flatMap((p) => topKey(p) ?? []));
}

function topKey(path: string): string | null {
  const first = parsePath(path)[0];
  return first && 'key' in first ? first.key : null;
}

/** A run's fields besides what turns hold (its messages, tools, system prompt): kept as metadata, so nothing it said is lost. */
function otherFields(value: unknown, held: (string | undefined)[]): TrajectoryMetadata {
  let rest = value;
  for (const path of held) if (path && !fromRecord(path)) rest = without(rest, parsePath(path));
  return isObject(rest) ? Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) : {};
}

/** The value with what `path` names taken out (its siblings kept); objects on the way are copied, never changed. */
function without(value: unknown, path: readonly Segment[]): unknown {
  const [first, ...rest] = path;
  if (!first) return undefined;
  if ('key' in first) {
    if (!isObject(value) || !Object.hasOwn(value, first.key)) return value;
    const copy = { ...value };
    const inner = rest.length ? without(value[first.key], rest) : undefined;
    if (inner === undefined || (isObject(inner) && !Object.keys(inner).length)) delete copy[first.key];
    else copy[first.key] = inner;
    return copy;
  }
  if (!Array.isArray(value)) return value;
  const every = 'every' in first;
  return (value as unknown[]).map((v, i) => (every || i === first.index ? without(v, rest) : v));
}

function runMetadata(mapping: TrajectoryMapping, run: unknown, record: unknown): TrajectoryMetadata {
  const model = mapping.model ? textOf(runValue(run, record, mapping.model)) : undefined;
  const taskId = mapping.taskId ? textOf(runValue(run, record, mapping.taskId)) : undefined;
  return {
    harness: mapping.harness ?? mapping.name,
    ...(model ? { model } : {}),
    ...(taskId ? { task_id: taskId } : {}),
  };
}

/** The role a message's role value means: the one whose names list it, else the value itself when it is a role. */
export function roleOf(mapping: Pick<TrajectoryMapping, 'roles'>, value: unknown): TurnRole | null {
  if (typeof value !== 'string') return null;
  for (const [role, names] of Object.entries(mapping.roles) as [TurnRole, string[]][])
    if (names.includes(value)) return role;
  const lower = value.toLowerCase();
  return lower === 'user' || lower === 'assistant' || lower === 'system' || lower === 'tool' ? lower : null;
}

/** A run's verdict from the mapping's field: success when its value is one listed (or at least the bound). */
export function mappedOutcome(mapping: TrajectoryMapping, run: unknown, record: unknown = run): Outcome | undefined {
  if (!mapping.outcome) return undefined;
  const { path, success } = mapping.outcome;
  const raw = runValue(run, record, path);
  if (raw === undefined || raw === null) return undefined;
  const value = typeof raw === 'object' ? JSON.stringify(raw).slice(0, 200) : (raw as string | number | boolean);
  let status: Outcome['status'];
  if (Array.isArray(success))
    status = success.some((s) => s === raw || String(s) === String(raw)) ? 'success' : 'failure';
  else {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
    status = Number.isNaN(n) ? 'unknown' : n >= success.atLeast ? 'success' : 'failure';
  }
  return { status, by: path.replace(/^\$\.?/, ''), value };
}

/** Text from what a content path reached: strings, parts with `text`, arrays of them joined; other values as JSON. */
export function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((t): t is string => t !== undefined);
    return parts.length ? parts.join('\n') : undefined;
  }
  if (isObject(value) && typeof value.text === 'string') return value.text;
  return JSON.stringify(value);
}
