// Codex CLI writes a session ("rollout") as JSON Lines in ~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl.
// Read from openai/codex: codex-rs/protocol/src/protocol.rs (RolloutLine {timestamp, type, payload}, RolloutItem:
// session_meta, response_item, compacted, turn_context, event_msg; SessionMeta, TurnContextItem, TokenCountEvent),
// protocol/src/models.rs (ResponseItem: the Responses API items, FunctionCallOutputPayload as a string, content
// items, or {content, success}), core/src/rollout/recorder.rs and policy.rs (which events are written) for
// rust-v0.1 to 0.128; the rollouts before session_meta (0.1–0.2x: a first line {id, timestamp, instructions, git}
// then the items themselves and {record_type: "state"} lines); and exec/src/exec_events.rs for `codex exec --json`
// (thread.started, item.completed with agent_message, reasoning, command_execution, file_change, mcp_tool_call…);
// and the TypeScript CLI before it (codex-cli/src/utils/storage/save-rollout.ts: one JSON document, {session:
// {timestamp, id, instructions}, items: [Responses items]}).
import type { Outcome, Turn, TrajectoryMetadata } from '../../domain';
import { isObject } from '../../json';
import { declaredToolsOf, messagesToTurns, readMessages } from '../messages';
import type { Message, MessageShape } from '../messages/types';
import { defineFormat } from './descriptor';
import type { ParsedRecord } from './records';
import { fromCodexExec, isExecStart } from './codex-exec';
import { fromLegacyExec, isLegacyExecStart } from './codex-exec-legacy';

type Line = Record<string, unknown>;

const ROLLOUT_TYPES = new Set(['session_meta', 'response_item', 'compacted', 'turn_context', 'event_msg']);
/** What session_meta says about the run, by the names Trellis keeps them under. */
const META_FIELDS = [
  ['id', 'session_id'],
  ['cwd', 'cwd'],
  ['originator', 'originator'],
  ['cli_version', 'cli_version'],
  ['source', 'source'],
  ['model_provider', 'model_provider'],
  ['forked_from_id', 'forked_from_id'],
  ['agent_nickname', 'agent_nickname'],
  ['agent_role', 'agent_role'],
  ['git', 'git'],
] as const;

const COMPACTED_NOTE =
  'Codex compactions are kept in the metadata ("compactions"); the turns are the whole session as it happened, not the history the model saw after one.';

const ROLLBACK_NOTE =
  'Codex rollbacks (thread_rolled_back) take the last user turns out of the session as Codex does; the turns they took back are kept in the metadata ("rollbacks").';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** One provider message read by the message layer, the paths it could not read given from where it sits. */
function readOne(message: unknown, shape: MessageShape, at: string) {
  const read = readMessages([message], { shape });
  return { ...read, ignored: read.ignored.map((path) => at + path.slice('[0]'.length)) };
}

/** The first line of a rollout: session_meta (or any rollout line), or the first line of the rollouts before it. */
function isRolloutStart(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (typeof value.type === 'string' && ROLLOUT_TYPES.has(value.type))
    return isObject(value.payload) && typeof value.timestamp === 'string';
  // 0.1–0.2x: {id, timestamp, instructions, git?} and nothing else.
  return (
    typeof value.id === 'string' &&
    typeof value.timestamp === 'string' &&
    Object.keys(value).every((k) => ['id', 'timestamp', 'instructions', 'git'].includes(k))
  );
}

function between(from: unknown, to: unknown): Turn['timing'] | undefined {
  const start = typeof from === 'string' ? Date.parse(from) : NaN;
  const end = typeof to === 'string' ? Date.parse(to) : NaN;
  return end >= start ? { startedAt: from as string, durationMs: end - start } : undefined;
}

