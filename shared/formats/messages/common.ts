import type { ToolCall } from '../../domain';
import { isObject } from '../../json';
import { parseArguments } from '../trajectories/records';
import type { Message } from './types';

/** What a shape reader makes of one provider message: Trellis messages, and the paths it could not read. */
export type ShapeReader = (message: Record<string, unknown>, at: string, index: number, ignored: string[]) => Message[];

/** Text as a message holds it: strings as they are, any other JSON as JSON text. */
export const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/** The first of `keys` the object has (camelCase or snake_case spellings of one field). */
export function field(value: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (value[key] !== undefined && value[key] !== null) return value[key];
  return undefined;
}

/** Lists, as `at.key`, the fields of `value` none of `known` names (null values say nothing). */
export function reportUnknown(
  value: Record<string, unknown>,
  known: ReadonlySet<string>,
  at: string,
  ignored: string[],
): void {
  for (const [key, v] of Object.entries(value))
    if (!known.has(key) && v !== null && v !== undefined) ignored.push(`${at}.${key}`);
}

/** A tool call; arguments written as JSON text are parsed (malformed ones kept as the text). */
export const callOf = (id: unknown, name: string, args: unknown, fallbackId: string): ToolCall => ({
  id: typeof id === 'string' && id ? id : fallbackId,
  name,
  args: parseArguments(args),
});

/** The id Trellis gives a call whose shape gives none: unique within a list (message and position). */
export const fallbackCallId = (index: number, k: number) => `call_${index}_${k}`;

/** A message with only the fields that hold something (no `content: undefined`). */
export function message(fields: Message): Message {
  const out: Message = { role: fields.role };
  for (const [key, value] of Object.entries(fields) as [keyof Message, unknown][])
    if (key !== 'role' && value !== undefined && !(Array.isArray(value) && !value.length))
      (out as unknown as Record<string, unknown>)[key] = value;
  return out;
}

/** Whether a message holds anything a turn shows. */
export const saysSomething = (m: Message) =>
  m.content !== undefined || Boolean(m.thought || m.toolCalls?.length) || m.role === 'tool';

/** `[image: image/png]`: what a media part without text of its own leaves in a message's text. */
export function mediaPlaceholder(mime: unknown, fallbackKind = 'file', name?: unknown): string {
  const type = typeof mime === 'string' && mime ? mime : undefined;
  const kind = type ? kindOfMime(type, fallbackKind) : fallbackKind;
  const what = typeof name === 'string' && name ? name : (type ?? '');
  return what ? `[${kind}: ${what}]` : `[${kind}]`;
}

function kindOfMime(mime: string, fallback: string): string {
  const top = mime.split('/')[0]!;
  return ['image', 'audio', 'video'].includes(top) ? top : fallback;
}

/** The media type of a `data:` URL, or the URL itself when it names a file elsewhere. */
export function urlDescription(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url) return undefined;
  const data = /^data:([^;,]+)[;,]/.exec(url);
  return data ? data[1] : url.startsWith('data:') ? undefined : url;
}

/** Usage counts as a turn holds them, from any provider's names for them. */
export function tokensOf(usage: unknown): Message['tokens'] {
  if (!isObject(usage)) return undefined;
  const prompt = field(usage, 'prompt_tokens', 'input_tokens', 'inputTokens', 'promptTokenCount');
  const completion = field(usage, 'completion_tokens', 'output_tokens', 'outputTokens', 'candidatesTokenCount');
  return typeof prompt === 'number' && typeof completion === 'number' ? { prompt, completion } : undefined;
}

/** A piece of a message's text: a media placeholder, or text that follows a call in the same message. */
export interface TextPiece {
  text: string;
  media?: boolean;
  afterCall?: boolean;
}

/**
 * One message built from a provider's blocks in order: its text (and media placeholders), thoughts
 * and calls gathered until something ends it (`flush`, before a tool result), so the messages come
 * out in the order the model saw them. Text that comes after a call of the same message is marked
 * so that `joinText` starts it as a new paragraph.
 */
export class MessageBuilder {
  readonly out: Message[] = [];
  private pieces: TextPiece[] = [];
  private thoughts: string[] = [];
  private calls: ToolCall[] = [];
  /** How many calls the message had at its last text: more now means the next text follows a call. */
  private callsAtPiece = 0;

  constructor(
    private readonly role: Message['role'],
    /** How the message's thoughts are joined ("" where a provider streams one thought in parts). */
    private readonly thoughtSeparator = '\n\n',
  ) {}

  /** Text of the message (`media`: a placeholder that reads as text, on a line of its own). */
  say(text: string, media = false): void {
    this.pieces.push({ text, media, afterCall: this.calls.length > this.callsAtPiece });
    this.callsAtPiece = this.calls.length;
  }

  /** A media placeholder that does not count as text after a call. */
  place(text: string): void {
    this.pieces.push({ text, media: true });
  }

  think(text: string): void {
    this.thoughts.push(text);
  }

  call(call: ToolCall): void {
    this.calls.push(call);
  }

  /** Ends the message so far, where it says anything. */
  flush(): void {
    const content = joinText(this.pieces);
    if (content !== undefined || this.thoughts.length || this.calls.length)
      this.out.push(
        message({
          role: this.role,
          content,
          thought: this.thoughts.join(this.thoughtSeparator) || undefined,
          toolCalls: this.calls,
        }),
      );
    this.pieces = [];
    this.thoughts = [];
    this.calls = [];
    this.callsAtPiece = 0;
  }

  /** A message of its own (a tool result), after the message so far. */
  push(next: Message): void {
    this.flush();
    this.out.push(next);
  }
}

/** Texts joined as one message's text: pieces side by side, placeholders on lines of their own. */
export function joinText(pieces: TextPiece[]): string | undefined {
  if (!pieces.length) return undefined;
  let out = '';
  pieces.forEach((p, k) => {
    const prev = pieces[k - 1];
    // Text after a call of the same message is a new utterance (text, call, text, call): a paragraph
    // break keeps its words from running into the text before the call.
    out += k === 0 ? p.text : p.afterCall ? `\n\n${p.text}` : p.media || prev?.media ? `\n${p.text}` : p.text;
  });
  return out;
}
