import type { DeclaredTool } from '../../domain';
import { isObject } from '../../json';
import { field, tokensOf } from './common';
import { readMessages } from './read';
import { declaredToolsOf } from './tools';
import type { Message, MessageShape } from './types';

/** What one model-API call says: the request's messages and tools, then the model's reply. */
export interface Exchange {
  messages: Message[];
  tools: DeclaredTool[];
  shapes: MessageShape[];
  /** The model the reply names (else the request's). */
  model?: string;
  /** Why the reply stopped, as the API says it (`stop`, `tool_calls`, `end_turn`, `STOP`). */
  stopReason?: string;
  /** The request's other parameters (temperature, tool choice …), as sent. */
  parameters: Record<string, unknown>;
  /** Paths (from `at`) of what no message shape reads. */
  ignored: string[];
  /** True when the response was an API error rather than a reply. */
  error?: unknown;
}

/** Request fields that hold messages, instructions or tools, in any provider's API. */
const REQUEST_FIELDS = new Set([
  'messages',
  'input',
  'instructions',
  'system',
  'contents',
  'systemInstruction',
  'system_instruction',
  'tools',
  'functions',
  'toolConfig',
  'prompt',
  'model',
]);

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The request's system text, as Anthropic (`system`), Bedrock (`system: [{text}]`), Responses (`instructions`) or Gemini give it. */
function systemOf(body: Record<string, unknown>): Message[] {
  const system = field(body, 'system', 'instructions', 'systemInstruction', 'system_instruction');
  if (typeof system === 'string') return system ? [{ role: 'system', content: system }] : [];
  const blocks = isObject(system) ? listOf(system.parts) : listOf(system);
  const text = blocks
    .map((b) => (isObject(b) && typeof b.text === 'string' ? b.text : typeof b === 'string' ? b : ''))
    .filter(Boolean)
    .join('\n');
  return text ? [{ role: 'system', content: text }] : [];
}

/**
 * A request body of any provider's API as messages: Chat and Anthropic and Bedrock `messages`,
 * Responses `input` (text or items), Gemini `contents`, a completion's `prompt`; with the system
 * text each keeps apart (`system`, `instructions`, `systemInstruction`) first, and its tools.
 */
export function readRequest(body: Record<string, unknown>, at: string) {
  const ignored: string[] = [];
  const messages: Message[] = [...systemOf(body)];
  const shapes = new Set<MessageShape>();
  const list = field(body, 'messages', 'input', 'contents');
  const key = ['messages', 'input', 'contents'].find((k) => body[k] !== undefined && body[k] !== null) ?? 'messages';
  if (typeof list === 'string') messages.push({ role: 'user', content: list });
  else if (list !== undefined) {
    const read = readMessages(list, { at: `${at}.${key}` });
    messages.push(...read.messages);
    ignored.push(...read.ignored);
    read.shapes.forEach((s) => shapes.add(s));
  }
  if (typeof body.prompt === 'string') messages.push({ role: 'user', content: body.prompt });
  const toolConfig = isObject(body.toolConfig) ? body.toolConfig.tools : undefined;
  const tools = declaredToolsOf([...listOf(body.tools), ...listOf(body.functions), ...listOf(toolConfig)]);
  const parameters = Object.fromEntries(Object.entries(body).filter(([k]) => !REQUEST_FIELDS.has(k)));
  return { messages, tools, shapes: [...shapes], ignored, parameters, model: body.model };
}

/**
 * A response body of any provider's API as the reply's messages: every Chat choice's message
 * (or a completion choice's `text`), Responses `output` items, an Anthropic message, Gemini
 * candidates' content, Bedrock's `output.message`. The response's usage is the last message's tokens.
 */
export function readResponse(body: Record<string, unknown>, at: string) {
  const ignored: string[] = [];
  const shapes = new Set<MessageShape>();
  const read = (list: unknown, where: string, one = false) => {
    const r = readMessages(list, { at: where });
    // One message read as a list of one: its paths are the message's own (`choices[0].message.audio`).
    ignored.push(...r.ignored.map((path) => (one ? path.replace(`${where}[0]`, where) : path)));
    r.shapes.forEach((s) => shapes.add(s));
    return r.messages;
  };
  const messages: Message[] = [];
  let stopReason: unknown = field(body, 'stop_reason', 'stopReason');
  if (Array.isArray(body.choices))
    body.choices.forEach((choice, i) => {
      if (!isObject(choice)) return;
      stopReason ??= choice.finish_reason;
      if (isObject(choice.message)) messages.push(...read([choice.message], `${at}.choices[${i}].message`, true));
      else if (typeof choice.text === 'string') messages.push({ role: 'assistant', content: choice.text });
    });
  else if (Array.isArray(body.output)) messages.push(...read(body.output, `${at}.output`));
  else if (isObject(body.output) && isObject(body.output.message))
    messages.push(...read([body.output.message], `${at}.output.message`, true));
  else if (Array.isArray(body.candidates))
    body.candidates.forEach((c, i) => {
      if (!isObject(c) || !isObject(c.content)) return;
      stopReason ??= c.finishReason ?? c.finish_reason;
      messages.push(...read([{ role: 'model', ...c.content }], `${at}.candidates[${i}].content`, true));
    });
  else if (Array.isArray(body.content) && body.role === 'assistant') messages.push(...read([body], at, true));
  const tokens = tokensOf(body.usage ?? body.usageMetadata ?? body.usage_metadata);
  const last = messages[messages.length - 1];
  if (tokens && last) last.tokens = tokens;
  const model = field(body, 'model', 'modelVersion', 'model_version');
  return {
    messages,
    shapes: [...shapes],
    ignored,
    model: typeof model === 'string' ? model : undefined,
    stopReason: typeof stopReason === 'string' ? stopReason : undefined,
    error: body.error ?? undefined,
  };
}

/** One model-API call: its request and response bodies, read in whichever provider's API they are. */
export function readExchange(
  request: Record<string, unknown>,
  response: Record<string, unknown> | undefined,
  at: { request: string; response: string },
): Exchange {
  const asked = readRequest(request, at.request);
  const replied = response ? readResponse(response, at.response) : undefined;
  const model = replied?.model ?? (typeof asked.model === 'string' ? asked.model : undefined);
  return {
    messages: [...asked.messages, ...(replied?.messages ?? [])],
    tools: asked.tools,
    shapes: [...new Set([...asked.shapes, ...(replied?.shapes ?? [])])],
    ...(model ? { model } : {}),
    ...(replied?.stopReason ? { stopReason: replied.stopReason } : {}),
    parameters: asked.parameters,
    ignored: [...asked.ignored, ...(replied?.ignored ?? [])],
    ...(replied?.error !== undefined ? { error: replied.error } : {}),
  };
}
