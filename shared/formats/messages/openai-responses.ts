import { isObject } from '../../json';
import { callOf, fallbackCallId, message, reportUnknown, textOf, type ShapeReader } from './common';
import { readContentParts } from './content-parts';
import { CHAT_ROLES } from './openai-chat';
import type { Message } from './types';

/** Whether an item's `type` is one of the Responses API's input or output items. */
export const isResponsesItemType = (type: unknown): boolean =>
  typeof type === 'string' &&
  (type === 'message' || type === 'reasoning' || /_call(_output)?$/.test(type) || type.startsWith('mcp_'));

/** Item fields that say nothing a turn shows (ids of the item itself, its status, opaque state). */
const QUIET = new Set(['type', 'id', 'status', 'phase', 'encrypted_content', 'pending_safety_checks']);

/**
 * A built-in tool's call item's arguments: its `arguments` or `input` when it has them, else the
 * item's own fields that say what the model asked for (`action`, `queries`, `code` …).
 */
const RESULT_FIELDS = ['output', 'outputs', 'results', 'result', 'error'] as const;

function builtInArgs(item: Record<string, unknown>): unknown {
  if (item.arguments !== undefined) return item.arguments;
  if (item.input !== undefined) return item.input;
  if (item.action !== undefined) return item.action;
  const rest = Object.fromEntries(
    Object.entries(item).filter(
      ([k, v]) =>
        !QUIET.has(k) &&
        k !== 'call_id' &&
        k !== 'name' &&
        !(RESULT_FIELDS as readonly string[]).includes(k) &&
        v !== null,
    ),
  );
  return rest;
}

/** A tool output as text: a string as it is, a list of content parts as their text, anything else as JSON. */
function outputText(output: unknown, at: string, index: number, ignored: string[]): string {
  if (Array.isArray(output)) {
    const read = readContentParts(output, at, index, ignored, { key: 'output' });
    if (read.content !== undefined) return read.content;
  }
  return textOf(output) ?? '';
}

/**
 * One OpenAI Responses item: `message` (and the easy input message, `{role, content}` with no
 * type), `reasoning` (its summary and content as the thought), `function_call` /
 * `function_call_output` and `custom_tool_call` / `custom_tool_call_output` paired by `call_id`,
 * and the built-in tools' items (`web_search_call`, `computer_call`, `local_shell_call`,
 * `file_search_call`, `mcp_call` …) kept as calls named for their tool, with the results they
 * hold (or their `…_output` items) as results.
 */
export const readResponsesItem: ShapeReader = (item, at, index, ignored) => {
  const type = typeof item.type === 'string' ? item.type : 'message';
  if (type === 'message') {
    const role = typeof item.role === 'string' ? CHAT_ROLES[item.role] : undefined;
    if (!role || role === 'tool') {
      ignored.push(at);
      return [];
    }
    reportUnknown(item, new Set([...QUIET, 'role', 'content']), at, ignored);
    const read = readContentParts(item.content, at, index, ignored);
    return [message({ role, content: read.content, thought: read.thought, toolCalls: read.calls })];
  }
  if (type === 'reasoning') {
    reportUnknown(item, new Set([...QUIET, 'summary', 'content']), at, ignored);
    const texts = [item.summary, item.content]
      .flatMap((l) => (Array.isArray(l) ? l : []))
      .map((s) => (isObject(s) ? s.text : undefined))
      .filter((s): s is string => typeof s === 'string');
    return texts.length ? [{ role: 'assistant', thought: texts.join('\n\n') }] : [];
  }
  if (type.endsWith('_call_output')) {
    reportUnknown(item, new Set([...QUIET, 'call_id', 'output', 'acknowledged_safety_checks']), at, ignored);
    const callId = item.call_id ?? item.id;
    return [
      message({
        role: 'tool',
        content: outputText(item.output, at, index, ignored),
        toolCallId: typeof callId === 'string' ? callId : undefined,
      }),
    ];
  }
  if (type.endsWith('_call')) {
    const tool = type.slice(0, -'_call'.length);
    const name = typeof item.name === 'string' ? item.name : tool === 'custom_tool' || tool === 'function' ? '' : tool;
    const call = callOf(item.call_id ?? item.id, name, builtInArgs(item), fallbackCallId(index, 0));
    const out: Message[] = [{ role: 'assistant', toolCalls: [call] }];
    const result = RESULT_FIELDS.map((k) => item[k]).find((v) => v !== undefined && v !== null);
    if (result !== undefined)
      out.push(
        message({
          role: 'tool',
          content: outputText(result, at, index, ignored),
          toolCallId: call.id,
          name,
          isError: item.error !== undefined && item.error !== null ? true : undefined,
        }),
      );
    return out;
  }
  ignored.push(at);
  return [];
};

/**
 * Folds the items of one Responses reply into turns as a model gave them: a `reasoning` item,
 * the `message` after it and the `function_call`s after that are one assistant turn. A new
 * turn starts at a thought after anything, or at text after text or calls.
 */
export function foldResponsesItems(messages: Message[]): Message[] {
  const out: Message[] = [];
  for (const m of messages) {
    const prev = out[out.length - 1];
    if (prev?.role === 'assistant' && m.role === 'assistant' && canFold(prev, m)) {
      out[out.length - 1] = message({
        ...prev,
        content: prev.content ?? m.content,
        thought: prev.thought ?? m.thought,
        toolCalls: [...(prev.toolCalls ?? []), ...(m.toolCalls ?? [])],
      });
    } else out.push(m);
  }
  return out;
}

function canFold(prev: Message, next: Message): boolean {
  if (next.thought) return prev.content === undefined && !prev.thought && !prev.toolCalls?.length;
  if (next.content !== undefined) return prev.content === undefined && !prev.toolCalls?.length;
  return Boolean(next.toolCalls?.length);
}
