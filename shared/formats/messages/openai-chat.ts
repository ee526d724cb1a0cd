import type { ToolCall, Turn } from '../../domain';
import { isObject } from '../../json';
import { callOf, fallbackCallId, field, message, reportUnknown, tokensOf, type ShapeReader } from './common';
import { readContentParts } from './content-parts';
import type { Message } from './types';

export const CHAT_ROLES: Record<string, Turn['role']> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
  function: 'tool',
};

/**
 * Fields a Chat message may carry beyond those read: a participant's `name` on a user message,
 * Mistral's `prefix`, the `annotations` (URL citations) of a search reply, the Trellis export's
 * training `weight`, and what providers and LiteLLM add to a reply that no turn shows.
 */
const QUIET = new Set(['role', 'name', 'prefix', 'annotations', 'weight', 'provider_specific_fields', 'id', 'index']);

const READ = new Set([
  'content',
  'tool_calls',
  'function_call',
  'tool_call_id',
  'refusal',
  'reasoning_content',
  'reasoning',
  'thinking',
  'thinking_blocks',
  'reasoning_details',
  'audio',
  'usage',
]);

/**
 * A tool call as Chat writes it (`{id, type: "function", function: {name, arguments}}`), as
 * Mistral does (no `type`, arguments maybe an object), or a custom tool's `{custom: {name, input}}`.
 */
export function chatToolCall(raw: unknown, fallbackId: string): ToolCall | null {
  if (!isObject(raw)) return null;
  const fn = isObject(raw.function) ? raw.function : isObject(raw.custom) ? raw.custom : raw;
  if (typeof fn.name !== 'string') return null;
  return callOf(raw.id, fn.name, field(fn, 'arguments', 'input', 'args') ?? {}, fallbackId);
}

/** The thought a reply carries beside its content, in whichever field its provider wrote it. */
function thoughtOf(m: Record<string, unknown>): string | undefined {
  const direct = [m.reasoning_content, m.reasoning, m.thinking].find((t) => typeof t === 'string' && t);
  if (typeof direct === 'string') return direct;
  for (const list of [m.thinking_blocks, m.reasoning_details]) {
    if (!Array.isArray(list)) continue;
    const texts = list
      .map((b) => (isObject(b) ? field(b, 'thinking', 'text', 'summary') : undefined))
      .filter((t): t is string => typeof t === 'string');
    if (texts.length) return texts.join('\n\n');
  }
  return undefined;
}

/**
 * One OpenAI Chat Completions message (and Mistral's, which is the same but for tool calls
 * without `type`): roles system, developer, user, assistant, tool and legacy `function`;
 * content as text or parts; `tool_calls` and legacy `function_call`; `refusal` (the text of a
 * reply that has no content); `reasoning_content` and its cousins as the thought; an audio
 * reply's transcript as its text.
 */
export const readChatMessage: ShapeReader = (m, at, index, ignored) => {
  const role = typeof m.role === 'string' ? CHAT_ROLES[m.role] : undefined;
  if (!role) {
    ignored.push(at);
    return [];
  }
  reportUnknown(m, new Set([...QUIET, ...READ]), at, ignored);
  const parts = readContentParts(m.content, at, index, ignored);
  const listed = Array.isArray(m.tool_calls) ? m.tool_calls : [];
  const calls: ToolCall[] = [];
  listed.forEach((c, k) => {
    const call = chatToolCall(c, fallbackCallId(index, k));
    if (call) calls.push(call);
    else ignored.push(`${at}.tool_calls[${k}]`);
  });
  if (isObject(m.function_call)) {
    const call = chatToolCall(m.function_call, fallbackCallId(index, listed.length));
    if (call) calls.push(call);
  }
  calls.push(...parts.calls);
  const audio = isObject(m.audio) && typeof m.audio.transcript === 'string' ? m.audio.transcript : undefined;
  const content = parts.content ?? (typeof m.refusal === 'string' ? m.refusal : undefined) ?? audio;
  const thought = thoughtOf(m) ?? parts.thought;
  if (role === 'tool')
    return [
      message({
        role,
        content: content ?? '',
        toolCallId: typeof m.tool_call_id === 'string' ? m.tool_call_id : undefined,
        name: typeof m.name === 'string' ? m.name : undefined,
      }),
    ];
  const out: Message = message({ role, content, thought, toolCalls: calls, tokens: tokensOf(m.usage) });
  return [out];
};
