import type { ToolCall, Turn } from '../../domain';
import { isObject } from '../../json';
import { callOf, fallbackCallId, message, reportUnknown, tokensOf, type ShapeReader } from './common';
import { readContentParts } from './content-parts';
import { chatToolCall, CHAT_ROLES } from './openai-chat';

/** LangChain's message types (`message.type`, or the class name of a serialised message) as roles. */
const TYPES: Record<string, Turn['role'] | 'chat'> = {
  human: 'user',
  ai: 'assistant',
  system: 'system',
  tool: 'tool',
  function: 'tool',
  chat: 'chat',
  HumanMessage: 'user',
  HumanMessageChunk: 'user',
  AIMessage: 'assistant',
  AIMessageChunk: 'assistant',
  SystemMessage: 'system',
  SystemMessageChunk: 'system',
  ToolMessage: 'tool',
  ToolMessageChunk: 'tool',
  FunctionMessage: 'tool',
  FunctionMessageChunk: 'tool',
  ChatMessage: 'chat',
  ChatMessageChunk: 'chat',
};

export const isLangChainType = (type: unknown): boolean => typeof type === 'string' && type in TYPES;

/** True for `{lc: 1, type: "constructor", id: [..., "AIMessage"], kwargs}` and `messages_to_dict`'s `{type, data}`. */
export function isLangChainMessage(m: Record<string, unknown>): boolean {
  if (m.lc === 1 && m.type === 'constructor' && Array.isArray(m.id)) return isLangChainType(m.id[m.id.length - 1]);
  if (!isLangChainType(m.type) || ('role' in m && m.type !== 'chat')) return false;
  return 'content' in m || isObject(m.data);
}

/** Fields of a message that say nothing a turn shows. */
const QUIET = new Set(['type', 'id', 'name', 'example', 'response_metadata', 'role', 'lc_attributes']);
const READ = new Set([
  'content',
  'tool_calls',
  'invalid_tool_calls',
  'tool_call_chunks',
  'additional_kwargs',
  'usage_metadata',
  'tool_call_id',
  'status',
]);
const KWARGS = new Set(['tool_calls', 'function_call', 'reasoning_content', 'refusal', 'reasoning', 'thinking']);

/** The message's fields and its type, whichever of LangChain's three spellings it is in. */
function unwrap(m: Record<string, unknown>): { type: string; fields: Record<string, unknown>; at: string } | null {
  if (m.type === 'constructor' && Array.isArray(m.id) && isObject(m.kwargs))
    return { type: String(m.id[m.id.length - 1]), fields: m.kwargs, at: '.kwargs' };
  if (isObject(m.data) && !('content' in m)) return { type: String(m.type), fields: { ...m.data }, at: '.data' };
  return { type: String(m.type), fields: m, at: '' };
}

/**
 * One LangChain message: a message dict (`{type: human|ai|tool|system|function|chat, content,
 * tool_calls: [{name, args, id}], additional_kwargs, tool_call_id, status}`), `messages_to_dict`'s
 * `{type, data}`, or the `{lc: 1, type: "constructor", id: [..., "AIMessage"], kwargs}`
 * serialisation. Content may be text or blocks (OpenAI parts, LangChain's standard blocks,
 * Anthropic's); calls come from `tool_calls`, else from `additional_kwargs` (OpenAI's
 * `tool_calls` / `function_call`), else from `tool_use` blocks; `invalid_tool_calls` keep their
 * raw arguments. A tool message's `status: "error"` is kept; `usage_metadata` gives the tokens.
 */
export const readLangChainMessage: ShapeReader = (raw, at, index, ignored) => {
  const unwrapped = unwrap(raw);
  const type = unwrapped ? TYPES[unwrapped.type] : undefined;
  if (!unwrapped || !type) {
    ignored.push(at);
    return [];
  }
  const m = unwrapped.fields;
  const where = `${at}${unwrapped.at}`;
  const role = type === 'chat' ? (typeof m.role === 'string' ? CHAT_ROLES[m.role] : undefined) : type;
  if (!role) {
    ignored.push(at);
    return [];
  }
  if (unwrapped.at === '.kwargs')
    reportUnknown(raw, new Set(['lc', 'type', 'id', 'kwargs', 'lc_attributes']), at, ignored);
  reportUnknown(m, new Set([...QUIET, ...READ]), where, ignored);
  const kwargs = isObject(m.additional_kwargs) ? m.additional_kwargs : {};
  reportUnknown(kwargs, KWARGS, `${where}.additional_kwargs`, ignored);
  const calls: ToolCall[] = [];
  const listed = [m.tool_calls, m.invalid_tool_calls].flatMap((l) => (Array.isArray(l) ? l : []));
  listed.forEach((c, k) => {
    if (isObject(c) && typeof c.name === 'string')
      calls.push(callOf(c.id, c.name, c.args ?? {}, fallbackCallId(index, k)));
  });
  if (!calls.length) {
    const openai = [
      ...(Array.isArray(kwargs.tool_calls) ? kwargs.tool_calls : []),
      ...(isObject(kwargs.function_call) ? [kwargs.function_call] : []),
    ];
    openai.forEach((c, k) => {
      const call = chatToolCall(c, fallbackCallId(index, k));
      if (call) calls.push(call);
    });
  }
  const read = readContentParts(m.content, where, index, ignored);
  const known = new Set(calls.map((c) => c.id));
  calls.push(...read.calls.filter((c) => !known.has(c.id)));
  const kwargThought = [kwargs.reasoning_content, kwargs.thinking].find((t) => typeof t === 'string' && t);
  const thought = (typeof kwargThought === 'string' ? kwargThought : undefined) ?? read.thought;
  const content = read.content ?? (typeof kwargs.refusal === 'string' ? kwargs.refusal : undefined);
  if (role === 'tool')
    return [
      message({
        role,
        content: content ?? '',
        toolCallId: typeof m.tool_call_id === 'string' ? m.tool_call_id : undefined,
        name: typeof m.name === 'string' ? m.name : undefined,
        isError: m.status === 'error' || undefined,
      }),
    ];
  return [message({ role, content, thought, toolCalls: calls, tokens: tokensOf(m.usage_metadata) })];
};
