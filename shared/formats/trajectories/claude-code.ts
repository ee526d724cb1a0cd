// Claude Code writes a session as JSON Lines, one line per event, in ~/.claude/projects/<project>/<session>.jsonl
// (and, from 2.1, a subagent's run in <session>/subagents/agent-<id>.jsonl). Its writer is not public: read from
// the lines of 1.0 to 2.1 files that public repositories show and the readers that parse them (daaain/
// claude-code-log, simonw/claude-code-transcripts), and from the Claude Agent SDK's message types (SystemMessage,
// AssistantMessage, UserMessage, ResultMessage), which `claude -p --output-format stream-json` prints one per line.
// Every line that holds a message: {type: "user"|"assistant", message: <Anthropic message>, uuid, parentUuid,
// isSidechain, sessionId, cwd, gitBranch, version, timestamp, requestId, toolUseResult, isMeta, …}. One API
// response is written as several lines, one content block each, that share `message.id`. Claude Code on the web
// keeps the same lines as a session's `loglines` (the session_ingress API, as simonw/claude-code-transcripts reads it).
import type { Outcome, Turn, TrajectoryMetadata } from '../../domain';
import { isObject } from '../../json';
import { messagesToTurns, readMessages } from '../messages';
import type { Message, MessageShape } from '../messages/types';
import {
  agentProgressMessage,
  isMessageLine,
  lastBranch,
  sidechainGroups,
  type Line,
  type Placed,
} from './claude-code-threads';
import { defineFormat } from './descriptor';
import type { ParsedRecord } from './records';

/**
 * Lines that hold nothing the model was sent: file backups, the typed-ahead queue, the UI's state (mode,
 * last prompt, quota), progress (a subagent's echoed messages are read from it as its sidechain; a command's
 * or hook's progress says nothing its result does not), streamed partial messages.
 */
const QUIET_TYPES = new Set([
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'stream_event',
  'last-prompt',
  'mode',
  'permission-mode',
  'x-quota',
  'started',
]);

const SIDECHAIN_NOTE =
  'Claude Code subagent (sidechain) messages are kept apart from the main thread, in the metadata\'s "sidechains".';
const ABANDONED_NOTE =
  'Claude Code messages off the session\'s last branch (a rewound or edited conversation) are left out; the metadata\'s "abandoned_lines" counts them.';

/** Bookkeeping lines of a session file, each with the session's id, that may open the file. */
const SESSION_LINE_TYPES = new Set([
  ...QUIET_TYPES,
  'attachment',
  'custom-title',
  'ai-title',
  'agent-name',
  'pr-link',
  'tag',
]);

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** One provider message read by the message layer, the paths it could not read given from where it sits. */
function readOne(message: unknown, shape: MessageShape, at: string) {
  const read = readMessages([message], { shape });
  return { ...read, ignored: read.ignored.map((path) => at + path.slice('[0]'.length)) };
}
const sessionOf = (line: Line) => text(line.sessionId) ?? text(line.session_id);

/** A line Claude Code or its SDK writes, as the first line of a file. */
function isClaudeCodeLine(value: unknown): boolean {
  if (!isObject(value) || typeof value.type !== 'string') return false;
  if (value.type === 'summary') return typeof value.leafUuid === 'string';
  if (value.type === 'file-history-snapshot') return typeof value.messageId === 'string' && isObject(value.snapshot);
  // A session file may open with any of its bookkeeping lines (a PR link, a title, the queue…): each names the session.
  if (value.type === 'system' || value.type === 'result' || SESSION_LINE_TYPES.has(value.type))
    return typeof sessionOf(value) === 'string';
  if (value.type === 'user' || value.type === 'assistant')
    return isObject(value.message) && (typeof sessionOf(value) === 'string' || typeof value.uuid === 'string');
  return false;
}

