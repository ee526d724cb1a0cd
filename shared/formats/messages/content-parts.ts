import type { ToolCall } from '../../domain';
import { isObject } from '../../json';
import { callOf, fallbackCallId, field, joinText, mediaPlaceholder, textOf, urlDescription } from './common';

/** What a message's content holds, part by part. */
export interface ContentRead {
  content?: string;
  thought?: string;
  calls: ToolCall[];
}

type Piece = { text: string; media?: boolean };

/** The text of a media part, which has none of its own: `[image: image/png]`, `[file: report.pdf]`. */
function mediaOf(part: Record<string, unknown>, type: string): string | undefined {
  const imageUrl = part.image_url;
  switch (type) {
    case 'image_url':
    case 'input_image':
      return mediaPlaceholder(
        urlDescription(isObject(imageUrl) ? imageUrl.url : imageUrl) ?? (part.file_id as string),
        'image',
      );
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
    case 'file': {
      const source = isObject(part.source) ? part.source : isObject(part.file) ? part.file : part;
      const mime = field(source, 'media_type', 'mime_type', 'mimeType') ?? urlDescription(source.url);
      return mediaPlaceholder(mime, type === 'document' ? 'document' : type, field(source, 'filename', 'title'));
    }
    case 'input_audio': {
      const audio = isObject(part.input_audio) ? part.input_audio : part;
      return mediaPlaceholder(typeof audio.format === 'string' ? `audio/${audio.format}` : undefined, 'audio');
    }
    case 'input_file':
      return mediaPlaceholder(undefined, 'file', field(part, 'filename', 'file_url', 'file_id'));
    default:
      return undefined;
  }
}

/** The text an Anthropic document carries itself (a plain-text source, or content blocks); undefined for a file. */
function textOfDocument(part: Record<string, unknown>): string | undefined {
  const source = isObject(part.source) ? part.source : undefined;
  if (source?.type === 'text' && typeof source.data === 'string') return source.data;
  if (source?.type === 'content' && Array.isArray(source.content)) {
    const texts = source.content
      .map((b) => (isObject(b) ? b.text : b))
      .filter((t): t is string => typeof t === 'string');
    return texts.length ? texts.join('') : undefined;
  }
  return undefined;
}

/** A reasoning part's text: `thinking`, `reasoning`, or Responses-style `summary` / `content` lists. */
function reasoningOf(part: Record<string, unknown>): string | undefined {
  const direct = field(part, 'thinking', 'reasoning', 'text');
  if (typeof direct === 'string') return direct;
  const lists = [part.summary, part.content].flatMap((l) => (Array.isArray(l) ? l : []));
  const texts = lists.map((s) => (isObject(s) ? s.text : s)).filter((s): s is string => typeof s === 'string');
  return texts.length ? texts.join('\n\n') : undefined;
}

/**
 * Content as a string or as parts, in any of the part vocabularies that sit in a `content` list:
 * OpenAI Chat (`text`, `image_url`, `input_audio`, `file`, `refusal`), Responses (`input_text`,
 * `output_text`, `input_image`, `input_file`), LangChain's standard blocks (`reasoning`,
 * `tool_call`, `image` …) and the Anthropic blocks LangChain keeps (`thinking`, `tool_use`).
 * A media part has no text of its own: it leaves a placeholder (`[image: image/png]`) in the
 * text, so that a message of only an image still says it held one. Other parts are listed in
 * `ignored` by path.
 */
export function readContentParts(
  content: unknown,
  at: string,
  index: number,
  ignored: string[],
  options: { key?: string; knownPart?: (part: Record<string, unknown>, k: number) => boolean } = {},
): ContentRead {
  const { key = 'content', knownPart } = options;
  const read: ContentRead = { calls: [] };
  if (typeof content === 'string') {
    read.content = content;
    return read;
  }
  if (content === undefined || content === null) return read;
  if (!Array.isArray(content)) {
    ignored.push(`${at}.${key}`);
    return read;
  }
  const pieces: Piece[] = [];
  const thoughts: string[] = [];
  content.forEach((part, k) => {
    if (typeof part === 'string') return pieces.push({ text: part });
    if (!isObject(part)) return ignored.push(`${at}.${key}[${k}]`);
    if (knownPart?.(part, k)) return;
    const type = typeof part.type === 'string' ? part.type : '';
    const documentText = type === 'document' ? textOfDocument(part) : undefined;
    if (documentText !== undefined) return pieces.push({ text: documentText });
    const media = mediaOf(part, type);
    if (media !== undefined) return pieces.push({ text: media, media: true });
    if (['text', 'input_text', 'output_text', 'summary_text', 'text-plain'].includes(type)) {
      const text = textOf(part.text);
      return text === undefined ? ignored.push(`${at}.${key}[${k}]`) : pieces.push({ text });
    }
    if (type === 'refusal' && typeof part.refusal === 'string') return pieces.push({ text: part.refusal });
    if (['thinking', 'reasoning', 'reasoning_text'].includes(type)) {
      const thought = reasoningOf(part);
      return thought === undefined ? undefined : thoughts.push(thought);
    }
    if (type === 'redacted_thinking') return thoughts.push('[redacted thinking]');
    if (type === 'tool_use' || type === 'tool_call' || type === 'function_call') {
      const fn = isObject(part.function) ? part.function : part;
      if (typeof fn.name === 'string')
        return read.calls.push(
          callOf(
            field(part, 'id', 'call_id'),
            fn.name,
            field(fn, 'input', 'args', 'arguments', 'parameters') ?? {},
            fallbackCallId(index, k),
          ),
        );
    }
    ignored.push(`${at}.${key}[${k}]`);
  });
  read.content = joinText(pieces);
  if (thoughts.length) read.thought = thoughts.join('\n\n');
  return read;
}
