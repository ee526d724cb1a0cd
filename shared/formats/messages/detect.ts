import { isObject } from '../../json';
import { isAiSdkMessage } from './ai-sdk';
import { ANTHROPIC_BLOCKS } from './anthropic';
import { BEDROCK_BLOCK_KEYS } from './bedrock';
import { GEMINI_PART_KEYS } from './gemini';
import { isLangChainMessage } from './langchain';
import { CHAT_ROLES } from './openai-chat';
import { isResponsesItemType } from './openai-responses';
import type { MessageShape } from './types';

const RESPONSES_PARTS = new Set(['input_text', 'output_text', 'input_image', 'input_file', 'input_audio']);
const CHAT_ONLY = ['tool_calls', 'tool_call_id', 'function_call', 'refusal', 'reasoning_content'];

/**
 * The shape one provider message is written in, or null when it is none the layer reads. A
 * message that every shape writes alike (`{role: "user", content: "Hi"}`) is OpenAI Chat.
 */
export function detectMessageShape(m: unknown): MessageShape | null {
  if (!isObject(m)) return null;
  if (isLangChainMessage(m)) return 'langchain';
  if (m.type === 'message' && isAnthropicResponse(m)) return 'anthropic';
  if (isResponsesItemType(m.type)) return 'openai-responses';
  if (Array.isArray(m.parts))
    return m.parts.some(
      (p) => isObject(p) && Object.keys(p).some((k) => GEMINI_PART_KEYS.includes(k)) && !('type' in p),
    )
      ? 'gemini'
      : null;
  if (typeof m.role !== 'string' || !(m.role in CHAT_ROLES)) return null;
  if (isAiSdkMessage(m)) return 'ai-sdk';
  if (Array.isArray(m.content) && !CHAT_ONLY.some((k) => k in m)) {
    const parts = m.content.filter(isObject);
    if (parts.some((p) => !('type' in p) && Object.keys(p).some((k) => BEDROCK_BLOCK_KEYS.has(k)))) return 'bedrock';
    if (parts.some((p) => ANTHROPIC_BLOCKS.has(String(p.type)) || (p.type === 'image' && isObject(p.source))))
      return 'anthropic';
    if (parts.some((p) => RESPONSES_PARTS.has(String(p.type)))) return 'openai-responses';
  }
  return 'openai-chat';
}

/** An Anthropic response (`type: "message"` too, but with a stop reason, or blocks Responses never writes). */
function isAnthropicResponse(m: Record<string, unknown>): boolean {
  if ('stop_reason' in m) return true;
  return (
    Array.isArray(m.content) &&
    m.content.some((p) => isObject(p) && (p.type === 'text' || ANTHROPIC_BLOCKS.has(String(p.type))))
  );
}

/** A message every shape writes alike: a role and text, nothing else. */
export const isPlainMessage = (m: unknown): boolean =>
  isObject(m) &&
  ['user', 'assistant', 'system', 'developer'].includes(String(m.role)) &&
  (typeof m.content === 'string' ||
    (Array.isArray(m.content) && m.content.every((p) => isObject(p) && p.type === 'text'))) &&
  Object.keys(m).every((k) => k === 'role' || k === 'content');