interface Reading {
  messages: Message[];
  metadata: TrajectoryMetadata;
  ignored: string[];
  notes: Set<string>;
  tools: ParsedRecord['tools'];
  models: string[];
  /** Where the current model response's messages begin: a token_count closes it. */
  responseStart: number;
  calledAt: Map<string, unknown>;
  /** The last event that ended a turn: task_complete, turn_aborted, error. */
  ending?: Outcome;
  /** The messages that start a user turn (the user's own words, not the context Codex sends as user messages). */
  userTurns: Set<Message>;
}

/** Context Codex sends in user messages (environment, AGENTS.md, a shell command's output…): no user turn of its own. */
const isContextMessage = (content: string) =>
  /^\s*<([a-z_]+)>[\s\S]*<\/\1>\s*$/.test(content) || content.startsWith('# AGENTS.md instructions');

/**
 * A rollback (thread_rolled_back {num_turns}) takes the last user turns out of the history, as Codex's
 * user_message_positions_in_rollout counts them; what it took is kept beside the session.
 */
function rollBack(event: Line, reading: Reading): void {
  closeResponse(reading);
  const starts = reading.messages.flatMap((m, i) => (reading.userTurns.has(m) ? [i] : []));
  const n = typeof event.num_turns === 'number' ? event.num_turns : 0;
  const cut = n > 0 ? starts[Math.max(0, starts.length - n)] : undefined;
  const taken = cut === undefined ? [] : reading.messages.splice(cut);
  reading.responseStart = reading.messages.length;
  ((reading.metadata.rollbacks ??= []) as unknown[]).push({
    num_turns: event.num_turns,
    turns: messagesToTurns(taken).turns,
  });
  reading.notes.add(ROLLBACK_NOTE);
}

/** The session's own fields: its id, where and by what it ran, and the system prompt it began with. */
function readSessionMeta(meta: Line, reading: Reading): void {
  for (const [key, name] of META_FIELDS)
    if (meta[key] !== undefined && meta[key] !== null) reading.metadata[name] = meta[key];
  // base_instructions is the system prompt the model was given; `instructions` were the user's (AGENTS.md), which
  // the items send again as a user message from 0.3x on.
  const base = isObject(meta.base_instructions) ? text(meta.base_instructions.text) : undefined;
  if (base) reading.messages.push({ role: 'system', content: base });
  if (text(meta.instructions)) reading.metadata.user_instructions = meta.instructions;
  reading.tools.push(...declaredToolsOf(meta.dynamic_tools));
}

/** The TypeScript Codex CLI's session ({timestamp, id, instructions, model?, provider?, lastResponseId?}). */
function readTypeScriptSession(session: Line, reading: Reading): void {
  readSessionMeta(session, reading);
  if (typeof session.model === 'string' && session.model) reading.models.unshift(session.model);
  if (typeof session.provider === 'string' && session.provider) reading.metadata.model_provider = session.provider;
  if (typeof session.lastResponseId === 'string' && session.lastResponseId)
    reading.metadata.last_response_id = session.lastResponseId;
}

/**
 * A tool output as Codex wrote it: the {content, success, is_user_feedback} object some versions wrote is read
 * as its content (the model was sent the content alone), a failure kept as the result's error mark.
 */
function normalOutput(item: Line): Line {
  const output = typeof item.type === 'string' && item.type.endsWith('_call_output') ? item.output : undefined;
  if (!isObject(output) || typeof output.content !== 'string') return item;
  return { ...item, output: output.content, ...(output.success === false ? { success: false } : {}) };
}

function readItem(item: Line, at: string, timestamp: unknown, reading: Reading): void {
  if (item.type === 'ghost_snapshot' || item.type === 'compaction' || item.type === 'compaction_summary') return;
  const { success, ...read } = normalOutput(item);
  const got = readOne(read, 'openai-responses', at);
  reading.ignored.push(...got.ignored);
  for (const note of got.notes) reading.notes.add(note);
  for (const m of got.messages) {
    for (const call of m.toolCalls ?? []) reading.calledAt.set(call.id, timestamp);
    const timing = m.toolCallId ? between(reading.calledAt.get(m.toolCallId), timestamp) : undefined;
    const failed = success === false ? { isError: true } : {};
    const message = { ...m, ...(timing ? { timing } : {}), ...failed };
    if (m.role === 'user' && !isContextMessage(m.content ?? '')) reading.userTurns.add(message);
    reading.messages.push(message);
  }
}

