import { isObject } from '../../json';
import {
  callOf,
  fallbackCallId,
  field,
  mediaPlaceholder,
  message,
  MessageBuilder,
  reportUnknown,
  textOf,
  type ShapeReader,
} from './common';
import { CHAT_ROLES } from './openai-chat';

/** Part types only the Vercel AI SDK writes (its ModelMessage and the provider prompt it sends a model). */
const AI_SDK_PARTS = new Set(['tool-call', 'tool-result', 'tool-approval-request', 'tool-approval-response']);

/** Parts that ask for or give a user's approval of a call: no words of the conversation. */
const APPROVALS = new Set(['tool-approval-request', 'tool-approval-response']);

const QUIET = new Set(['role', 'content', 'providerOptions', 'providerMetadata']);

/**
 * True for a message whose parts only the AI SDK writes: a hyphenated tool part, a part with
 * `providerOptions`, a `reasoning` part holding `text`, an `image` part holding `image`, a
 * `file` part holding `data` and `mediaType`.
 */
export function isAiSdkMessage(m: Record<string, unknown>): boolean {
  if (!Array.isArray(m.content)) return false;
  return m.content.some(
    (p) =>
      isObject(p) &&
      (AI_SDK_PARTS.has(String(p.type)) ||
        'providerOptions' in p ||
        (p.type === 'reasoning' && typeof p.text === 'string' && !('reasoning' in p)) ||
        (p.type === 'image' && 'image' in p) ||
        (p.type === 'file' && 'data' in p && 'mediaType' in p)),
  );
}

/**
 * A tool result's output as text: v5 and later write `{type, value}` (`text`, `json`,
 * `error-text`, `error-json`, `content`, `execution-denied`), v4 a bare `result`.
 */
function outputOf(part: Record<string, unknown>): { text: string; error: boolean } {
  const output = part.output;
  if (!isObject(output) || typeof output.type !== 'string')
    return { text: textOf(output ?? part.result) ?? '', error: part.isError === true };
  const error = output.type.startsWith('error-');
  if (output.type === 'execution-denied')
    return { text: `Execution denied${typeof output.reason === 'string' ? `: ${output.reason}` : ''}`, error: true };
  if (output.type === 'content' && Array.isArray(output.value)) {
    const texts = output.value.map((p) =>
      isObject(p) && p.type === 'text' ? textOf(p.text) : mediaPlaceholder(isObject(p) ? p.mediaType : undefined),
    );
    return { text: texts.join('\n'), error };
  }
  return { text: textOf(output.value) ?? '', error };
}

/**
 * One Vercel AI SDK message (a `ModelMessage`, or the provider prompt `ai.prompt.messages`
 * records): content as a string or parts, read in order. `text`, `reasoning` and `tool-call`
 * make the message's text, thought and calls (`input`, or v4's `args`, as the arguments);
 * each `tool-result` is a tool message of its own, its error outputs marked as errors; an
 * image or file leaves a placeholder (`[image: image/png]`). Approval requests and responses
 * say nothing a turn shows.
 */
export const readAiSdkMessage: ShapeReader = (m, at, index, ignored) => {
  const role = typeof m.role === 'string' ? CHAT_ROLES[m.role] : undefined;
  if (!role) {
    ignored.push(at);
    return [];
  }
  reportUnknown(m, QUIET, at, ignored);
  if (typeof m.content === 'string') return [message({ role, content: m.content })];
  if (!Array.isArray(m.content)) {
    ignored.push(`${at}.content`);
    return [];
  }
  const built = new MessageBuilder(role);
  m.content.forEach((part, k) => {
    const where = `${at}.content[${k}]`;
    if (!isObject(part)) return ignored.push(where);
    const type = String(part.type);
    if (type === 'text' && typeof part.text === 'string') return built.say(part.text);
    if (type === 'reasoning' && typeof part.text === 'string') return built.think(part.text);
    if (type === 'image') return built.say(mediaPlaceholder(field(part, 'mediaType', 'mimeType'), 'image'), true);
    if (type === 'file')
      return built.say(mediaPlaceholder(field(part, 'mediaType', 'mimeType'), 'file', part.filename), true);
    if (type === 'tool-call' && typeof part.toolName === 'string')
      return built.call(
        callOf(part.toolCallId, part.toolName, part.input ?? part.args ?? {}, fallbackCallId(index, k)),
      );
    if (type === 'tool-result') {
      const { text, error } = outputOf(part);
      return built.push(
        message({
          role: 'tool',
          content: text,
          toolCallId: typeof part.toolCallId === 'string' ? part.toolCallId : undefined,
          name: typeof part.toolName === 'string' ? part.toolName : undefined,
          isError: error || undefined,
        }),
      );
    }
    if (APPROVALS.has(type)) return;
    ignored.push(where);
  });
  built.flush();
  return built.out;
};