function millis(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

function between(from: unknown, to: unknown): Turn['timing'] | undefined {
  const start = millis(from);
  const end = millis(to);
  return end >= start ? { startedAt: from as string, durationMs: end - start } : undefined;
}

interface Reading {
  metadata: TrajectoryMetadata;
  ignored: string[];
  notes: Set<string>;
  models: string[];
  apiErrors: { text: string; timestamp: unknown }[];
}

function usageTokens(usage: unknown): Turn['tokens'] | undefined {
  if (!isObject(usage) || typeof usage.output_tokens !== 'number') return undefined;
  const input = ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens']
    .map((k) => (typeof usage[k] === 'number' ? (usage[k] as number) : 0))
    .reduce((a, b) => a + b, 0);
  return { prompt: input, completion: usage.output_tokens };
}

/** One response's lines read as one assistant message: its words, thoughts and calls in block order. */
function joinResponse(parts: Message[]): Message {
  const joined: Message = { role: 'assistant' };
  const said = parts.map((m) => m.content).filter((t): t is string => !!t);
  const thought = parts.map((m) => m.thought).filter((t): t is string => !!t);
  const calls = parts.flatMap((m) => m.toolCalls ?? []);
  if (said.length) joined.content = said.join('\n\n');
  if (thought.length) joined.thought = thought.join('\n\n');
  if (calls.length) joined.toolCalls = calls;
  return joined;
}

/**
 * The messages of a chain of lines: each response's lines joined into one assistant message (timed from
 * the line before it to its last block, with its usage), each tool result timed from the line that called it.
 */
function chainMessages(lines: Placed[], reading: Reading): Message[] {
  const messages: Message[] = [];
  const responses = new Map<unknown, { parts: Message[]; lines: Line[]; slot: number; before?: unknown }>();
  const calledAt = new Map<string, unknown>();
  let previous: unknown;
  for (const { line, at } of lines) {
    const message = line.message as Record<string, unknown>;
    if (line.type === 'assistant' && (line.isApiErrorMessage === true || message.model === '<synthetic>')) {
      const said = readOne(message, 'anthropic', `${at}.message`).messages;
      reading.apiErrors.push({ text: said.map((m) => m.content ?? '').join(''), timestamp: line.timestamp });
      continue;
    }
    const read = readOne(message, 'anthropic', `${at}.message`);
    reading.ignored.push(...read.ignored);
    for (const note of read.notes) reading.notes.add(note);
    if (line.type === 'assistant') {
      if (typeof message.model === 'string' && !reading.models.includes(message.model))
        reading.models.push(message.model);
      for (const call of read.messages.flatMap((m) => m.toolCalls ?? [])) calledAt.set(call.id, line.timestamp);
      const id = message.id ?? line.uuid ?? at;
      const open = responses.get(id);
      if (open) {
        open.parts.push(...read.messages);
        open.lines.push(line);
      } else {
        responses.set(id, { parts: read.messages, lines: [line], slot: messages.length, before: previous });
        messages.push({ role: 'assistant' });
      }
    } else {
      for (const m of read.messages) {
        const timing = m.toolCallId ? between(calledAt.get(m.toolCallId), line.timestamp) : undefined;
        messages.push(timing ? { ...m, timing } : m);
      }
    }
    previous = line.timestamp;
  }
  for (const response of responses.values()) {
    const joined = joinResponse(response.parts);
    const last = response.lines.at(-1)!;
    const timing = between(response.before ?? response.lines[0]!.timestamp, last.timestamp);
    const tokens = usageTokens((last.message as Record<string, unknown>).usage);
    messages[response.slot] = { ...joined, ...(timing ? { timing } : {}), ...(tokens ? { tokens } : {}) };
  }
  return messages.filter((m) => m.role !== 'assistant' || m.content || m.thought || m.toolCalls?.length);
}

function chainTurns(lines: Placed[], reading: Reading): Turn[] {
  const { turns, notes } = messagesToTurns(chainMessages(lines, reading));
  for (const note of notes) reading.notes.add(note);
  return turns;
}

/** What the non-message lines say about the session: its SDK init and result, summaries, titles, system notices. */
function readBookkeeping(line: Line, at: string, reading: Reading): Outcome | undefined {
  const { metadata } = reading;
  if (line.type === 'summary' && typeof line.summary === 'string')
    ((metadata.summaries ??= []) as unknown[]).push(line.summary);
  else if (line.type === 'custom-title' && typeof line.customTitle === 'string') metadata.title = line.customTitle;
  else if (line.type === 'ai-title' && typeof line.aiTitle === 'string') metadata.title ??= line.aiTitle;
  else if (line.type === 'agent-name' || line.type === 'pr-link' || line.type === 'tag') {
    // What the session was named or linked to: the line's own fields, without the session's id it repeats.
    const { type, sessionId: _session, ...fields } = line;
    ((metadata[`${String(type).replace('-', '_')}s`] ??= []) as unknown[]).push(fields);
  } else if (line.type === 'attachment' && line.attachment !== undefined)
    ((metadata.attachments ??= []) as unknown[]).push(line.attachment);
  else if (line.type === 'system' && line.subtype === 'init') {
    if (typeof line.model === 'string') reading.models.unshift(line.model);
    for (const [key, name] of [
      ['tools', 'tools'],
      ['mcp_servers', 'mcp_servers'],
      ['permissionMode', 'permission_mode'],
      ['claude_code_version', 'version'],
      ['cwd', 'cwd'],
    ] as const)
      if (line[key] !== undefined) metadata[name] = line[key];
  } else if (line.type === 'system') {
    const notice = Object.fromEntries(
      ['subtype', 'content', 'level', 'timestamp', 'compactMetadata'].flatMap((k) =>
        line[k] !== undefined ? [[k, line[k]]] : [],
      ),
    );
    ((metadata.system_events ??= []) as unknown[]).push(notice);
  } else if (line.type === 'result') {
    for (const key of [
      'total_cost_usd',
      'num_turns',
      'duration_ms',
      'duration_api_ms',
      'usage',
      'permission_denials',
      'structured_output',
    ])
      if (line[key] !== undefined) metadata[key] = line[key];
    const subtype = text(line.subtype) ?? null;
    const failed = line.is_error === true || (subtype !== null && subtype !== 'success');
    return { status: failed ? 'failure' : 'success', by: 'Claude Code result', value: subtype };
  } else if (!QUIET_TYPES.has(String(line.type))) reading.ignored.push(`${at} (a "${String(line.type)}" line)`);
  return undefined;
}

/** Where the session ran, from the first line that says (the lines repeat it), and where it went after. */
function sessionMetadata(lines: Placed[], metadata: TrajectoryMetadata): void {
  const fields = [
    ['session_id', 'session_ids', (l: Line) => sessionOf(l)],
    ['cwd', 'cwds', (l: Line) => l.cwd],
    ['git_branch', 'git_branches', (l: Line) => l.gitBranch],
    ['version', 'versions', (l: Line) => l.version],
  ] as const;
  for (const [name, plural, get] of fields) {
    const values = [
      ...new Set(lines.map(({ line }) => get(line)).filter((v): v is string => typeof v === 'string' && !!v)),
    ];
    if (values.length) metadata[name] ??= values[0];
    // A session that moved (cd, a checkout, an update mid-session) keeps every value it had, in order.
    if (values.length > 1) metadata[plural] = values;
  }
}

/**
 * A Claude Code session: the main thread's messages (the last branch, each response's blocks joined
 * into one assistant turn, results paired with calls by `tool_use_id`), subagent sidechains in the
 * metadata, and the SDK's result line as the outcome.
 */
export function fromClaudeCode(record: Record<string, unknown>): ParsedRecord {
  const key = Array.isArray(record.session) ? 'session' : 'loglines';
  const all = (record[key] as unknown[]).map((line, i) => ({ line, at: `${key}[${i}]` }));
  const reading: Reading = {
    metadata: { harness: 'claude-code' },
    ignored: [],
    notes: new Set(),
    models: [],
    apiErrors: [],
  };
  let outcome: Outcome | undefined;
  const messageLines: Placed[] = [];
  const echoed = new Map<string, Placed>();
  for (const { line, at } of all) {
    // A line that is not an event (a stray value) is reported, not a reason to refuse the session.
    if (!isObject(line)) reading.ignored.push(`${at} (not a JSON object)`);
    else if (isMessageLine(line)) messageLines.push({ line, at });
    else {
      const echo = agentProgressMessage(line, at);
      if (echo) echoed.set(text(echo.line.uuid) ?? echo.at, echo);
      outcome = readBookkeeping(line, at, reading) ?? outcome;
    }
  }
  const main = messageLines.filter(({ line }) => line.isSidechain !== true && line.parent_tool_use_id == null);
  // A subagent's messages come as its own sidechain lines (1.x) or echoed in progress lines (2.x).
  const side = [...messageLines.filter((l) => !main.includes(l)), ...echoed.values()];
  // A subagent's own file is all sidechain: it is the run.
  const thread = main.length ? main : side;
  const { kept, abandoned } = lastBranch(
    thread,
    all.map(({ line }) => line as Line),
  );
  const turns = chainTurns(kept, reading);
  if (abandoned) {
    reading.metadata.abandoned_lines = abandoned;
    reading.notes.add(ABANDONED_NOTE);
  }
  if (main.length && side.length) {
    reading.metadata.sidechains = sidechainGroups(side).map((group) => ({
      ...(text(group[0]!.line.agentId) ? { agent_id: group[0]!.line.agentId } : {}),
      ...(text(group[0]!.line.parent_tool_use_id) ? { parent_tool_use_id: group[0]!.line.parent_tool_use_id } : {}),
      turns: chainTurns(group, reading),
    }));
    reading.notes.add(SIDECHAIN_NOTE);
  }
  sessionMetadata(all as Placed[], reading.metadata);
  const models = reading.models.filter((m, i) => reading.models.indexOf(m) === i);
  if (models.length) reading.metadata.model = models[0];
  if (models.length > 1) reading.metadata.models = models;
  if (reading.apiErrors.length) {
    reading.metadata.api_errors = reading.apiErrors;
    const last = thread.at(-1)?.line;
    if (!outcome && last && last.isApiErrorMessage === true)
      outcome = { status: 'failure', by: 'Claude Code API error', value: reading.apiErrors.at(-1)!.text };
  }
  return {
    turns,
    tools: [],
    ignored: reading.ignored,
    ...(outcome ? { outcome } : {}),
    metadata: reading.metadata,
    notes: [...reading.notes],
  };
}

export const claudeCodeFormat = defineFormat({
  id: 'claude-code',
  label: 'Claude Code session',
  recognisedBy:
    'JSON Lines of "type" user/assistant lines with an Anthropic "message" and "sessionId" (~/.claude/projects), the SDK\'s stream-json, or a web session\'s "loglines"',
  versions:
    'Claude Code 1.0–2.1 session files (~/.claude/projects/<project>/<session>.jsonl, subagents/agent-*.jsonl); Claude Agent SDK / claude -p --output-format stream-json (system init, assistant, user, result); Claude Code on the web sessions ({loglines}, session_ingress API)',
  detect: (record) =>
    (Array.isArray(record.session) && record.session.some(isClaudeCodeLine)) ||
    (Array.isArray(record.loglines) && record.loglines.some((l) => isObject(l) && isMessageLine(l))),
  parse: (record) => fromClaudeCode(record),
  turnFields: ['session', 'loglines'],
  container: {
    events: { detect: isClaudeCodeLine, record: (lines) => ({ session: lines }) },
  },
});
