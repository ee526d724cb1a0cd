import { isObject } from '../../json';

type Json = Record<string, unknown>;

/** A string field grown by a fragment. */
const grow = (target: Json, key: string, piece: unknown) => {
  if (typeof piece === 'string') target[key] = (typeof target[key] === 'string' ? target[key] : '') + piece;
};

/**
 * The assistant message a streamed Chat Completion's `chat.completion.chunk`s make (of choice
 * `choice`, 0 unless asked): content, refusal and `reasoning_content` fragments joined, tool calls
 * assembled by `tool_calls[].index` (id, name and argument fragments), the last chunk's `usage`
 * kept. Chunks may be objects or the JSON text of server-sent events' `data:` lines.
 */
export function joinChatChunks(chunks: unknown[], choice = 0): Json {
  const message: Json = { role: 'assistant' };
  const calls: Json[] = [];
  for (const raw of chunks) {
    const chunk = typeof raw === 'string' ? parsed(raw) : raw;
    if (!isObject(chunk)) continue;
    if (isObject(chunk.usage)) message.usage = chunk.usage;
    const picked = Array.isArray(chunk.choices)
      ? chunk.choices.find((c) => isObject(c) && (c.index ?? 0) === choice)
      : undefined;
    const delta = isObject(picked) && isObject(picked.delta) ? picked.delta : undefined;
    if (!delta) continue;
    if (typeof delta.role === 'string') message.role = delta.role;
    for (const key of ['content', 'refusal', 'reasoning_content', 'reasoning']) grow(message, key, delta[key]);
    if (!Array.isArray(delta.tool_calls)) continue;
    for (const part of delta.tool_calls) {
      if (!isObject(part)) continue;
      const at = typeof part.index === 'number' ? part.index : calls.length;
      const call = (calls[at] ??= { type: 'function', function: {} });
      if (typeof part.id === 'string') call.id = part.id;
      const fn = isObject(part.function) ? part.function : {};
      const target = call.function as Json;
      grow(target, 'name', fn.name);
      grow(target, 'arguments', fn.arguments);
    }
  }
  const assembled = calls.filter(Boolean);
  if (assembled.length) message.tool_calls = assembled;
  return message;
}

/**
 * The message an Anthropic Messages stream makes: `message_start`'s message, each content block
 * from `content_block_start` grown by its deltas (`text_delta`, `input_json_delta` — the input's
 * JSON parsed at `content_block_stop` —, `thinking_delta`, `signature_delta`, `citations_delta`),
 * and `message_delta`'s stop reason and usage. Events may be objects or the JSON text of `data:` lines.
 */
export function joinAnthropicEvents(events: unknown[]): Json {
  let message: Json = { role: 'assistant', content: [] };
  const blocks: Json[] = [];
  const json: string[] = [];
  for (const raw of events) {
    const event = typeof raw === 'string' ? parsed(raw) : raw;
    if (!isObject(event)) continue;
    const index = typeof event.index === 'number' ? event.index : blocks.length - 1;
    if (event.type === 'message_start' && isObject(event.message)) message = { ...event.message };
    else if (event.type === 'content_block_start' && isObject(event.content_block)) {
      blocks[index] = { ...event.content_block };
      json[index] = '';
    } else if (event.type === 'content_block_delta' && isObject(event.delta) && blocks[index]) {
      const block = blocks[index];
      const delta = event.delta;
      if (delta.type === 'text_delta') grow(block, 'text', delta.text);
      else if (delta.type === 'thinking_delta') grow(block, 'thinking', delta.thinking);
      else if (delta.type === 'signature_delta') grow(block, 'signature', delta.signature);
      else if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string')
        json[index] = (json[index] ?? '') + delta.partial_json;
      else if (delta.type === 'citations_delta')
        block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
    } else if (event.type === 'content_block_stop' && blocks[index] && json[index]) {
      blocks[index].input = parsed(json[index]) ?? json[index];
    } else if (event.type === 'message_delta') {
      if (isObject(event.delta)) message = { ...message, ...event.delta };
      if (isObject(event.usage)) message.usage = { ...(isObject(message.usage) ? message.usage : {}), ...event.usage };
    }
  }
  return { ...message, content: blocks.filter(Boolean) };
}

function parsed(text: string): unknown {
  const body = text.replace(/^data:\s*/, '').trim();
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The JSON values of a server-sent-events body's `data:` lines (`[DONE]` and other text left out). */
export function sseData(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => parsed(line))
    .filter((value) => value !== undefined);
}

/**
 * The response body a streamed reply makes, whichever API streamed it: Anthropic events joined
 * into its message, Bedrock `converse-stream` events into Converse's `{output: {message}}`, Chat chunks into `{choices: [{message}]}`, the Responses stream's final
 * `response.completed` response, Gemini's chunks' parts joined into one candidate; an error event
 * that ended the stream is kept as the body's `error`. Null when the events are none of these.
 */
export function joinStreamedReply(events: unknown[]): Json | null {
  const objects = events.filter(isObject);
  const joined = joinedReply(objects);
  // A stream that broke off with an error event (Anthropic's `error`, an OpenAI-compatible `{error}`) says so.
  const error = objects.find((e) => isObject(e.error))?.error;
  return joined && error !== undefined ? { ...joined, error } : joined;
}