/**
 * Closes the messages since the last close: Codex writes a response's reasoning, text and each call
 * as items of their own. Closed by a token_count (one model response, whose usage it gives), the
 * window's assistant messages are one, its results after it; otherwise only neighbours are joined.
 */
function closeResponse(reading: Reading, usage?: Record<string, unknown>): void {
  const from = reading.responseStart;
  const out = reading.messages.slice(0, from);
  let open: Message | undefined;
  let openAt = -1;
  for (const m of reading.messages.slice(from)) {
    const joins = open && (out.at(-1) === open || (usage && out.slice(openAt + 1).every((r) => r.role === 'tool')));
    if (m.role !== 'assistant') out.push(m);
    else if (open && joins) {
      const content = [open.content, m.content].filter((t) => t).join('\n\n');
      const thought = [open.thought, m.thought].filter((t) => t).join('\n\n');
      const calls = [...(open.toolCalls ?? []), ...(m.toolCalls ?? [])];
      Object.assign(
        open,
        content ? { content } : {},
        thought ? { thought } : {},
        calls.length ? { toolCalls: calls } : {},
      );
    } else {
      open = { ...m };
      openAt = out.push(open) - 1;
    }
  }
  if (open && usage && typeof usage.input_tokens === 'number' && typeof usage.output_tokens === 'number')
    open.tokens = { prompt: usage.input_tokens, completion: usage.output_tokens };
  reading.messages = out;
  reading.responseStart = out.length;
}

/** The events Codex writes beside the items: most echo them for its UI; usage, turn ends and errors are kept. */
function readEvent(event: Line, reading: Reading): void {
  if (event.type === 'token_count') {
    const info = isObject(event.info) ? event.info : undefined;
    const usage = info ? info.last_token_usage : typeof event.input_tokens === 'number' ? event : undefined;
    if (info?.total_token_usage) reading.metadata.total_token_usage = info.total_token_usage;
    if (isObject(usage)) closeResponse(reading, usage);
  } else if (event.type === 'task_complete' || event.type === 'turn_complete')
    reading.ending = { status: 'unknown', by: 'Codex turn end', value: 'complete' };
  else if (event.type === 'turn_aborted')
    reading.ending = {
      status: 'unknown',
      by: 'Codex turn end',
      value: `aborted${event.reason ? `: ${String(event.reason)}` : ''}`,
    };
  else if (event.type === 'error' || event.type === 'stream_error') {
    const message = text(event.message) ?? JSON.stringify(event);
    ((reading.metadata.errors ??= []) as unknown[]).push(message);
    if (event.type === 'error') reading.ending = { status: 'failure', by: 'Codex error', value: message };
  } else if (event.type === 'thread_rolled_back') rollBack(event, reading);
}

function readLine(line: Line, at: string, reading: Reading): void {
  const payload = isObject(line.payload) ? line.payload : {};
  if (line.type === 'session_meta') readSessionMeta(payload, reading);
  else if (line.type === 'response_item') readItem(payload, `${at}.payload`, line.timestamp, reading);
  else if (line.type === 'event_msg') readEvent(payload, reading);
  else if (line.type === 'turn_context') {
    if (typeof payload.model === 'string' && !reading.models.includes(payload.model))
      reading.models.push(payload.model);
    // The first turn's context (model, policies, effort); the instructions in it are sent again as messages.
    reading.metadata.turn_context ??= Object.fromEntries(
      Object.entries(payload).filter(
        ([k]) => !['user_instructions', 'developer_instructions', 'base_instructions'].includes(k),
      ),
    );
  } else if (line.type === 'compacted') {
    ((reading.metadata.compactions ??= []) as unknown[]).push({ timestamp: line.timestamp, message: payload.message });
    reading.notes.add(COMPACTED_NOTE);
  }
}

