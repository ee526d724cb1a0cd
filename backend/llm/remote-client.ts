import { TrellisError } from '../../shared/errors';
import { printableLine } from '../../shared/text';
import type { GenerateRequest } from './protocol';
import type { GenerateResult } from './supervisor';
import { readToolChat, serverSentData, ToolChatAnswer, type ToolChatRequest, type ToolChatResult } from './tool-chat';

export interface RemoteServer {
  /** e.g. `http://127.0.0.1:8080/v1` (llama-server, vLLM, Ollama, LM Studio, a hosted API). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Longest silence allowed from the server, in ms (default 60 s). */
  timeoutMs?: number;
}

/** One server-sent event of a streamed chat completion. */
interface StreamChunk {
  choices?: { delta?: { content?: string } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** A server speaking the OpenAI chat-completions API: streamed text, JSON-Schema output, embeddings. */
export class OpenAICompatibleClient {
  constructor(private readonly server: RemoteServer) {}

  private url(path: string): string {
    return `${this.server.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      ...(this.server.apiKey ? { authorization: `Bearer ${this.server.apiKey}` } : {}),
    };
  }

  /** Runs a request whose silence longer than the timeout aborts it with a clear error. */
  private async request<T>(
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    read: (response: Response, touch: () => void) => Promise<T>,
  ): Promise<T> {
    const timeoutMs = this.server.timeoutMs ?? 60_000;
    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    touch();
    try {
      const response = await fetch(this.url(path), {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify(body),
        signal: controller.signal,
        // Prompts go to the server the user approved, never on to where it points.
        redirect: 'manual',
      });
      touch();
      if (response.status >= 300 && response.status < 400) {
        const target = response.headers.get('location') ?? '(no location)';
        throw new TrellisError(
          'E5004',
          `The server at ${this.server.baseUrl} answered ${response.status}, redirecting to ${printableLine(target)}; Trellis does not follow a model server's redirects, so nothing was sent there.`,
          'If the server now lives at that address, set it as the server URL in Models (it is then asked about like any new server).',
        );
      }
      if (!response.ok) {
        const text = (await response.text()).slice(0, 300);
        throw new TrellisError(
          'E5004',
          `The server at ${this.server.baseUrl} answered ${response.status}: ${text || response.statusText}`,
        );
      }
      return await read(response, touch);
    } catch (error) {
      if (timedOut) {
        throw new TrellisError(
          'E5004',
          `The server at ${this.server.baseUrl} did not answer within ${(timeoutMs / 1000).toFixed(timeoutMs < 10_000 ? 1 : 0)} s.`,
          'Check that it is running and not overloaded, or raise the timeout.',
        );
      }
      if (error instanceof TrellisError || signal?.aborted) throw error;
      throw new TrellisError('E5004', `Cannot reach the server at ${this.server.baseUrl}: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Streams a chat completion; an aborted signal ends it early with the text so far. */
  async generate(
    request: GenerateRequest,
    onToken?: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<GenerateResult> {
    const started = performance.now();
    let text = '';
    let usage: { prompt_tokens?: number; completion_tokens?: number } | undefined;
    const body = {
      model: this.server.model,
      messages: [{ role: 'user', content: request.prompt }],
      max_tokens: request.maxTokens,
      temperature: request.temperature,
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
      ...(request.stop?.length ? { stop: request.stop } : {}),
      stream: true,
      // The last chunk then carries the token counts (OpenAI, llama-server, vLLM, Ollama).
      stream_options: { include_usage: true },
      ...(request.jsonSchema
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'output', strict: true, schema: request.jsonSchema },
            },
          }
        : {}),
    };
    try {
      await this.request('/chat/completions', body, signal, async (response, touch) => {
        for await (const data of serverSentData(response, touch)) {
          const parsed = JSON.parse(data) as StreamChunk;
          if (parsed.usage) usage = parsed.usage;
          const delta = parsed.choices?.[0]?.delta?.content;
          if (delta) {
            text += delta;
            onToken?.(delta);
          }
        }
      });
    } catch (error) {
      if (!signal?.aborted) throw error;
    }
    const tokens =
      typeof usage?.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number'
        ? { prompt: usage.prompt_tokens, completion: usage.completion_tokens }
        : undefined;
    return {
      text,
      cancelled: signal?.aborted ?? false,
      ms: performance.now() - started,
      ...(tokens ? { tokens } : {}),
    };
  }

  /**
   * The conversation as the agent's own client sends it: its messages and its tools, answered
   * with `tool_calls` or text, streamed or whole as the server chooses. An aborted signal ends it
   * with what came so far.
   */
  async chat(request: ToolChatRequest, signal?: AbortSignal): Promise<ToolChatResult> {
    const started = performance.now();
    const answer = new ToolChatAnswer();
    const body = {
      model: this.server.model,
      messages: request.messages,
      ...(request.tools.length ? { tools: request.tools, tool_choice: 'auto' } : {}),
      max_tokens: request.maxTokens,
      temperature: request.temperature,
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
      stream: true,
      stream_options: { include_usage: true },
    };
    try {
      await this.request('/chat/completions', body, signal, (response, touch) => readToolChat(response, touch, answer));
    } catch (error) {
      if (!signal?.aborted) throw error;
    }
    return answer.result(performance.now() - started, signal?.aborted ?? false);
  }

  async embed(texts: string[]): Promise<number[][]> {
    return this.request('/embeddings', { model: this.server.model, input: texts }, undefined, async (response) => {
      const json = (await response.json()) as { data: { embedding: number[]; index: number }[] };
      return [...json.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    });
  }
}
