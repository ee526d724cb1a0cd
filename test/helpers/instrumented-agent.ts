import { context, SpanStatusCode, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OpenAIInstrumentation as OpenInferenceOpenAI } from '@arizeai/openinference-instrumentation-openai';
import { OpenAIInstrumentation as TraceloopOpenAI } from '@traceloop/instrumentation-openai';
import { OpenAIInstrumentation as OfficialOpenAI } from '@opentelemetry/instrumentation-openai';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { BatchLogRecordProcessor, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { OTLPTraceExporter as HttpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import OpenAI from 'openai';
import * as openaiModule from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { startAgentServer, type ScriptedReply } from './openai-agent-server';

// Context carried across awaits: model-call spans become children of the agent's span, one trace per run.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

/** What the agent did, step by step, to compare the received trajectory with. */
export interface AgentRecord {
  messages: ChatCompletionMessageParam[];
  calls: { id: string; name: string; args: unknown; result: string; error: string | null }[];
  usage: { prompt: number; completion: number }[];
  answer: string;
}

export const WEATHER_TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Current weather in a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'book_table',
      description: 'Book a restaurant table',
      parameters: { type: 'object', properties: { restaurant: { type: 'string' } }, required: ['restaurant'] },
    },
  },
];

/** The model's replies: look up the weather, try to book (that tool fails), then answer. */
export const WEATHER_SCRIPT: ScriptedReply[] = [
  {
    toolCalls: [{ id: 'call_weather_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    usage: { prompt_tokens: 31, completion_tokens: 9 },
  },
  {
    toolCalls: [{ id: 'call_book_2', name: 'book_table', arguments: '{"restaurant":"Chez Marie"}' }],
    usage: { prompt_tokens: 52, completion_tokens: 11 },
  },
  {
    content: 'It is sunny in Paris, 21 °C; no table was free at Chez Marie.',
    usage: { prompt_tokens: 70, completion_tokens: 14 },
  },
];

function runTool(name: string, args: Record<string, unknown>): string {
  if (name === 'get_weather') return JSON.stringify({ city: args.city, sky: 'sunny', celsius: 21 });
  throw new Error(`no table free at ${String(args.restaurant)} at 8pm`);
}

/**
 * `official`: the OpenTelemetry project's own `@opentelemetry/instrumentation-openai`, which
 * puts the messages in log records (the GenAI conventions' event form) sent to `/v1/logs`.
 */
export type Instrumentation = 'openinference' | 'traceloop' | 'official';
export type Exporter = 'proto' | 'http-json';

/**
 * A small agent loop with the `openai` client against a loopback server, instrumented by a real
 * OpenAI instrumentation and exporting with a real OTLP exporter, configured only by
 * `OTEL_EXPORTER_OTLP_ENDPOINT` and `OTEL_EXPORTER_OTLP_HEADERS`. The agent's own spans (the
 * run, each tool execution) follow the convention that instrumentation's ecosystem uses.
 */
export async function runWeatherAgent(options: {
  instrumentation: Instrumentation;
  exporter: Exporter;
  endpoint: string;
  token: string;
  /** The run's verdict, set on its root span. */
  fail?: string;
  /** Set OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (with /v1/traces) instead of OTEL_EXPORTER_OTLP_ENDPOINT. */
  tracesVariable?: boolean;
  /** The exporter compresses its requests (OTEL_EXPORTER_OTLP_COMPRESSION=gzip). */
  gzip?: boolean;
  /**
   * How the official instrumentation's log records are exported: each as it is emitted (before
   * its span ends), or in batches (after the spans, at the flush). Default batch.
   */
  logs?: 'simple' | 'batch';
}): Promise<AgentRecord> {
  // Either variable, as a user sets one: the base endpoint, or the traces one with its path.
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (options.tracesVariable) process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = `${options.endpoint}/v1/traces`;
  else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = options.endpoint;
  if (options.gzip) process.env.OTEL_EXPORTER_OTLP_COMPRESSION = 'gzip';
  else delete process.env.OTEL_EXPORTER_OTLP_COMPRESSION;
  process.env.OTEL_EXPORTER_OTLP_HEADERS = `Authorization=Bearer ${options.token}`;
  const exporter = options.exporter === 'proto' ? new ProtoExporter() : new HttpJsonExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter } as never)] } as never);
  const logExporter = new OTLPLogExporter();
  const loggerProvider = new LoggerProvider({
    processors: [
      options.logs === 'simple'
        ? new SimpleLogRecordProcessor({ exporter: logExporter })
        : new BatchLogRecordProcessor({ exporter: logExporter }),
    ],
  });
  const instrumentation = instrumentationOf(options.instrumentation, provider, loggerProvider);
  const server = await startAgentServer(WEATHER_SCRIPT);
  const client = new OpenAI({ baseURL: server.baseUrl, apiKey: 'loopback' });
  const tracer = provider.getTracer('weather-agent', '1.0.0');
  const record: AgentRecord = { messages: [], calls: [], usage: [], answer: '' };
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: 'You are a concise assistant. Use the tools.' },
    { role: 'user', content: 'What is the weather in Paris, and book me a table at Chez Marie?' },
  ];
  try {
    await tracer.startActiveSpan('weather agent', async (root: Span) => {
      for (let step = 0; step < 5; step++) {
        const reply = await client.chat.completions.create({ model: 'scripted-agent', messages, tools: WEATHER_TOOLS });
        record.usage.push({ prompt: reply.usage!.prompt_tokens, completion: reply.usage!.completion_tokens });
        const message = reply.choices[0]!.message;
        messages.push(message);
        if (!message.tool_calls?.length) {
          record.answer = message.content ?? '';
          break;
        }
        for (const call of message.tool_calls) {
          if (call.type !== 'function') continue;
          const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
          const result = await toolSpan(tracer, options.instrumentation, call.id, call.function.name, args);
          record.calls.push({ id: call.id, name: call.function.name, args, ...result });
          messages.push({ role: 'tool', tool_call_id: call.id, content: result.result });
        }
      }
      if (options.fail) root.setStatus({ code: SpanStatusCode.ERROR, message: options.fail });
      else root.setStatus({ code: SpanStatusCode.OK });
      root.end();
    });
  } finally {
    await provider.forceFlush();
    await provider.shutdown();
    await loggerProvider.forceFlush();
    await loggerProvider.shutdown();
    instrumentation.disable();
  }
  record.messages = messages;
  return record;
}

