// Gemini CLI saves a session in ~/.gemini/tmp/<project hash>/chats/. Read from google-gemini/gemini-cli at 5411f11
// (2026-08-21): packages/core/src/services/chatRecordingService.ts and chatRecordingTypes.ts (ConversationRecord
// {sessionId, projectHash, startTime, lastUpdated, messages, summary, directories, kind}; MessageRecord {id,
// timestamp, type: user|gemini|info|error|warning, content: PartListUnion, displayContent, toolCalls, thoughts,
// tokens, model}; ToolCallRecord {id, name, args, result, status, …}), written as one JSON file session-*.json
// from 0.2 (36ea986, 2025-08) to 0.38, and from 0.39 (f744913) as JSON Lines: a metadata line, message lines (a
// message written again replaces it), {$set} updates and {$rewindTo} rewinds, replayed as loadConversationRecord
// does. Also core/logger.ts's `/chat save` checkpoints (checkpoint-<tag>.json: Gemini `contents`, bare or as
// {history, authType}) and checkpointUtils.ts's restore checkpoints ({history, clientHistory, commitHash, toolCall}).
import type { TrajectoryMetadata } from '../../domain';
import { isObject } from '../../json';
import { messagesToTurns, readMessages, turnsFromMessages } from '../messages';
import type { Message } from '../messages/types';
import { defineFormat } from './descriptor';
import { fromGeminiStream, isStreamInit } from './gemini-cli-stream';
import { RecordError, type ParsedRecord } from './records';

type Entry = Record<string, unknown>;

const NOTICE_TYPES = new Set(['info', 'error', 'warning']);

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

const isSessionStart = (value: unknown): value is Entry =>
  isObject(value) && typeof value.sessionId === 'string' && typeof value.projectHash === 'string';
const isSession = (record: Entry) => isSessionStart(record) && Array.isArray(record.messages);
const isContent = (value: unknown) =>
  isObject(value) && (value.role === 'user' || value.role === 'model') && Array.isArray(value.parts);

/** The session a JSON Lines recording makes, replayed line by line as Gemini CLI loads it. */
export function replaySession(lines: unknown[]): Entry {
  let metadata: Entry = {};
  const messages = new Map<string, Entry>();
  // What the session no longer holds is kept beside it: the messages a rewind took back, those a compression replaced.
  const rewound: Entry[] = [];
  const replacedMessages: Entry[] = [];
  for (const line of lines) {
    if (!isObject(line)) continue;
    if (typeof line.$rewindTo === 'string') {
      const ids = [...messages.keys()];
      const from = ids.indexOf(line.$rewindTo);
      for (const id of from === -1 ? ids : ids.slice(from)) {
        rewound.push(messages.get(id)!);
        messages.delete(id);
      }
    } else if (typeof line.id === 'string') messages.set(line.id, line);
    else if (isObject(line.$set)) {
      const { messages: replaced, ...set } = line.$set;
      if (Array.isArray(replaced)) {
        replacedMessages.push(...messages.values());
        messages.clear();
        for (const m of replaced) if (isObject(m) && typeof m.id === 'string') messages.set(m.id, m);
      }
      metadata = { ...metadata, ...set };
    } else if (isSessionStart(line)) {
      const { messages: held, ...rest } = line;
      metadata = { ...metadata, ...rest };
      if (Array.isArray(held)) for (const m of held) if (isObject(m) && typeof m.id === 'string') messages.set(m.id, m);
    }
  }
  return {
    ...metadata,
    messages: [...messages.values()],
    ...(rewound.length ? { rewound } : {}),
    ...(replacedMessages.length ? { replaced: replacedMessages } : {}),
  };
}

/** A PartListUnion (a string, a part, or parts) as Gemini parts. */
function partsOf(content: unknown): unknown[] {
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? { text: p } : p));
  return isObject(content) ? [content] : [];
}

/** A tool's result as the model was sent it: its function response's output (or error), else the parts' text. */
function resultText(result: unknown, display: unknown): string {
  for (const part of partsOf(result)) {
    const response = isObject(part) && isObject(part.functionResponse) ? part.functionResponse.response : undefined;
    if (isObject(response)) {
      const said = response.output ?? response.error ?? response;
      return typeof said === 'string' ? said : JSON.stringify(said);
    }
  }
  const said = partsOf(result)
    .map((p) => (isObject(p) ? text(p.text) : undefined))
    .filter((t) => t !== undefined);
  if (said.length) return said.join('');
  return text(display) ?? '';
}

interface Reading {
  metadata: TrajectoryMetadata;
  ignored: string[];
  notes: Set<string>;
  models: string[];
}

/** A message's content read as Gemini parts of the given role (paths reported where the content is). */
function contentMessages(role: 'user' | 'model', content: unknown, at: string, reading: Reading): Message[] {
  const read = readMessages([{ role, parts: partsOf(content) }], { shape: 'gemini' });
  reading.ignored.push(...read.ignored.map((path) => at + path.slice('[0]'.length).replace(/^\.parts/, '.content')));
  for (const note of read.notes) reading.notes.add(note);
  return read.messages;
}

