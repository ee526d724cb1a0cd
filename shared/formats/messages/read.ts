import { isObject } from '../../json';
import { readAiSdkMessage } from './ai-sdk';
import { readAnthropicMessage } from './anthropic';
import { readBedrockMessage } from './bedrock';
import type { ShapeReader } from './common';
import { detectMessageShape, isPlainMessage } from './detect';
import { readGeminiContent } from './gemini';
import { readLangChainMessage } from './langchain';
import { readChatMessage } from './openai-chat';
import { foldResponsesItems, readResponsesItem } from './openai-responses';
import type { Message, MessageShape, ReadMessages } from './types';

/** Each shape's reader: a new shape is one file and one line here (and its test in detect.ts). */
const READERS: Record<MessageShape, ShapeReader> = {
  'openai-chat': readChatMessage,
  'openai-responses': readResponsesItem,
  anthropic: readAnthropicMessage,
  gemini: readGeminiContent,
  bedrock: readBedrockMessage,
  langchain: readLangChainMessage,
  'ai-sdk': readAiSdkMessage,
};

export interface ReadOptions {
  /** Read every message as this shape instead of detecting each one. */
  shape?: MessageShape;
  /** Where the list sits in its record, for `ignored` paths (`request.messages`): `[3].audio` unless given. */
  at?: string;
  /** The position of the list's first message in the whole list it was cut from (paths and calls' fallback ids count from it). */
  first?: number;
}

/**
 * A list of provider messages (or JSON text of one, or one message) as Trellis messages, each
 * read in the shape it is written in (detected per message unless `options.shape` says). A
 * message no shape reads is listed in `ignored` whole. Plain messages that every shape writes
 * alike are read in the list's other shape, so a list counts one shape unless it truly mixes.
 */
export function readMessages(list: unknown, options: ReadOptions = {}): ReadMessages {
  const values = listOf(list);
  const at = options.at ?? '';
  const ignored: string[] = [];
  const shapes = new Set<MessageShape>();
  const read: { shape: MessageShape; messages: Message[] }[] = [];
  const detected = values.map((m) => options.shape ?? detectMessageShape(m));
  const dominant = detected.find((s, i): s is MessageShape => s !== null && !isPlainMessage(values[i]));
  values.forEach((m, i) => {
    const index = i + (options.first ?? 0);
    const where = `${at}[${index}]`;
    const shape = detected[i] === 'openai-chat' && isPlainMessage(m) && dominant ? dominant : detected[i];
    if (!shape || !isObject(m)) {
      ignored.push(where);
      return;
    }
    shapes.add(shape);
    read.push({ shape, messages: READERS[shape](m, where, index, ignored) });
  });
  return { messages: foldResponses(read), shapes: [...shapes], ignored, notes: [] };
}

/** Responses items of one reply (reasoning, message, calls) folded into one message; others as read. */
function foldResponses(read: { shape: MessageShape; messages: Message[] }[]): Message[] {
  const out: Message[] = [];
  let run: Message[] = [];
  for (const { shape, messages } of read) {
    if (shape === 'openai-responses') {
      run.push(...messages);
      continue;
    }
    out.push(...foldResponsesItems(run), ...messages);
    run = [];
  }
  return [...out, ...foldResponsesItems(run)];
}

function listOf(list: unknown): unknown[] {
  if (typeof list === 'string') {
    try {
      return listOf(JSON.parse(list));
    } catch {
      return [];
    }
  }
  if (Array.isArray(list)) return list;
  return list === undefined || list === null ? [] : [list];
}
