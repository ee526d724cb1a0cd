import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { LegacyOpenTelemetry, OpenTelemetry } from '@ai-sdk/otel';
import { createOpenAI as createOpenAI4 } from '@ai-sdk/openai';
import * as ai7 from 'ai';
import * as ai6 from 'ai6';
import { createOpenAI as createOpenAI3 } from 'ai-sdk-openai3';
import { startAgentServer, type ScriptedReply } from './openai-agent-server';
import { WEATHER_TOOLS } from './instrumented-agent';

// instrumented-agent registers the context manager that carries context across awaits: the
// SDK's spans nest under the call's span, one trace per run.

/**
 * The AI SDK and how its telemetry is switched on: v6's `experimental_telemetry` with a tracer
 * (`ai.*` spans), v7's `@ai-sdk/otel` integration (GenAI conventions' spans) or its legacy one
 * (v6's `ai.*` spans again).
 */
export type AiSdkTelemetry = 'v6' | 'v7' | 'v7-legacy';
export type AiSdkCall = 'generateText' | 'streamText';

export const AI_SDK_SYSTEM = 'You are a concise assistant. Use the tools.';
export const AI_SDK_PROMPT = 'What is the weather in Paris and Rome, and book me a table at Chez Marie?';

/** The model's replies: two lookups at once, then a booking (that tool fails), then the answer. */
export const AI_SDK_SCRIPT: ScriptedReply[] = [
  {
    toolCalls: [
      { id: 'call_weather_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'call_weather_2', name: 'get_weather', arguments: '{"city":"Rome"}' },
    ],
    usage: { prompt_tokens: 31, completion_tokens: 18 },
  },
  {
    toolCalls: [{ id: 'call_book_3', name: 'book_table', arguments: '{"restaurant":"Chez Marie"}' }],
    usage: { prompt_tokens: 74, completion_tokens: 11 },
  },
  {
    content: 'It is sunny in Paris and Rome, 21 °C; no table was free at Chez Marie.',
    usage: { prompt_tokens: 92, completion_tokens: 17 },
  },
];

/** An AI SDK ModelMessage, as far as the comparison reads it. */
export interface SdkMessage {
  role: string;
  content: string | { type: string; toolCallId?: string; output?: { type: string; value: unknown } }[];
}

/** What the SDK says it did: its steps and messages, as its own result gives them. */
export interface AiSdkRecord {
  /** Per step (model call): its tool calls, their results or errors, its text and usage. */
  steps: {
    text: string;
    toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
    toolResults: { toolCallId: string; output: unknown }[];
    toolErrors: { toolCallId: string; error: string }[];
    usage: { prompt: number; completion: number };
  }[];
  /** The messages the run added to the conversation (its steps' `response.messages`), as the SDK's ModelMessages. */
  messages: SdkMessage[];
  /** The error the call threw, for a run that failed. */
  error: string | null;
}

// The tools of the weather agent: the same names, descriptions and schemas, each SDK's `tool()`.
const [weather, booking] = WEATHER_TOOLS.map((t) => (t.type === 'function' ? t.function : null));
const getWeather = async ({ city }: { city: string }) => ({ city, sky: 'sunny', celsius: 21 });
const bookTable = async ({ restaurant }: { restaurant: string }): Promise<string> => {
  throw new Error(`no table free at ${restaurant} at 8pm`);
};

const toolsOf6 = () => ({
  get_weather: ai6.tool({
    description: weather!.description,
    inputSchema: ai6.jsonSchema<{ city: string }>(weather!.parameters as never),
    execute: getWeather,
  }),
  book_table: ai6.tool({
    description: booking!.description,
    inputSchema: ai6.jsonSchema<{ restaurant: string }>(booking!.parameters as never),
    execute: bookTable,
  }),
});

const toolsOf7 = () => ({
  get_weather: ai7.tool({
    description: weather!.description,
    inputSchema: ai7.jsonSchema<{ city: string }>(weather!.parameters as never),
    execute: getWeather,
  }),
  book_table: ai7.tool({
    description: booking!.description,
    inputSchema: ai7.jsonSchema<{ restaurant: string }>(booking!.parameters as never),
    execute: bookTable,
  }),
});

/**
 * The weather agent written with the Vercel AI SDK (`generateText` or `streamText` with tools
 * and a five-step limit) against the loopback scripted model server, its telemetry exported
 * with the OTLP/HTTP exporter configured by `OTEL_EXPORTER_OTLP_ENDPOINT`. With `failAfter`,
 * the server has only that many replies: the next model call fails and so does the run.
 */
export async function runAiSdkAgent(options: {
  telemetry: AiSdkTelemetry;
  call: AiSdkCall;
  endpoint: string;
  token: string;
  failAfter?: number;
}): Promise<AiSdkRecord> {
  delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  delete process.env.OTEL_EXPORTER_OTLP_COMPRESSION;
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = options.endpoint;
  process.env.OTEL_EXPORTER_OTLP_HEADERS = `Authorization=Bearer ${options.token}`;
  const provider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter: new OTLPTraceExporter() } as never)],
  } as never);
  const tracer = provider.getTracer('weather-agent', '1.0.0');
  const server = await startAgentServer(AI_SDK_SCRIPT.slice(0, options.failAfter ?? AI_SDK_SCRIPT.length));
  const record: AiSdkRecord = { steps: [], messages: [], error: null };
  const common = {
    system: AI_SDK_SYSTEM,
    prompt: AI_SDK_PROMPT,
    // One request per model call, so the script's replies and the spans line up.
    maxRetries: 0,
    onStepFinish: (step: unknown) => {
      record.steps.push(stepOf(step as StepShape));
      record.messages.push(...ownMessages(record.messages, (step as StepShape).response.messages));
    },
    // streamText reports a failed call here rather than by throwing.
    onError: ({ error }: { error: unknown }) => void (record.error = (error as Error).message),
  };
  try {
    if (options.telemetry === 'v6') {
      const model = createOpenAI3({ baseURL: server.baseUrl, apiKey: 'loopback' }).chat('scripted-agent');
      const settings = {
        ...common,
        model,
        tools: toolsOf6(),
        stopWhen: ai6.stepCountIs(5),
        experimental_telemetry: { isEnabled: true, tracer: tracer as never, functionId: 'weather agent' },
      };
      if (options.call === 'generateText') await ai6.generateText(settings);
      else await consume(ai6.streamText(settings));
    } else {
      const model = createOpenAI4({ baseURL: server.baseUrl, apiKey: 'loopback' }).chat('scripted-agent');
      const integration =
        options.telemetry === 'v7'
          ? new OpenTelemetry({ tracer: tracer as never })
          : new LegacyOpenTelemetry({ tracer: tracer as never });
      const settings = {
        ...common,
        model,
        tools: toolsOf7(),
        stopWhen: ai7.isStepCount(5),
        telemetry: { isEnabled: true, functionId: 'weather agent', integrations: [integration] },
      };
      if (options.call === 'generateText') await ai7.generateText(settings);
      else await consume(ai7.streamText(settings));
    }
  } catch (error) {
    record.error = (error as Error).message;
  } finally {
    await provider.forceFlush();
    await provider.shutdown();
  }
  return record;
}

