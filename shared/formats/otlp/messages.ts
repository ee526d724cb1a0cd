import type { DeclaredTool, ToolCall, Turn } from '../../domain';
import { isObject } from '../../json';
import { declaredToolsOf } from '../messages';
import type { Message } from '../messages/types';
import { mediaPlaceholder } from '../messages/common';
import { parseArguments } from '../trajectories/records';

/** One message of a model call, as any convention gives it: the messages layer's own. */
export type ChatMessage = Message;

/** What a model-call span says, whatever convention wrote it. */
export interface ModelCall {
  /** The convention it was read by: "GenAI semconv (gen_ai.input.messages)", "OpenInference". */
  convention: string;
  input: ChatMessage[];
  output: ChatMessage[];
  tools: DeclaredTool[];
  model?: string;
  tokens?: { prompt: number; completion: number };
  /** The attributes it read (the rest of the span's are kept as metadata). */
  consumed: string[];
  /**
   * A span that sums up a whole agent run (`invoke_agent`, pydantic-ai's agent run span): its
   * messages repeat what the run's model calls said, so it is read only when none of them is.
   */
  wholeRun?: boolean;
}

/** What a tool-execution span says. */
export interface ToolExecution {
  name: string;
  callId?: string;
  args?: unknown;
  result?: string;
  consumed: string[];
}

const ROLES: Record<string, Turn['role']> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  model: 'assistant',
  tool: 'tool',
  function: 'tool',
  ipython: 'tool',
};

export const roleOf = (value: unknown, fallback: Turn['role']): Turn['role'] =>
  (typeof value === 'string' ? ROLES[value.toLowerCase()] : undefined) ?? fallback;

/** A value some convention wrote as JSON text (or already as JSON). */
export function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Text as a turn holds it: strings as they are, anything else as JSON. */
export const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/** A tool call in OpenAI's shape (`{id, function: {name, arguments}}`) or flat (`{id, name, arguments}`). */
export function toolCallOf(raw: unknown, fallbackId: string): ToolCall | null {
  if (!isObject(raw)) return null;
  const fn = isObject(raw.function) ? raw.function : raw;
  if (typeof fn.name !== 'string') return null;
  return {
    id: typeof raw.id === 'string' && raw.id ? raw.id : fallbackId,
    name: fn.name,
    args: parseArguments(fn.arguments ?? fn.args ?? fn.input),
  };
}

/** A message with no text, thought or call says nothing: left out. */
export const saysSomething = (m: ChatMessage) =>
  Boolean(m.content || m.thought || m.toolCalls?.length || m.role === 'tool');

/**
 * Parts that hold media rather than text: the conventions' `blob` (inline, base64), `uri` and
 * `file` (by reference), and pydantic-ai's earlier `binary` and `image-url`-style parts.
 */
const MEDIA_PARTS = new Set(['blob', 'uri', 'file', 'binary', 'image-url', 'audio-url', 'video-url', 'document-url']);

/** A media part as the placeholder the message layer writes (`[image: https://…]`), never its bytes. */
function mediaOfPart(p: Record<string, unknown>, type: string, afterText: boolean): string {
  const kind = typeof p.modality === 'string' ? p.modality : type.replace(/-url$/, '');
  const named = p.uri ?? p.url ?? p.file_id;
  const placeholder = mediaPlaceholder(
    p.mime_type ?? p.media_type,
    kind === 'blob' || kind === 'binary' ? 'file' : kind,
    named,
  );
  return afterText ? `\n${placeholder}` : placeholder;
}

/**
 * The current GenAI semantic conventions' messages (`gen_ai.input.messages`, …): `{role, parts}`
 * with parts `text`, `reasoning`, `tool_call` and `tool_call_response` (one tool turn each).
 */
export function messagesOfParts(value: unknown): ChatMessage[] {
  const list = jsonValue(value);
  if (!Array.isArray(list)) return [];
  // An exporter that writes the attribute as an array may hold each message as JSON text.
  return list.map(jsonValue).flatMap((m, i): ChatMessage[] => {
    if (!isObject(m)) return [];
    const role = roleOf(m.role, 'user');
    const parts = Array.isArray(m.parts) ? m.parts.filter(isObject) : [];
    const text: string[] = [];
    const thought: string[] = [];
    const calls: ToolCall[] = [];
    const responses: ChatMessage[] = [];
    parts.forEach((p, k) => {
      if (p.type === 'text' && typeof p.content === 'string') text.push(p.content);
      else if ((p.type === 'reasoning' || p.type === 'thinking') && typeof p.content === 'string')
        thought.push(p.content);
      else if (p.type === 'tool_call') {
        const call = toolCallOf(p, `call_${i}_${k}`);
        if (call) calls.push(call);
      } else if (p.type === 'tool_call_response')
        responses.push({
          role: 'tool',
          content: textOf(p.response ?? p.result ?? p.content) ?? '',
          ...(typeof p.id === 'string' ? { toolCallId: p.id } : {}),
        });
      else if (typeof p.type === 'string' && MEDIA_PARTS.has(p.type))
        text.push(mediaOfPart(p, p.type, text.length > 0));
      else if (p.content !== undefined) text.push(textOf(p.content) ?? '');
    });
    if (typeof m.content === 'string') text.push(m.content);
    if (responses.length) return responses;
    return [
      {
        role,
        ...(text.length ? { content: text.join('') } : {}),
        ...(thought.length ? { thought: thought.join('\n') } : {}),
        ...(calls.length ? { toolCalls: calls } : {}),
      },
    ];
  });
}

/**
 * OpenAI-style messages (`{role, content, tool_calls, tool_call_id}`), as older conventions' JSON
 * holds them: a list, or one message (an event per message, as Mirascope writes them).
 */
export function messagesOfOpenAI(value: unknown): ChatMessage[] {
  const json = jsonValue(value);
  const list = isObject(json) ? [json] : json;
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((m, i) => openAIMessage(m, i, 'user'));
}

export function openAIMessage(m: Record<string, unknown>, i: number, fallback: Turn['role']): ChatMessage {
  if (Array.isArray(m.parts)) return messagesOfParts([m])[0] ?? { role: roleOf(m.role, fallback) };
  const calls = (
    Array.isArray(m.tool_calls) ? m.tool_calls : ((jsonValue(m.tool_calls) as unknown[] | undefined) ?? [])
  )
    .map((c: unknown, k: number) => toolCallOf(c, `call_${i}_${k}`))
    .filter((c): c is ToolCall => c !== null);
  const content = Array.isArray(m.content)
    ? m.content.map((p: unknown) => (isObject(p) ? (textOf(p.text ?? p.content) ?? '') : textOf(p))).join('')
    : textOf(m.content);
  const callId = m.tool_call_id ?? m.id;
  const role = roleOf(m.role, fallback);
  return {
    role,
    ...(content ? { content } : {}),
    ...(calls.length ? { toolCalls: calls } : {}),
    ...(role === 'tool' && typeof callId === 'string' ? { toolCallId: callId } : {}),
  };
}

/** `gen_ai.tool.definitions` or a list of OpenInference `tool.json_schema` values: the tools as declared (`parameters`, or the AI SDK's `inputSchema`, …). */
export function toolsOf(values: unknown[]): DeclaredTool[] {
  // A list may hold each declaration as JSON text (an attribute written as an array of strings).
  return declaredToolsOf(values.map(jsonValue).flat().map(jsonValue));
}

/** An attribute as a non-negative integer, or undefined. */
export const countOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