/** A gemini message: its text, its thought summaries as the thought, its usage, and each tool call with its result. */
function geminiMessages(entry: Entry, at: string, reading: Reading): Message[] {
  const said = contentMessages('model', entry.content, `${at}`, reading);
  const turn: Message = { role: 'assistant', ...said[0] };
  const thoughts = (Array.isArray(entry.thoughts) ? entry.thoughts : [])
    .filter(isObject)
    .map((t) => [text(t.subject), text(t.description)].filter((s) => s).join('\n'))
    .filter((t) => t);
  if (thoughts.length) turn.thought = [turn.thought, ...thoughts].filter((t) => t).join('\n\n');
  const tokens = isObject(entry.tokens) ? entry.tokens : undefined;
  if (tokens && typeof tokens.input === 'number' && typeof tokens.output === 'number')
    turn.tokens = {
      prompt: tokens.input,
      completion: tokens.output + (typeof tokens.thoughts === 'number' ? tokens.thoughts : 0),
    };
  if (typeof entry.model === 'string' && !reading.models.includes(entry.model)) reading.models.push(entry.model);
  const results: Message[] = [];
  const records = Array.isArray(entry.toolCalls) ? entry.toolCalls : [];
  records.forEach((call, k) => {
    if (!isObject(call) || typeof call.name !== 'string') return reading.ignored.push(`${at}.toolCalls[${k}]`);
    const id = text(call.id) ?? `${at}.toolCalls[${k}]`;
    (turn.toolCalls ??= []).push({ id, name: call.name, args: call.args ?? {} });
    if (call.status !== 'success' && call.status !== undefined)
      ((reading.metadata.tool_call_status ??= {}) as Record<string, unknown>)[id] = call.status;
    if ((call.result !== undefined && call.result !== null) || call.resultDisplay !== undefined)
      results.push({
        role: 'tool',
        content: resultText(call.result, call.resultDisplay),
        toolCallId: id,
        ...(call.status === 'error' ? { isError: true } : {}),
      });
  });
  return [turn, ...said.slice(1), ...results];
}

/** A recorded session: user and gemini messages as turns; info, warning and error messages (the CLI's own) as metadata. */
function fromSession(record: Entry): ParsedRecord {
  const reading: Reading = { metadata: { harness: 'gemini-cli' }, ignored: [], notes: new Set(), models: [] };
  const messages: Message[] = [];
  (record.messages as unknown[]).forEach((entry, i) => {
    const at = `messages[${i}]`;
    if (!isObject(entry)) throw new RecordError(`${at} is not a JSON object`);
    if (entry.type === 'user') messages.push(...contentMessages('user', entry.content, at, reading));
    else if (entry.type === 'gemini') messages.push(...geminiMessages(entry, at, reading));
    else if (NOTICE_TYPES.has(String(entry.type)))
      ((reading.metadata.notices ??= []) as unknown[]).push({
        type: entry.type,
        content: entry.content,
        timestamp: entry.timestamp,
      });
    else reading.ignored.push(`${at} (a "${String(entry.type)}" message)`);
  });
  const { turns, notes } = messagesToTurns(messages);
  if (reading.models.length) reading.metadata.model = reading.models[0];
  if (reading.models.length > 1) reading.metadata.models = reading.models;
  return {
    turns,
    tools: [],
    ignored: reading.ignored,
    metadata: reading.metadata,
    notes: [...reading.notes, ...notes],
  };
}

/** A checkpoint: the Gemini contents the model had been sent, read by the message layer. */
function fromContents(contents: unknown, at: string): ParsedRecord {
  const read = turnsFromMessages(contents, { shape: 'gemini', at });
  return {
    turns: read.turns,
    tools: [],
    ignored: read.ignored,
    metadata: { harness: 'gemini-cli' },
    notes: read.notes,
  };
}

export const geminiCliFormat = defineFormat({
  id: 'gemini-cli',
  label: 'Gemini CLI session',
  recognisedBy:
    '"sessionId", "projectHash" and "messages" (chats/session-*.json, or its JSON Lines), a checkpoint\'s Gemini contents ("history" or "clientHistory" of {role, parts}), or stream-json output opening with an "init" event',
  versions:
    'Gemini CLI 0.2–0.38 session JSON files and 0.39+ session JSON Lines (chatRecordingService, 5411f11); /chat save checkpoints (bare contents, {history, authType}); restore checkpoints (clientHistory); gemini -p --output-format stream-json (0.11+)',
  detect: (record) =>
    isSession(record) ||
    (Array.isArray(record.stream_events) && isStreamInit(record.stream_events[0])) ||
    (Array.isArray(record.clientHistory) && isObject(record.toolCall)) ||
    (Array.isArray(record.history) && isContent(record.history[0])),
  parse: (record) =>
    isSession(record)
      ? fromSession(record)
      : Array.isArray(record.stream_events)
        ? fromGeminiStream(record.stream_events)
        : Array.isArray(record.clientHistory)
          ? fromContents(record.clientHistory, 'clientHistory')
          : fromContents(record.history, 'history'),
  turnFields: ['messages', 'history', 'clientHistory', 'stream_events'],
  kept: [
    'sessionId',
    'projectHash',
    'startTime',
    'lastUpdated',
    'summary',
    'directories',
    'kind',
    'memoryScratchpad',
    'rewound',
    'replaced',
    'authType',
    'commitHash',
    'toolCall',
    'messageId',
  ],
  container: {
    events: {
      // A JSON Lines recording starts with its metadata line; a bare checkpoint is a JSON array of contents.
      detect: (first) =>
        (isSessionStart(first) && !Array.isArray(first.messages)) || isContent(first) || isStreamInit(first),
      record: (lines) =>
        isContent(lines[0])
          ? { history: lines }
          : isStreamInit(lines[0])
            ? { stream_events: lines }
            : replaySession(lines),
    },
  },
});
