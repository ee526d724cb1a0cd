// The Cursor Agent CLI (`cursor-agent -p --output-format stream-json`) prints a run as events, one per line. Its
// writer is not public: read from Cursor's reference (cursor.com/docs/cli/reference/output-format: system init
// {apiKeySource, cwd, session_id, model, permissionMode}, user and assistant messages whose content is text blocks,
// tool_call started/completed {call_id, tool_call: {<kind>ToolCall: {args, result}}}, result {subtype, is_error,
// result, duration_ms, session_id, request_id}) and from a capture of CLI 2026.10.01 in a public repository
// (euclidesgc/faz-ai 141139b test/fixtures/cursor-stream-json.jsonl): thinking deltas and their completion, the
// model_call_id that ties a message to the calls it made, mcpToolCall {args: {toolName, args, providerIdentifier}},
// results as {success: {content, …}} or {error: …}, the calls' startedAtMs and completedAtMs, a camelCase usage.
import type { Outcome, ToolCall, Turn, TrajectoryMetadata } from '../../domain';
import { isObject } from '../../json';
import { readMessages } from '../messages';
import { defineFormat } from './descriptor';
import { parseArguments, type ParsedRecord } from './records';

type Event = Record<string, unknown>;

const INIT_FIELDS = [
  ['session_id', 'session_id'],
  ['model', 'model'],
  ['cwd', 'cwd'],
  ['permissionMode', 'permission_mode'],
  ['apiKeySource', 'api_key_source'],
] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * A Cursor run's first line: its system init. Claude Code's stream opens the same way but lists its
 * tools; Cursor's says where its API key came from and lists none.
 */
const isCursorInit = (value: unknown): boolean =>
  isObject(value) &&
  value.type === 'system' &&
  value.subtype === 'init' &&
  typeof value.session_id === 'string' &&
  typeof value.apiKeySource === 'string' &&
  !Array.isArray(value.tools);

/** The call a tool_call event names: its tool (the `…ToolCall` key, an MCP tool by its name) and arguments. */
function callOf(event: Event): (ToolCall & { body: Record<string, unknown> }) | null {
  const holder = isObject(event.tool_call) ? event.tool_call : undefined;
  const key = holder && Object.keys(holder).find((k) => k.endsWith('ToolCall') || k === 'function');
  const body = key && isObject(holder[key]) ? holder[key] : undefined;
  const id = text(event.call_id) ?? (holder ? text(holder.toolCallId) : undefined);
  if (!key || !body || !id) return null;
  if (key === 'function')
    return { id, name: text(body.name) ?? 'function', args: parseArguments(body.arguments), body };
  // Each tool's args repeat the call's id: bookkeeping, not what the model asked.
  const { toolCallId: _id, ...args } = isObject(body.args) ? body.args : {};
  if (key === 'mcpToolCall')
    return { id, name: text(args.toolName) ?? text(args.name) ?? 'mcp', args: args.args ?? {}, body };
  return { id, name: key.slice(0, -'ToolCall'.length), args, body };
}

/** Content as text: a string, or an MCP tool's parts (`[{text: {text}}]`) joined; else undefined. */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts = content.map((p) => (isObject(p) ? (isObject(p.text) ? text(p.text.text) : text(p.text)) : undefined));
  return parts.every((p) => p !== undefined) && parts.length ? parts.join('') : undefined;
}

/** A call's result as the model got it: the success's content (or the whole success), or the error. */
function resultText(result: unknown): { content: string; failed: boolean } {
  if (!isObject(result)) return { content: '', failed: false };
  if (isObject(result.success))
    return { content: contentText(result.success.content) ?? JSON.stringify(result.success), failed: false };
  const error = result.error ?? result.failure ?? result;
  const message = isObject(error) ? (text(error.message) ?? text(error.error)) : text(error);
  return { content: message ?? JSON.stringify(error), failed: true };
}

function millisTiming(started: unknown, completed: unknown): Turn['timing'] | undefined {
  const start = Number(started);
  const end = Number(completed);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return undefined;
  return { startedAt: new Date(start).toISOString(), durationMs: end - start };
}

/**
 * A Cursor Agent run: the prompt, each model call's thinking, words and calls as one assistant turn
 * (told by its model_call_id), each call's result paired by call_id, the result line as the outcome.
 */