/** A stream read to its end, then its response (which a failed stream rejects). */
async function consume(stream: { consumeStream(): PromiseLike<void>; response: PromiseLike<unknown> }) {
  await stream.consumeStream();
  await stream.response;
}

/** A step's own messages: v6 gives each step the run's messages so far, v7 only the step's. */
function ownMessages(before: SdkMessage[], messages: SdkMessage[]): SdkMessage[] {
  const cumulative = before.length > 0 && JSON.stringify(messages.slice(0, before.length)) === JSON.stringify(before);
  return cumulative ? messages.slice(before.length) : messages;
}

type StepShape = {
  text: string;
  content: {
    type: string;
    toolCallId?: string;
    toolName?: string;
    input?: unknown;
    output?: unknown;
    error?: unknown;
  }[];
  usage: { inputTokens?: number; outputTokens?: number };
  response: { messages: SdkMessage[] };
};

function stepOf(step: StepShape): AiSdkRecord['steps'][number] {
  const parts = (type: string) => step.content.filter((p) => p.type === type);
  return {
    text: step.text,
    toolCalls: parts('tool-call').map((p) => ({ toolCallId: p.toolCallId!, toolName: p.toolName!, input: p.input })),
    toolResults: parts('tool-result').map((p) => ({ toolCallId: p.toolCallId!, output: p.output })),
    toolErrors: parts('tool-error').map((p) => ({ toolCallId: p.toolCallId!, error: (p.error as Error).message })),
    usage: { prompt: step.usage.inputTokens ?? 0, completion: step.usage.outputTokens ?? 0 },
  };
}
