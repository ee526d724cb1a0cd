import type { ToolCall } from '../../domain';
import { isObject } from '../../json';
import {
  callOf,
  fallbackCallId,
  joinText,
  type TextPiece,
  mediaPlaceholder,
  message,
  reportUnknown,
  textOf,
  type ShapeReader,
} from './common';
import type { Message } from './types';

/** Keys a Bedrock Converse content block is told by (each block is an object with one of them). */
export const BEDROCK_BLOCK_KEYS = new Set([
  'text',
  'image',
  'document',
  'video',
  'toolUse',
  'toolResult',
  'reasoningContent',
  'cachePoint',
  'guardContent',
  'citationsContent',
]);

const MEDIA = { image: 'image', document: 'document', video: 'video' } as const;

/** A block's media placeholder: `[image: png]`, `[document: report]` (Converse names a format, not a MIME type). */
function mediaOf(kind: keyof typeof MEDIA, block: Record<string, unknown>): string {
  const format =
    typeof block.format === 'string' ? `${kind === 'document' ? 'application' : kind}/${block.format}` : undefined;
  return mediaPlaceholder(format, MEDIA[kind], block.name);
}

/** A tool result's content blocks (`text`, `json`, media) as one text; JSON as JSON text. */
function resultText(content: unknown): string {
  if (!Array.isArray(content)) return textOf(content) ?? '';
  const pieces = content.map((b) => {
    if (!isObject(b)) return { text: textOf(b) ?? '' };
    if (typeof b.text === 'string') return { text: b.text };
    if (b.json !== undefined) return { text: JSON.stringify(b.json) };
    for (const kind of Object.keys(MEDIA) as (keyof typeof MEDIA)[])
      if (isObject(b[kind])) return { text: mediaOf(kind, b[kind]), media: true };
    return { text: JSON.stringify(b) };
  });
  return joinText(pieces) ?? '';
}

/**
 * One Bedrock Converse message (`{role, content: [block]}`): `text`, `reasoningContent`
 * (`reasoningText.text` the thought; `redactedContent` leaves `[redacted thinking]`), `toolUse`
 * calls, and `toolResult` blocks, each a tool message (`status: "error"` kept). Media blocks
 * leave a placeholder; `cachePoint` marks say nothing.
 */
export const readBedrockMessage: ShapeReader = (m, at, index, ignored) => {
  const role = m.role === 'assistant' ? 'assistant' : m.role === 'user' ? 'user' : undefined;
  if (!role || !Array.isArray(m.content)) {
    ignored.push(at);
    return [];
  }
  reportUnknown(m, new Set(['role', 'content']), at, ignored);
  const out: Message[] = [];
  let pieces: TextPiece[] = [];
  let callsAtPiece = 0;
  let thoughts: string[] = [];
  let calls: ToolCall[] = [];
  const flush = () => {
    const text = joinText(pieces);
    if (text !== undefined || thoughts.length || calls.length)
      out.push(message({ role, content: text, thought: thoughts.join('\n\n') || undefined, toolCalls: calls }));
    pieces = [];
    thoughts = [];
    calls = [];
    callsAtPiece = 0;
  };
  m.content.forEach((block, k) => {
    const where = `${at}.content[${k}]`;
    if (!isObject(block)) return ignored.push(where);
    if (typeof block.text === 'string') {
      pieces.push({ text: block.text, afterCall: calls.length > callsAtPiece });
      callsAtPiece = calls.length;
      return;
    }
    const use = block.toolUse;
    if (isObject(use) && typeof use.name === 'string')
      return calls.push(callOf(use.toolUseId, use.name, use.input ?? {}, fallbackCallId(index, k)));
    const result = block.toolResult;
    if (isObject(result)) {
      flush();
      return out.push(
        message({
          role: 'tool',
          content: resultText(result.content),
          toolCallId: typeof result.toolUseId === 'string' ? result.toolUseId : undefined,
          isError: result.status === 'error' || undefined,
        }),
      );
    }
    const reasoning = block.reasoningContent;
    if (isObject(reasoning)) {
      const text = isObject(reasoning.reasoningText) ? reasoning.reasoningText.text : undefined;
      if (typeof text === 'string') return thoughts.push(text);
      if (reasoning.redactedContent !== undefined) return thoughts.push('[redacted thinking]');
    }
    for (const kind of Object.keys(MEDIA) as (keyof typeof MEDIA)[])
      if (isObject(block[kind])) return pieces.push({ text: mediaOf(kind, block[kind]), media: true });
    if (block.cachePoint !== undefined) return;
    ignored.push(where);
  });
  flush();
  return out;
};
