import { isObject } from '../../json';
import {
  callOf,
  fallbackCallId,
  joinText,
  mediaPlaceholder,
  message,
  MessageBuilder,
  reportUnknown,
  textOf,
  type ShapeReader,
} from './common';

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
  const built = new MessageBuilder(role);
  m.content.forEach((block, k) => {
    const where = `${at}.content[${k}]`;
    if (!isObject(block)) return ignored.push(where);
    if (typeof block.text === 'string') return built.say(block.text);
    const use = block.toolUse;
    if (isObject(use) && typeof use.name === 'string')
      return built.call(callOf(use.toolUseId, use.name, use.input ?? {}, fallbackCallId(index, k)));
    const result = block.toolResult;
    if (isObject(result)) {
      return built.push(
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
      if (typeof text === 'string') return built.think(text);
      if (reasoning.redactedContent !== undefined) return built.think('[redacted thinking]');
    }
    for (const kind of Object.keys(MEDIA) as (keyof typeof MEDIA)[])
      if (isObject(block[kind])) return built.place(mediaOf(kind, block[kind]));
    if (block.cachePoint !== undefined) return;
    ignored.push(where);
  });
  built.flush();
  return built.out;
};
