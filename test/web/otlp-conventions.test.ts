import { SpanKind, SpanStatusCode, type Attributes } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import type { Backend } from '../../backend/backend';
import { testBackend } from '../helpers/backend';
import { testWebHost } from '../helpers/webhost';
import type { WebHost } from '../../web/server';

/** A tracer of the OpenTelemetry SDK exporting OTLP protobuf to the host, as an agent's would. */
function sdkTracer(host: WebHost) {
  const exporter = new OTLPTraceExporter({
    url: `${host.otlpEndpoint}/v1/traces`,
    headers: { Authorization: `Bearer ${host.token}` },
  });
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter } as never)] } as never);
  return { tracer: provider.getTracer('manual-genai', '0.1.0'), flush: () => provider.forceFlush() };
}

type Tracer = ReturnType<typeof sdkTracer>['tracer'];

/** One model call as a child span of `parent`, with the attributes (and events) a convention puts on it. */
function modelCall(tracer: Tracer, parent: unknown, attributes: Attributes, events: [string, Attributes][] = []) {
  const span = tracer.startSpan('chat gpt-test', { kind: SpanKind.CLIENT, attributes }, parent as never);
  for (const [name, attrs] of events) span.addEvent(name, attrs);
  span.end();
}

async function trajectories(backend: Backend, count: number) {
  await expect.poll(() => backend.store.trajectoryQueries.list({}, 100, 0).total).toBe(count);
  return backend.store.trajectoryQueries
    .list({}, 100, 0)
    .items.map((s) => backend.store.trajectories.get(s.id))
    .reverse();
}

/** Runs `body` inside a root span `agent`, ended with `status`. */
async function inRoot(tracer: Tracer, status: SpanStatusCode, body: (parent: unknown) => void) {
  const { context, trace } = await import('@opentelemetry/api');
  const root = tracer.startSpan('agent');
  body(trace.setSpan(context.active(), root));
  root.setStatus({ code: status, ...(status === SpanStatusCode.ERROR ? { message: 'ran out of steps' } : {}) });
  root.end();
}