/** The instrumentation, sending to `provider` (and its log records to `loggerProvider`), with `openai` patched. */
function instrumentationOf(
  kind: Instrumentation,
  provider: TracerProvider,
  loggerProvider: LoggerProvider,
): { disable(): void } {
  if (kind === 'openinference') {
    const instrumentation = new OpenInferenceOpenAI({ tracerProvider: provider } as never);
    instrumentation.manuallyInstrument(openaiModule as never);
    return instrumentation;
  }
  if (kind === 'traceloop') {
    const instrumentation = new TraceloopOpenAI({} as never);
    instrumentation.setTracerProvider(provider as never);
    instrumentation.manuallyInstrument(OpenAI as never);
    return instrumentation;
  }
  // It reads OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT when made; it patches `openai` as
  // it is required, and the test's `openai` is already loaded, so its patch is applied here.
  process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT = 'true';
  const instrumentation = new OfficialOpenAI();
  delete process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT;
  instrumentation.setTracerProvider(provider as never);
  instrumentation.setLoggerProvider(loggerProvider as never);
  const definitions = instrumentation.getModuleDefinitions();
  for (const definition of definitions) definition.patch?.({ OpenAI } as never);
  return {
    disable: () => {
      for (const definition of definitions) definition.unpatch?.({ OpenAI } as never);
      instrumentation.disable();
    },
  };
}

async function toolSpan(
  tracer: ReturnType<TracerProvider['getTracer']>,
  convention: Instrumentation,
  id: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ result: string; error: string | null }> {
  const attributes =
    convention === 'openinference'
      ? { 'openinference.span.kind': 'TOOL', 'tool.name': name, 'input.value': JSON.stringify(args) }
      : {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': name,
          'gen_ai.tool.call.id': id,
          'gen_ai.tool.call.arguments': JSON.stringify(args),
        };
  const spanName = convention === 'openinference' ? name : `execute_tool ${name}`;
  return tracer.startActiveSpan(spanName, { attributes }, async (span: Span) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    try {
      const result = runTool(name, args);
      span.setAttribute(convention === 'openinference' ? 'output.value' : 'gen_ai.tool.call.result', result);
      span.setStatus({ code: SpanStatusCode.OK });
      return { result, error: null };
    } catch (error) {
      const message = (error as Error).message;
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message });
      return { result: `Error: ${message}`, error: message };
    } finally {
      span.end();
    }
  });
}
