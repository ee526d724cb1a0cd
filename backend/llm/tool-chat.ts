import type { TokenCounts } from './protocol';

/** A message of an OpenAI-compatible chat request, as the agent's own conversation holds it. */
export type ChatMessage = Record<string, unknown>;

/** A tool as the chat-completions API declares one. */
export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: unknown };
}

/** A chat request with tools: the conversation as the agent saw it, answered with `tool_calls` or text. */
export interface ToolChatRequest {
  messages: ChatMessage[];
  tools: ChatTool[];
  maxTokens: number;
  temperature: number;
  seed?: number;
}

/** A call the model made; `arguments` is the JSON text it wrote (not parsed: it may not be JSON). */
export interface ChatToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface ToolChatResult {
  content: string;
  toolCalls: ChatToolCall[];
  tokens?: TokenCounts;
  ms: number;
  cancelled: boolean;
}

interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface ChatChunk {
  choices?: { delta?: { content?: string | null; tool_calls?: ToolCallDelta[] }; message?: ChatChunkMessage }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

interface ChatChunkMessage {
  content?: string | null;
  tool_calls?: { id?: string; function?: { name?: string; arguments?: string | object } }[];
}

/**
 * Builds one answer from the parts a server sends: streamed deltas (a call's name and its
 * arguments arrive in pieces, keyed by `index`) or one whole `message` (a server that does not
 * stream). Either way the result is the same.
 */
export class ToolChatAnswer {
  private content = '';
  private readonly calls: { id: string; name: string; arguments: string }[] = [];
  private usage: ChatChunk['usage'];

  add(chunk: ChatChunk): void {
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const message = choice.message;
    if (message) {
      this.content += message.content ?? '';
      for (const call of message.tool_calls ?? [])
        this.calls.push({
          id: call.id ?? '',
          name: call.function?.name ?? '',
          arguments:
            typeof call.function?.arguments === 'string'
              ? call.function.arguments
              : JSON.stringify(call.function?.arguments ?? {}),
        });
      return;
    }
    const delta = choice.delta;
    if (delta?.content) this.content += delta.content;
    for (const part of delta?.tool_calls ?? []) {
      const index = part.index ?? this.calls.length;
      const call = (this.calls[index] ??= { id: '', name: '', arguments: '' });
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.arguments += part.function.arguments;
    }
  }

  result(ms: number, cancelled: boolean): ToolChatResult {
    const u = this.usage;
    const tokens =
      typeof u?.prompt_tokens === 'number' && typeof u.completion_tokens === 'number'
        ? { prompt: u.prompt_tokens, completion: u.completion_tokens }
        : undefined;
    return {
      content: this.content,
      toolCalls: this.calls.filter(Boolean),
      ms,
      cancelled,
      ...(tokens ? { tokens } : {}),
    };
  }
}

/** Reads a server's answer, streamed (`text/event-stream`) or whole (`application/json`), into `answer`. */
export async function readToolChat(response: Response, touch: () => void, answer: ToolChatAnswer): Promise<void> {
  if (!(response.headers.get('content-type') ?? '').includes('event-stream')) {
    answer.add((await response.json()) as ChatChunk);
    return;
  }
  for await (const data of serverSentData(response, touch)) answer.add(JSON.parse(data) as ChatChunk);
}

/**
 * The `data:` payloads of a server-sent event stream, as an OpenAI-compatible server streams a
 * chat completion, until `[DONE]` or the end; `touch` is called for each chunk that arrives.
 */
export async function* serverSentData(response: Response, touch: () => void): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    touch();
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      yield data;
    }
  }
}