/**
 * A Codex rollout: its response items read as OpenAI Responses items (calls and outputs paired by
 * `call_id`), each model response's items one assistant turn with the usage its token_count gave,
 * the session's base instructions as the system turn; UI echoes (event_msg) are not turns again.
 */
export function fromCodexRollout(record: Record<string, unknown>): ParsedRecord {
  const key = Array.isArray(record.rollout) ? 'rollout' : 'items';
  const lines = record[key] as unknown[];
  const reading: Reading = {
    messages: [],
    metadata: { harness: 'codex-cli' },
    ignored: [],
    notes: new Set(),
    tools: [],
    models: [],
    responseStart: 0,
    calledAt: new Map(),
    userTurns: new Set(),
  };
  lines.forEach((line, i) => {
    const at = `${key}[${i}]`;
    if (!isObject(line)) return reading.ignored.push(`${at} (not a JSON object)`);
    if (typeof line.type === 'string' && ROLLOUT_TYPES.has(line.type) && 'payload' in line) readLine(line, at, reading);
    else if (key === 'rollout' && i === 0 && isRolloutStart(line)) readSessionMeta(line, reading);
    else if (line.record_type === 'state') return;
    else readItem(line, at, line.timestamp, reading);
  });
  if (isObject(record.session)) readTypeScriptSession(record.session, reading);
  closeResponse(reading);
  const { turns, notes } = messagesToTurns(reading.messages);
  if (reading.models.length) reading.metadata.model = reading.models[0];
  if (reading.models.length > 1) reading.metadata.models = reading.models;
  return {
    turns,
    tools: reading.tools,
    ignored: reading.ignored,
    ...(reading.ending ? { outcome: reading.ending } : {}),
    metadata: reading.metadata,
    notes: [...reading.notes, ...notes],
  };
}

export const codexCliFormat = defineFormat({
  id: 'codex-cli',
  label: 'Codex CLI session',
  recognisedBy:
    "JSON Lines of {timestamp, type: session_meta|response_item|event_msg|turn_context, payload} (~/.codex/sessions rollouts), their older {id, timestamp, instructions} form, the TypeScript CLI's {session, items}, or codex exec --json output (thread.started…, or before it a config summary then {id, msg} events)",
  versions:
    'Codex CLI rust-v0.1–0.128 rollouts (RolloutLine; before session_meta: a first line then Responses items and record_type "state" lines); the TypeScript CLI (npm @openai/codex 0.1) rollout-*.json {session, items}; codex exec --json ThreadEvents (exec_events.rs) and, before them, its config summary, prompt and protocol events',
  detect: (record) =>
    (Array.isArray(record.rollout) && isRolloutStart(record.rollout[0])) ||
    (Array.isArray(record.exec_events) &&
      (isExecStart(record.exec_events[0]) || isLegacyExecStart(record.exec_events[0]))) ||
    (Array.isArray(record.items) && isObject(record.session) && typeof record.session.id === 'string'),
  parse: (record) =>
    !Array.isArray(record.exec_events)
      ? fromCodexRollout(record)
      : isLegacyExecStart(record.exec_events[0])
        ? fromLegacyExec(record.exec_events)
        : fromCodexExec(record.exec_events),
  turnFields: ['rollout', 'exec_events', 'session', 'items'],
  container: {
    events: {
      detect: (first) => isRolloutStart(first) || isExecStart(first) || isLegacyExecStart(first),
      record: (lines) =>
        isExecStart(lines[0]) || isLegacyExecStart(lines[0]) ? { exec_events: lines } : { rollout: lines },
    },
  },
});
