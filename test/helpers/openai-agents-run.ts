import { OpenAIAgentsInstrumentation } from '@arizeai/openinference-instrumentation-openai-agents';
import * as agents from '@openai/agents';
import {
  Agent,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  run,
  setTracingDisabled,
  tool,
  type AgentInputItem,
} from '@openai/agents';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { SimpleSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import OpenAI from 'openai';
import { z } from 'zod';
import { startAgentServer, type ScriptedReply } from './openai-agent-server';

export const AGENT_INSTRUCTIONS = 'You plan evenings out. Check the weather first, then book.';
export const AGENT_QUESTION = 'Is it warm in Paris and Lyon tonight? Book me a table at Chez Marie.';
export const AGENT_MODEL = 'gpt-4.1-mini';
export const CONCIERGE_INSTRUCTIONS = 'You greet guests and hand evening plans to the planner.';
export const BOOKING_ERROR = 'no table free at Chez Marie at 8pm';

/** The model's replies: two weather look-ups at once, then a booking (its tool throws), then the answer. */
export const EVENING_SCRIPT: ScriptedReply[] = [
  {
    toolCalls: [
      { id: 'call_weather_paris', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'call_weather_lyon', name: 'get_weather', arguments: '{"city":"Lyon"}' },
    ],
    usage: { prompt_tokens: 112, completion_tokens: 38 },
  },
  {
    toolCalls: [{ id: 'call_book', name: 'book_table', arguments: '{"restaurant":"Chez Marie"}' }],
    usage: { prompt_tokens: 171, completion_tokens: 19 },
  },
  {
    content: 'Paris is 21 °C and Lyon 24 °C tonight; Chez Marie had no table free at 8pm.',
    usage: { prompt_tokens: 214, completion_tokens: 27 },
  },
];

/** The concierge's one reply when it hands the run to the planner: the SDK's transfer call. */
export const HANDOFF_REPLY: ScriptedReply = {
  toolCalls: [{ id: 'call_transfer', name: 'transfer_to_Evening_planner', arguments: '{}' }],
  usage: { prompt_tokens: 64, completion_tokens: 7 },
};

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather in a city',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => JSON.stringify({ city, celsius: city === 'Lyon' ? 24 : 21 }),
});

const bookTable = tool({
  name: 'book_table',
  description: 'Book a restaurant table',
  parameters: z.object({ restaurant: z.string() }),
  execute: () => {
    throw new Error(BOOKING_ERROR);
  },
});

/** What the run gave back: its items as the SDK keeps them, or the error it threw. */
export interface AgentsRun {
  history: AgentInputItem[];
  finalOutput: string | undefined;
  usage: { input: number; output: number }[];
  error: Error | null;
  requests: Record<string, unknown>[];
}

/**
 * An OpenAI Agents SDK `run()` of an agent with two function tools against a loopback Responses
 * server, traced by the OpenInference instrumentation for the Agents SDK and exported over
 * OTLP/protobuf (or to `exporter` when given). `script` shorter than the run makes the model call
 * fail (the server answers 500; the client does not retry).
 */
export async function runEveningAgent(options: {
  script: readonly ScriptedReply[];
  endpoint?: string;
  token?: string;
  exporter?: SpanExporter;
  /** Start at a concierge agent that hands the run to the planner (its reply comes first in `script`). */
  handoff?: boolean;
  /** The model's API: Responses (the SDK's default) or Chat Completions. */
  api?: 'responses' | 'chat';
}): Promise<AgentsRun> {
  const exporter =
    options.exporter ??
    new OTLPTraceExporter({
      url: `${options.endpoint}/v1/traces`,
      headers: { Authorization: `Bearer ${options.token}` },
    });
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter } as never)] } as never);
  const instrumentation = new OpenAIAgentsInstrumentation({ tracerProvider: provider as never });
  instrumentation.manuallyInstrument(agents);
  // The SDK turns its tracing off under NODE_ENV=test; a user's run has it on.
  setTracingDisabled(false);
  const server = await startAgentServer(options.script);
  const client = new OpenAI({ baseURL: server.baseUrl, apiKey: 'loopback', maxRetries: 0 });
  const modelOf = (client: OpenAI) =>
    options.api === 'chat'
      ? new OpenAIChatCompletionsModel(client as never, AGENT_MODEL)
      : new OpenAIResponsesModel(client as never, AGENT_MODEL);
  const agent = new Agent({
    name: 'Evening planner',
    instructions: AGENT_INSTRUCTIONS,
    model: modelOf(client),
    tools: [getWeather, bookTable],
  });
  const concierge = new Agent({
    name: 'Concierge',
    instructions: CONCIERGE_INSTRUCTIONS,
    model: modelOf(client),
    handoffs: [agent],
  });
  const outcome: AgentsRun = { history: [], finalOutput: undefined, usage: [], error: null, requests: server.requests };
  try {
    const result = await run(options.handoff ? concierge : agent, AGENT_QUESTION);
    outcome.history = result.history;
    outcome.finalOutput = result.finalOutput;
    outcome.usage = result.rawResponses.map((r) => ({ input: r.usage.inputTokens, output: r.usage.outputTokens }));
  } catch (error) {
    outcome.error = error as Error;
  } finally {
    await provider.forceFlush();
    await provider.shutdown();
    instrumentation.uninstrument();
    setTracingDisabled(true);
  }
  return outcome;
}
