import { createOpenAI } from '@ai-sdk/openai';
import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { Mastra } from '@mastra/core/mastra';
import { createTool } from '@mastra/core/tools';
import { Observability } from '@mastra/observability';
import { OtelExporter } from '@mastra/otel-exporter';
import { z } from 'zod';
import { startAgentServer, type ScriptedReply } from './openai-agent-server';

export const MASTRA_INSTRUCTIONS = 'You are a concise assistant. Use the tools.';

const getWeather = createTool({
  id: 'get_weather',
  description: 'Current weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: 'sunny', celsius: 21 }),
});

const bookTable = createTool({
  id: 'book_table',
  description: 'Book a restaurant table',
  inputSchema: z.object({ restaurant: z.string() }),
  execute: async ({ restaurant }): Promise<{ booked: boolean }> => {
    throw new Error(`no table free at ${restaurant} at 8pm`);
  },
});

/** What the agent did: the messages its answer gave back, or the error it ended with. */
export interface MastraRun {
  /** The run's response messages (AI SDK model messages: assistant and tool), empty after an error. */
  messages: unknown[];
  /** Usage per step, as the agent counted it. */
  steps: { inputTokens?: number; outputTokens?: number }[];
  text: string;
  error: string | null;
  /** The Chat Completions request bodies the model server received, in order. */
  requests: Record<string, unknown>[];
}

/**
 * A Mastra `Agent` (the AI SDK's OpenAI provider speaking Chat Completions to a loopback scripted
 * server, two tools of which `book_table` throws) whose Observability exports with
 * `@mastra/otel-exporter` as OTLP/protobuf to `endpoint`.
 */
export async function runMastraAgent(options: {
  endpoint: string;
  token: string;
  script: readonly ScriptedReply[];
  question: string;
}): Promise<MastraRun> {
  const server = await startAgentServer(options.script);
  const openai = createOpenAI({ baseURL: server.baseUrl, apiKey: 'loopback' });
  const agent = new Agent({
    id: 'weather-agent',
    name: 'weather-agent',
    instructions: MASTRA_INSTRUCTIONS,
    // Mastra types LanguageModelV4 with its own bundled copy of @ai-sdk/provider, which the
    // installed @ai-sdk/openai 4's declaration does not match; the model itself runs as it is.
    model: openai.chat('scripted-agent') as unknown as MastraModelConfig,
    tools: { get_weather: getWeather, book_table: bookTable },
  });
  const exporter = new OtelExporter({
    provider: {
      custom: {
        endpoint: `${options.endpoint}/v1/traces`,
        protocol: 'http/protobuf',
        headers: { Authorization: `Bearer ${options.token}` },
      },
    },
  });
  const mastra = new Mastra({
    agents: { agent },
    observability: new Observability({ configs: { otel: { serviceName: 'mastra-agent', exporters: [exporter] } } }),
  });
  const run: MastraRun = { messages: [], steps: [], text: '', error: null, requests: server.requests };
  try {
    const result = await mastra
      .getAgent('agent')
      .generate(options.question, { maxSteps: 5, modelSettings: { maxRetries: 0 } });
    run.messages = result.response.messages ?? [];
    run.steps = result.steps.map((s) => s.usage);
    run.text = result.text;
    if (result.error) run.error = result.error instanceof Error ? result.error.message : String(result.error);
  } catch (error) {
    run.error = (error as Error).message;
  } finally {
    await mastra.shutdown();
  }
  return run;
}