export function fromCursorStream(events: unknown[]): ParsedRecord {
  const turns: Turn[] = [];
  const metadata: TrajectoryMetadata = { harness: 'cursor-agent' };
  const ignored: string[] = [];
  const byModelCall = new Map<string, Turn>();
  let thinking = '';
  let outcome: Outcome | undefined;
  /** The assistant turn of a model call: the one its model_call_id made, else a new one after the last turn. */
  const assistantTurn = (event: Event): Turn => {
    const key = text(event.model_call_id);
    const known = key ? byModelCall.get(key) : undefined;
    if (known) return known;
    const last = turns.at(-1);
    const turn: Turn = !key && last?.role === 'assistant' ? last : { role: 'assistant' };
    if (turn !== last) turns.push(turn);
    if (key) byModelCall.set(key, turn);
    if (thinking.trim()) turn.thought = [turn.thought, thinking].filter((t) => t).join('\n\n');
    thinking = '';
    return turn;
  };
  events.forEach((event, i) => {
    const at = `cursor_events[${i}]`;
    if (!isObject(event)) return ignored.push(`${at} (not a JSON object)`);
    if (event.type === 'system' && event.subtype === 'init') {
      for (const [key, name] of INIT_FIELDS) if (event[key] !== undefined) metadata[name] = event[key];
    } else if (event.type === 'user' && isObject(event.message)) {
      const read = readMessages([event.message], { shape: 'anthropic' });
      ignored.push(...read.ignored.map((path) => `${at}.message${path.slice('[0]'.length)}`));
      for (const m of read.messages) if (m.content !== undefined) turns.push({ role: 'user', content: m.content });
    } else if (event.type === 'thinking') {
      if (event.subtype === 'delta') thinking += text(event.text) ?? '';
    } else if (event.type === 'assistant' && isObject(event.message)) {
      const read = readMessages([event.message], { shape: 'anthropic' });
      ignored.push(...read.ignored.map((path) => `${at}.message${path.slice('[0]'.length)}`));
      const said = read.messages.map((m) => m.content ?? '').join('');
      const turn = assistantTurn(event);
      turn.content = [turn.content, said].filter((t) => t).join('\n\n');
    } else if (event.type === 'tool_call') {
      const call = callOf(event);
      if (!call) return ignored.push(`${at}.tool_call`);
      const { body, ...made } = call;
      if (event.subtype === 'started') (assistantTurn(event).toolCalls ??= []).push(made);
      else if (event.subtype === 'completed') {
        const holder = event.tool_call as Record<string, unknown>;
        const { content, failed } = resultText(body.result);
        const timing = millisTiming(holder.startedAtMs, holder.completedAtMs);
        turns.push({ role: 'tool', toolCallId: made.id, content, ...(timing ? { timing } : {}) });
        if (failed) ((metadata.failed_calls ??= []) as unknown[]).push(made.id);
      }
    } else if (event.type === 'result') {
      for (const key of ['duration_ms', 'duration_api_ms', 'usage', 'request_id'])
        if (event[key] !== undefined) metadata[key] = event[key];
      const subtype = text(event.subtype) ?? null;
      const failed = event.is_error === true || (subtype !== null && subtype !== 'success');
      outcome = { status: failed ? 'failure' : 'success', by: 'Cursor result', value: subtype };
    } else ignored.push(`${at} (a "${String(event.type)}" event)`);
  });
  return { turns, tools: [], ignored, ...(outcome ? { outcome } : {}), metadata };
}

export const cursorAgentFormat = defineFormat({
  id: 'cursor-agent',
  label: 'Cursor Agent run',
  recognisedBy:
    'cursor-agent stream-json: JSON Lines opening with a system init that names its "apiKeySource", then user, assistant, thinking, tool_call and result events',
  versions:
    'Cursor Agent CLI stream-json (cursor.com/docs/cli/reference/output-format; a CLI 2026.10.01 capture: thinking deltas, model_call_id, mcpToolCall)',
  detect: (record) => Array.isArray(record.cursor_events) && isCursorInit(record.cursor_events[0]),
  parse: (record) => fromCursorStream(record.cursor_events as unknown[]),
  turnFields: ['cursor_events'],
  container: {
    events: { detect: isCursorInit, record: (events) => ({ cursor_events: events }) },
  },
});