describe('GenAI semantic conventions, spans made by hand with the SDK', () => {
  it('reads the current conventions: system instructions, message parts, tool definitions, execute_tool spans', async () => {
    const backend = testBackend({ seed: false });
    const host = await testWebHost(backend);
    const { tracer, flush } = sdkTracer(host);
    await inRoot(tracer, SpanStatusCode.OK, (parent) => {
      modelCall(tracer, parent, {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'gpt-test',
        'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: 'Answer briefly.' }]),
        'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'Add 2 and 3' }] }]),
        'gen_ai.output.messages': JSON.stringify([
          {
            role: 'assistant',
            parts: [
              { type: 'reasoning', content: 'Use the adder.' },
              { type: 'tool_call', id: 'c1', name: 'add', arguments: { a: 2, b: 3 } },
            ],
            finish_reason: 'tool_call',
          },
        ]),
        'gen_ai.tool.definitions': JSON.stringify([
          { type: 'function', name: 'add', description: 'Adds', parameters: { type: 'object' } },
        ]),
        'gen_ai.usage.input_tokens': 12,
        'gen_ai.usage.output_tokens': 5,
        'server.address': 'models.example',
      });
      const tool = tracer.startSpan(
        'execute_tool add',
        {
          attributes: {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': 'add',
            'gen_ai.tool.call.id': 'c1',
            'gen_ai.tool.call.arguments': '{"a":2,"b":3}',
            'gen_ai.tool.call.result': '5',
          },
        },
        parent as never,
      );
      tool.end();
      modelCall(tracer, parent, {
        'gen_ai.request.model': 'gpt-test',
        'gen_ai.input.messages': JSON.stringify([
          { role: 'user', parts: [{ type: 'text', content: 'Add 2 and 3' }] },
          { role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'add', arguments: { a: 2, b: 3 } }] },
          { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: '5' }] },
        ]),
        'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: '5' }] }]),
      });
    });
    await flush();
    const [t] = await trajectories(backend, 1);
    expect(t!.turns.map((x) => [x.role, x.content ?? null])).toEqual([
      ['system', 'Answer briefly.'],
      ['user', 'Add 2 and 3'],
      ['assistant', null],
      ['tool', '5'],
      ['assistant', '5'],
    ]);
    expect(t!.turns[2]).toMatchObject({
      thought: 'Use the adder.',
      toolCalls: [{ id: 'c1', name: 'add', args: { a: 2, b: 3 } }],
      tokens: { prompt: 12, completion: 5 },
    });
    expect(t!.turns[3]!.toolCallId).toBe('c1');
    expect(t!.outcome).toEqual({ status: 'success', by: 'root span "agent" status', value: 'OK' });
    expect(backend.store.toolSets.get(t!.toolSet!)?.map((x) => x.name)).toEqual(['add']);
    // An attribute no convention names is kept, on the span it came with.
    const kept = Object.values(t!.metadata!.span_attributes as Record<string, Record<string, unknown>>);
    expect(kept).toContainEqual(expect.objectContaining({ 'server.address': 'models.example' }));
  });

  it('reads the older conventions: gen_ai.prompt.N / gen_ai.completion.N attributes (OpenLLMetry before 0.20)', async () => {
    const backend = testBackend({ seed: false });
    const host = await testWebHost(backend);
    const { tracer, flush } = sdkTracer(host);
    await inRoot(tracer, SpanStatusCode.ERROR, (parent) => {
      modelCall(tracer, parent, {
        'gen_ai.system': 'openai',
        'gen_ai.request.model': 'gpt-old',
        'gen_ai.prompt.0.role': 'system',
        'gen_ai.prompt.0.content': 'You plan trips.',
        'gen_ai.prompt.1.role': 'user',
        'gen_ai.prompt.1.content': 'Find a flight to Oslo',
        'gen_ai.completion.0.role': 'assistant',
        'gen_ai.completion.0.finish_reason': 'tool_calls',
        'gen_ai.completion.0.tool_calls.0.id': 'call_9',
        'gen_ai.completion.0.tool_calls.0.name': 'search_flights',
        'gen_ai.completion.0.tool_calls.0.arguments': '{"to":"OSL"}',
        'llm.request.functions.0.name': 'search_flights',
        'llm.request.functions.0.description': 'Search flights',
        'llm.request.functions.0.parameters': '{"type":"object","properties":{"to":{"type":"string"}}}',
        'gen_ai.usage.prompt_tokens': 40,
        'gen_ai.usage.completion_tokens': 8,
      });
    });
    await flush();
    const [t] = await trajectories(backend, 1);
    expect(t!.turns.map((x) => x.role)).toEqual(['system', 'user', 'assistant']);
    expect(t!.turns[2]).toMatchObject({
      toolCalls: [{ id: 'call_9', name: 'search_flights', args: { to: 'OSL' } }],
      tokens: { prompt: 40, completion: 8 },
    });
    expect(t!.metadata).toMatchObject({
      model: 'gpt-old',
      conventions: ['GenAI semconv (gen_ai.prompt.N attributes)'],
    });
    expect(t!.outcome).toEqual({ status: 'failure', by: 'root span "agent" status', value: 'ran out of steps' });
    expect(backend.store.toolSets.get(t!.toolSet!)?.[0]).toMatchObject({ name: 'search_flights' });
  });

  it('reads the older per-message events (gen_ai.user.message, gen_ai.choice …)', async () => {
    const backend = testBackend({ seed: false });
    const host = await testWebHost(backend);
    const { tracer, flush } = sdkTracer(host);
    await inRoot(tracer, SpanStatusCode.UNSET, (parent) => {
      modelCall(tracer, parent, { 'gen_ai.request.model': 'gpt-events' }, [
        ['gen_ai.system.message', { content: 'Be kind.' }],
        ['gen_ai.user.message', { content: 'Hello?' }],
        ['gen_ai.choice', { index: 0, finish_reason: 'stop', message: JSON.stringify({ content: 'Hi there.' }) }],
      ]);
    });
    await flush();
    const [t] = await trajectories(backend, 1);
    expect(t!.turns.map((x) => [x.role, x.content])).toEqual([
      ['system', 'Be kind.'],
      ['user', 'Hello?'],
      ['assistant', 'Hi there.'],
    ]);
    expect(t!.outcome).toEqual({ status: 'unknown', by: 'root span "agent" status', value: 'UNSET' });
  });

  it('gathers the traces of one gen_ai.conversation.id into one trajectory', async () => {
    const backend = testBackend({ seed: false });
    const host = await testWebHost(backend);
    const { tracer, flush } = sdkTracer(host);
    for (const [question, answer] of [
      ['First question', 'First answer'],
      ['Second question', 'Second answer'],
    ])
      await inRoot(tracer, SpanStatusCode.OK, (parent) =>
        modelCall(tracer, parent, {
          'gen_ai.conversation.id': 'conv-42',
          'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: question }] }]),
          'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: answer }] }]),
        }),
      );
    await flush();
    const [t] = await trajectories(backend, 1);
    expect(t!.turns.map((x) => x.content)).toEqual([
      'First question',
      'First answer',
      'Second question',
      'Second answer',
    ]);
    expect(t!.metadata).toMatchObject({ conversation_id: 'conv-42' });
    expect((t!.metadata!.trace_ids as string[]).length).toBe(2);
  });
});
