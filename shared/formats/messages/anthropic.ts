import { isObject } from '../../json';
import {
  callOf,
  fallbackCallId,
  message,
  MessageBuilder,
  reportUnknown,
  textOf,
  tokensOf,
  type ShapeReader,
} from './common';
import { readContentParts } from './content-parts';

/** Block types only Anthropic's Messages API writes (a `text` block alone reads the same in Chat). */
export const ANTHROPIC_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'mcp_tool_use',
  'mcp_tool_result',
  'document',
  'search_result',
  'container_upload',
]);

/** Server tools' result blocks (`web_search_tool_result`, `code_execution_tool_result` …). */
const isServerResult = (type: string) => type.endsWith('_tool_result') && type !== 'tool_result';

/** A response's fields besides its content: `usage` becomes the turn's tokens; the rest says nothing a turn shows. */
const QUIET = new Set([
  'role',
  'content',
  'id',
  'type',
  'model',
  'stop_reason',
  'stop_sequence',
  'usage',
  'container',
  'context_management',
]);

/** A result's content (a string, or text and image blocks) as its text; other blocks as JSON text. */
function resultText(content: unknown, at: string, index: number, ignored: string[]): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return textOf(content) ?? '';
  const known = content.every((b) => isObject(b) && (b.type === 'text' || b.type === 'image' || b.type === 'document'));
  if (!known) return JSON.stringify(content);
  return readContentParts(content, at, index, ignored).content ?? '';
}

/**
 * One Anthropic Messages message (or a whole response, whose `usage` gives the turn's tokens):
 * content as a string or blocks, read in order. `text`, `thinking`, `tool_use` and
 * `server_tool_use` make the message's text, thought and calls; each `tool_result` (its
 * `is_error` kept, its text exactly) and each server tool's result block is a tool message of
 * its own, and text after one starts a new message, so the order the model saw is kept.
 * `redacted_thinking` leaves the thought `[redacted thinking]`; images and documents leave a
 * placeholder (`[image: image/png]`). A top-level `system` is the caller's to prepend.
 */
export const readAnthropicMessage: ShapeReader = (m, at, index, ignored) => {
  const role = m.role === 'assistant' ? 'assistant' : m.role === 'user' ? 'user' : undefined;
  if (!role) {
    ignored.push(at);
    return [];
  }
  reportUnknown(m, QUIET, at, ignored);
  const tokens = tokensOf(m.usage);
  if (!Array.isArray(m.content)) {
    const read = readContentParts(m.content, at, index, ignored);
    return [message({ role, content: read.content, tokens })];
  }
  const built = new MessageBuilder(role);
  m.content.forEach((block, k) => {
    const where = `${at}.content[${k}]`;
    const type = isObject(block) && typeof block.type === 'string' ? block.type : '';
    if (!isObject(block)) return ignored.push(where);
    if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
      if (typeof block.name !== 'string') return ignored.push(where);
      return built.call(callOf(block.id, block.name, block.input ?? {}, fallbackCallId(index, k)));
    }
    if (type === 'tool_result' || type === 'mcp_tool_result' || isServerResult(type)) {
      const content = block.content;
      const error =
        block.is_error === true ||
        (isObject(content) && typeof content.type === 'string' && content.type.endsWith('_error'));
      return built.push(
        message({
          role: 'tool',
          content: resultText(content, where, index, ignored),
          toolCallId: typeof block.tool_use_id === 'string' ? block.tool_use_id : undefined,
          isError: error || undefined,
        }),
      );
    }
    const unread: string[] = [];
    const read = readContentParts([block], at, index, unread);
    ignored.push(...unread.map((path) => path.replace(`${at}.content[0]`, where)));
    if (read.content !== undefined) built.say(read.content, type !== 'text');
    if (read.thought !== undefined) built.think(read.thought);
  });
  built.flush();
  const out = built.out;
  if (tokens && out.length) out[out.length - 1]!.tokens = tokens;
  return out;
};
