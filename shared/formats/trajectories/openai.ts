import type { ToolCall, Turn } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { declaredTools, parseArguments, RecordError, type ParsedRecord } from './records';
import { importedMedia, MEDIA_COLUMNS } from '../media';
import { declaredToolsOf, detectMessageShape, turnsFromMessages, type MessageShape } from '../messages';

const OTHER_SHAPES = new Set<MessageShape>([
  'openai-responses',
  'anthropic',
  'gemini',
  'bedrock',
  'langchain',
  'ai-sdk',
]);

/** A `messages` list in another provider's shape, with the record's top-level system prompt and tools. */
function fromOtherShapes(record: Record<string, unknown>, messages: unknown[]): ParsedRecord {
  const read = turnsFromMessages(messages, { at: 'messages' });
  // Anthropic's request puts the system prompt beside the messages, as text or text blocks.
  const text = Array.isArray(record.system)
    ? record.system.map((b) => (isObject(b) && typeof b.text === 'string' ? b.text : '')).join('\n')
    : record.system;
  const system = typeof text === 'string' && text ? [{ role: 'system' as const, content: text }] : [];
  const turns = [...system, ...read.turns];
  if (!turns.length) throw new RecordError('"messages" is empty');
  if (read.ignored.length && !turns.some((t) => t.role !== 'system'))
    throw new RecordError(`no message Trellis reads besides the system prompt: ${read.ignored[0]}`);
  const tools = toolsValue(record.tools ?? record.functions);
  return { turns, tools: declaredToolsOf(tools), ignored: read.ignored, notes: read.notes };
}

const OPENAI_ROLES: Record<string, Turn['role']> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
  function: 'tool',
};

/** Message fields that carry nothing to import (or that Trellis writes itself, like `weight`). */
const OPENAI_QUIET_FIELDS = new Set(['role', 'name', 'weight', 'loss', 'annotations', 'refusal']);

/** What a message's content holds: plain text, thoughts and (LLaMA-Factory's form) tool calls. */
interface ContentParts {
  text?: string;
  thought?: string;
  calls: unknown[];
}

/** Content as a string, or as parts: OpenAI's `{type: "text", text}`, LLaMA-Factory's `{type, value}`. */
function contentParts(content: unknown, at: string, ignored: string[]): ContentParts {
  const parts: ContentParts = { calls: [] };
  if (typeof content === 'string') parts.text = content;
  else if (Array.isArray(content)) {
    const text: string[] = [];
    const thought: string[] = [];
    content.forEach((part, k) => {
      const body = isObject(part) ? (part.text ?? part.value ?? part.reasoning ?? part.thinking) : undefined;
      const type = isObject(part) ? part.type : undefined;
      if ((type === 'text' || type === 'input_text' || type === 'output_text') && typeof body === 'string')
        text.push(body);
      else if ((type === 'reasoning' || type === 'thinking') && typeof body === 'string') thought.push(body);
      else if (type === 'tool_call' && body !== undefined) parts.calls.push(body);
      else ignored.push(`${at}.content[${k}] of type ${JSON.stringify(type ?? null)}`);
    });
    if (text.length) parts.text = text.join('');
    if (thought.length) parts.thought = thought.join('\n');
  } else if (content !== undefined && content !== null) ignored.push(`${at}.content (${typeof content})`);
  return parts;
}

function toolCall(raw: unknown, id: string, where: string): ToolCall {
  let call = raw;
  if (typeof raw === 'string') {
    try {
      call = JSON.parse(raw);
    } catch {
      throw new RecordError(`${where} is not JSON`);
    }
  }
  const fn = isObject(call) && isObject(call.function) ? call.function : call;
  if (!isObject(fn) || typeof fn.name !== 'string') throw new RecordError(`${where} has no function name`);
  return {
    id: isObject(call) && typeof call.id === 'string' ? call.id : id,
    name: fn.name,
    args: parseArguments(fn.arguments ?? fn.parameters),
  };
}

/**
 * Results of parallel calls written as one tool message holding a JSON array of
 * `{name | tool_call_id, content}` (LLaMA-Factory's reasoning data does this): one result each.
 */
function splitResults(content: string | undefined, open: number): string[] | null {
  if (!content || open < 2 || !content.trimStart().startsWith('[')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || parsed.length > open) return null;
  const results = parsed.map((r) =>
    isObject(r) && 'content' in r && ('name' in r || 'tool_call_id' in r)
      ? typeof r.content === 'string'
        ? r.content
        : JSON.stringify(r.content)
      : null,
  );
  return results.every((r) => r !== null) ? (results as string[]) : null;
}

/**
 * OpenAI chat: `{messages: [...], tools?: [...] | "<JSON string>"}`; `arguments` is a JSON
 * string. Also read: content as parts (text, reasoning and tool calls, as LLaMA-Factory writes
 * them), `reasoning_content`, legacy `function_call` / role `function`, a top-level `system`,
 * LLaMA-Factory's media columns (`images`, `videos`, `audios`, kept as metadata).
 * Anything else a message carries is listed in `ignored`, so a strict import can refuse it.
 */