function joinedReply(objects: Json[]): Json | null {
  if (objects.some((e) => e.type === 'message_start')) return joinAnthropicEvents(objects);
  if (objects.some((e) => isObject(e.messageStart) || isObject(e.contentBlockDelta)))
    return joinConverseEvents(objects);
  const completed = objects.find(
    (e) => (e.type === 'response.completed' || e.type === 'response.incomplete') && isObject(e.response),
  );
  if (completed) return completed.response as Json;
  if (objects.some((e) => e.object === 'chat.completion.chunk' || Array.isArray(e.choices))) {
    const last = objects[objects.length - 1]!;
    const usage = [...objects].reverse().find((e) => isObject(e.usage))?.usage;
    return {
      model: objects.find((e) => typeof e.model === 'string')?.model,
      choices: [{ message: joinChatChunks(objects), finish_reason: finishOf(objects) }],
      ...(usage ? { usage } : {}),
      ...(typeof last.id === 'string' ? { id: last.id } : {}),
    };
  }
  if (objects.some((e) => Array.isArray(e.candidates))) {
    const parts = objects.flatMap((e) =>
      Array.isArray(e.candidates) && isObject(e.candidates[0]) && isObject(e.candidates[0].content)
        ? ((e.candidates[0].content.parts as unknown[] | undefined) ?? [])
        : [],
    );
    const last = objects[objects.length - 1]!;
    const finish = objects
      .flatMap((e) => (Array.isArray(e.candidates) ? e.candidates : []))
      .find((c) => isObject(c) && c.finishReason);
    return {
      candidates: [
        {
          content: { role: 'model', parts: joinGeminiText(parts) },
          ...(isObject(finish) ? { finishReason: finish.finishReason } : {}),
        },
      ],
      ...(last.usageMetadata ? { usageMetadata: last.usageMetadata } : {}),
      ...(last.modelVersion ? { modelVersion: last.modelVersion } : {}),
    };
  }
  return null;
}

function finishOf(chunks: Json[]): unknown {
  for (const c of chunks)
    if (Array.isArray(c.choices))
      for (const choice of c.choices) if (isObject(choice) && choice.finish_reason) return choice.finish_reason;
  return undefined;
}

/** Streamed Gemini parts: consecutive text parts of the same kind (thought or not) joined, others kept. */
function joinGeminiText(parts: unknown[]): unknown[] {
  const out: Json[] = [];
  for (const part of parts) {
    if (!isObject(part)) continue;
    const prev = out[out.length - 1];
    const textOnly =
      typeof part.text === 'string' &&
      Object.keys(part).every((k) => ['text', 'thought', 'thoughtSignature'].includes(k));
    if (
      textOnly &&
      prev &&
      typeof prev.text === 'string' &&
      Boolean(prev.thought) === Boolean(part.thought) &&
      !prev.functionCall
    )
      prev.text = `${prev.text}${part.text as string}`;
    else out.push({ ...part });
  }
  return out;
}

/**
 * Bedrock `converse-stream` events (`{messageStart}`, `{contentBlockStart}`, `{contentBlockDelta}`,
 * `{messageStop}`, `{metadata}`) as the Converse response they stream: text, reasoning and tool
 * use blocks grown by their deltas (a tool's input JSON parsed at the end), the stop reason and usage.
 */
export function joinConverseEvents(events: unknown[]): Json {
  const blocks: Json[] = [];
  const inputs: string[] = [];
  let role = 'assistant';
  let stopReason: unknown;
  let usage: unknown;
  for (const event of events) {
    if (!isObject(event)) continue;
    if (isObject(event.messageStart) && typeof event.messageStart.role === 'string') role = event.messageStart.role;
    if (isObject(event.messageStop)) stopReason = event.messageStop.stopReason;
    if (isObject(event.metadata)) usage = event.metadata.usage;
    const start = isObject(event.contentBlockStart) ? event.contentBlockStart : undefined;
    if (start && isObject(start.start) && isObject(start.start.toolUse)) {
      const index = Number(start.contentBlockIndex ?? blocks.length);
      blocks[index] = { toolUse: { ...start.start.toolUse } };
      inputs[index] = '';
    }
    const delta = isObject(event.contentBlockDelta) ? event.contentBlockDelta : undefined;
    if (!delta || !isObject(delta.delta)) continue;
    const index = Number(delta.contentBlockIndex ?? 0);
    const piece = delta.delta;
    if (typeof piece.text === 'string') grow((blocks[index] ??= {}), 'text', piece.text);
    if (isObject(piece.toolUse) && typeof piece.toolUse.input === 'string')
      inputs[index] = (inputs[index] ?? '') + piece.toolUse.input;
    if (isObject(piece.reasoningContent)) {
      const block = (blocks[index] ??= { reasoningContent: { reasoningText: {} } });
      const reasoning = isObject(block.reasoningContent) ? block.reasoningContent : (block.reasoningContent = {});
      if (typeof piece.reasoningContent.redactedContent === 'string')
        reasoning.redactedContent = piece.reasoningContent.redactedContent;
      const text = isObject(reasoning.reasoningText) ? reasoning.reasoningText : (reasoning.reasoningText = {});
      grow(text as Json, 'text', piece.reasoningContent.text);
      grow(text as Json, 'signature', piece.reasoningContent.signature);
    }
  }
  inputs.forEach((json, index) => {
    const use = blocks[index]?.toolUse;
    if (isObject(use)) use.input = json ? (parsed(json) ?? json) : {};
  });
  return {
    output: { message: { role, content: blocks.filter(Boolean) } },
    ...(stopReason !== undefined ? { stopReason } : {}),
    ...(usage !== undefined ? { usage } : {}),
  };
}
