import { LangChainInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import type { BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { MemorySaver } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { ChatOpenAI } from '@langchain/openai';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { z } from 'zod';
import { startAgentServer, type ScriptedReply } from './openai-agent-server';

export const LANGGRAPH_PROMPT = 'You are a concise assistant. Use the tools.';

const getWeather = tool(async ({ city }) => JSON.stringify({ city, sky: 'sunny', celsius: 21 }), {
  name: 'get_weather',
  description: 'Current weather in a city',
  schema: z.object({ city: z.string() }),
});

// ToolNode catches what a tool throws and sends the model "Error: … Please fix your mistakes." instead.
const bookTable = tool(
  async ({ restaurant }): Promise<string> => {
    throw new Error(`no table free at ${restaurant} at 8pm`);
  },
  {
    name: 'book_table',
    description: 'Book a restaurant table',
    schema: z.object({ restaurant: z.string() }),
  },
);

/** What the agent did: the thread's messages after each invocation (as the graph returned or kept them). */
export interface LangGraphRun {
  /** The thread's messages after each invocation; after a failed one, those its checkpoint kept. */
  threads: BaseMessage[][];
  /** The message of the error the last invocation threw, if it threw. */
  error: string | null;
}

/**
 * A LangGraph.js ReAct agent (`createReactAgent`, `ChatOpenAI` against a loopback scripted
 * server, two tools of which `book_table` throws) traced by OpenInference's LangChain
 * instrumentation, exporting OTLP/protobuf to `endpoint`. Each question is one invocation on the
 * same `thread_id`, the thread kept by a MemorySaver checkpointer.
 */
export async function runLangGraphAgent(options: {
  endpoint: string;
  token: string;
  script: readonly ScriptedReply[];
  questions: readonly string[];
  threadId: string;
}): Promise<LangGraphRun> {
  const exporter = new OTLPTraceExporter({
    url: `${options.endpoint}/v1/traces`,
    headers: { Authorization: `Bearer ${options.token}` },
  });
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter } as never)] } as never);
  const instrumentation = new LangChainInstrumentation({ tracerProvider: provider as never });
  instrumentation.manuallyInstrument(CallbackManagerModule);
  const server = await startAgentServer(options.script);
  const llm = new ChatOpenAI({
    model: 'scripted-agent',
    apiKey: 'loopback',
    maxRetries: 0,
    configuration: { baseURL: server.baseUrl },
  });
  const agent = createReactAgent({
    llm,
    tools: [getWeather, bookTable],
    prompt: LANGGRAPH_PROMPT,
    checkpointer: new MemorySaver(),
  });
  const config = { configurable: { thread_id: options.threadId } };
  const run: LangGraphRun = { threads: [], error: null };
  try {
    for (const question of options.questions) {
      try {
        const state = await agent.invoke({ messages: [{ role: 'user', content: question }] }, config);
        run.threads.push(state.messages);
      } catch (error) {
        run.error = (error as Error).message;
        run.threads.push(((await agent.getState(config)).values as { messages: BaseMessage[] }).messages);
        break;
      }
    }
  } finally {
    await provider.forceFlush();
    await provider.shutdown();
  }
  return run;
}