export function fromOpenAI(record: unknown): ParsedRecord {
  if (!isObject(record) || !Array.isArray(record.messages)) throw new RecordError('no "messages" array');
  // `messages` written in another provider's shape (Anthropic blocks, Gemini parts, Responses
  // items, LangChain dicts): the message layer reads them.
  if (record.messages.some((m) => OTHER_SHAPES.has(detectMessageShape(m) ?? 'openai-chat')))
    return fromOtherShapes(record, record.messages);
  const ignored: string[] = [];
  const turns: Turn[] = [];
  if (typeof record.system === 'string' && record.system) turns.push({ role: 'system', content: record.system });
  let open: string[] = [];
  record.messages.forEach((m, i) => {
    const at = `messages[${i}]`;
    if (!isObject(m)) throw new RecordError(`message ${i + 1} is not an object`);
    const role = typeof m.role === 'string' ? OPENAI_ROLES[m.role] : undefined;
    // A role no chat API writes (a harness's `exit`, a `critic`) is not a reason to drop the run:
    // strict refuses it as a field not understood, lenient keeps the message as metadata.
    if (!role) {
      ignored.push(`${at} (role ${JSON.stringify(m.role ?? null)}; expected system, user, assistant or tool)`);
      return;
    }
    for (const [key, value] of Object.entries(m))
      if (!OPENAI_QUIET_FIELDS.has(key) && !OPENAI_FIELDS.has(key) && value !== null && value !== undefined)
        ignored.push(`${at}.${key}`);
    const parts = contentParts(m.content, at, ignored);
    if (role === 'tool') {
      const results = splitResults(parts.text, open.length) ?? [parts.text];
      for (const result of results) {
        const id = typeof m.tool_call_id === 'string' && results.length === 1 ? m.tool_call_id : open[0];
        open = open.filter((o) => o !== id);
        turns.push({ role, ...(result !== undefined ? { content: result } : {}), ...(id ? { toolCallId: id } : {}) });
      }
      return;
    }
    const turn: Turn = { role };
    if (parts.text !== undefined) turn.content = parts.text;
    else if (typeof m.refusal === 'string') turn.content = m.refusal;
    // Reasoning models' logs (and Trellis's own export) carry the thought beside the content.
    const thought = [m.reasoning_content, m.reasoning, m.thinking, parts.thought].find(
      (t): t is string => typeof t === 'string' && t !== '',
    );
    if (thought) turn.thought = thought;
    const calls = [
      ...(Array.isArray(m.tool_calls) ? m.tool_calls : []),
      ...(isObject(m.function_call) ? [m.function_call] : []),
      ...parts.calls,
    ];
    if (calls.length) {
      turn.toolCalls = calls.map((c, j) => toolCall(c, `call_${i}_${j}`, `message ${i + 1}, tool call ${j + 1}`));
      open = turn.toolCalls.map((c) => c.id);
    }
    if (typeof m.tool_call_id === 'string') turn.toolCallId = m.tool_call_id;
    turns.push(turn);
  });
  if (!turns.length)
    throw new RecordError(ignored.length ? `no message Trellis reads: ${ignored[0]}` : '"messages" is empty');
  // A system prompt alone is not a run: its other messages were all of a shape not read (a
  // framework that names the speaker in `type`), and importing it would keep nothing of them.
  if (ignored.length && !turns.some((t) => t.role !== 'system'))
    throw new RecordError(`no message Trellis reads besides the system prompt: ${ignored[0]}`);
  return {
    turns,
    tools: declaredTools(toolsValue(record.tools ?? record.functions)),
    ignored,
    ...importedMedia(record, turns),
  };
}

const OPENAI_FIELDS = new Set([
  'content',
  'tool_calls',
  'tool_call_id',
  'function_call',
  'reasoning_content',
  'reasoning',
  'thinking',
]);

/** Tools as a list, or as a JSON string of one (LLaMA-Factory and most Hugging Face sets). */
export function toolsValue(tools: unknown): unknown {
  if (typeof tools !== 'string') return tools;
  if (!tools.trim()) return [];
  try {
    return JSON.parse(tools);
  } catch {
    throw new RecordError('"tools" is not a JSON string of tool definitions');
  }
}

export const openaiFormat = defineFormat({
  id: 'openai',
  label: 'OpenAI chat',
  recognisedBy: '"messages"',
  versions:
    'OpenAI chat completions and fine-tuning JSONL (tools, tool_calls, legacy function_call); LLaMA-Factory content parts and media columns (images, videos, audios)',
  detect: (record) => Array.isArray(record.messages),
  parse: fromOpenAI,
  turnFields: ['messages', 'tools', 'functions', 'system', ...MEDIA_COLUMNS],
  kept: ['parallel_tool_calls', 'id', 'created', 'metadata'],
});
