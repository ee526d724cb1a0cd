import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isoToNs, sdkId } from '../../../../shared/formats/otlp/sdk-spans';
import { spansOfExport } from '../../../../shared/formats/otlp/spans';
import { detectFormat, formatDescriptor, partsFormat } from '../../../../shared/formats/trajectories/registry';

/**
 * Spans as the OpenTelemetry SDKs print them: Python's ConsoleSpanExporter (pretty-printed
 * `to_json()` objects, one after another; two traces, the second failed) and the JS SDK 2.x's
 * console fields written one per line (OpenLLMetry's `gen_ai.prompt.N` attributes).
 */
const TRACES = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'traces');
const text = (file: string) => fs.readFileSync(path.join(TRACES, file), 'utf8');
const otelSdk = formatDescriptor('otel-sdk');

/** The pretty-printed objects of a console capture, split where one ends and the next begins. */
const pythonSpans = () =>
  text('otel-python-console.txt')
    .split(/\n(?=\{)/)
    .map((s) => JSON.parse(s) as Record<string, unknown>);

describe('OpenTelemetry SDK span JSON', () => {
  it('assembles Python console spans per trace, as OTLP spans are: calls, the tool span’s result, the root status', () => {
    const spans = pythonSpans();
    expect(detectFormat(spans[0])).toBe('otel-sdk');
    expect(partsFormat(spans[0])).toBe('otel-sdk');
    const { records, problems } = otelSdk.container!.parts!.group(spans);
    expect(problems).toEqual([]);
    expect(records.map((r) => r.first)).toEqual([0, 4]);

    const trip = otelSdk.parse(records[0]!.record);
    expect(trip.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(trip.turns[2]).toMatchObject({
      toolCalls: [{ id: 'call_tr1', name: 'find_trains', args: { from: 'Lyon', to: 'Turin', date: '2025-06-02' } }],
      tokens: { prompt: 142, completion: 28 },
      timing: { startedAt: '2025-05-20T08:30:00.105Z' },
    });
    // Microseconds from the ISO times survive: 08:30:00.105000 to 08:30:01.342118.
    expect(trip.turns[2]!.timing!.durationMs).toBeCloseTo(1237.118, 3);
    expect(trip.turns[3]).toMatchObject({ toolCallId: 'call_tr1' });
    expect(trip.turns[3]!.timing!.durationMs).toBeCloseTo(561.398, 3);
    expect(trip.turns[4]!.content).toBe('Yes: the 07:12 SNCF train from Lyon reaches Turin at 11:02 on 2 June.');
    expect(trip.outcome).toEqual({
      status: 'success',
      by: 'root span "invoke_agent trip-planner" status',
      value: 'OK',
    });
    expect(trip.metadata).toMatchObject({
      harness: 'OpenTelemetry',
      model: 'gpt-4o',
      service: 'trip-planner',
      trace_ids: ['4bf92f3577b34da6a3ce929d0e0e4736'],
      written_by: 'OpenTelemetry SDK span export',
    });

    const failed = otelSdk.parse(records[1]!.record);
    expect(failed.turns).toMatchObject([{ role: 'user', content: 'Book me a sleeper from Paris to Vienna.' }]);
    expect(failed.outcome).toEqual({
      status: 'failure',
      by: 'root span "invoke_agent trip-planner" status',
      value: 'APITimeoutError: Request timed out.',
    });
  });

  it('reads the JS SDK’s console fields: microsecond times, parentSpanContext, kinds one below OTLP’s', () => {
    const spans = text('otel-js-console.jsonl')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const { records } = otelSdk.container!.parts!.group(spans);
    expect(records).toHaveLength(1);
    const parsed = otelSdk.parse(records[0]!.record);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[2]!.toolCalls).toEqual([
      { id: 'call_dk4', name: 'search_docs', args: { query: 'rotate API key' } },
    ]);
    expect(parsed.turns[3]).toMatchObject({
      toolCallId: 'call_dk4',
      content: 'Settings > API keys > Rotate creates a new key; the old one works for 24 hours.',
    });
    expect(parsed.outcome).toMatchObject({ status: 'success', by: 'root span "answer" status' });
    const kept = parsed.metadata!.otlp_spans as { name: string; kind: number; parentSpanId: string }[];
    expect(kept.find((s) => s.name === 'openai.chat')).toMatchObject({ kind: 3, parentSpanId: 'eee19b7ec3c1b174' });
    expect(kept.find((s) => s.name === 'answer')).toMatchObject({ kind: 2, parentSpanId: '' });
  });

  it('reads Monocle’s span arrays: messages from data events, the tool run joined to the call it answers', () => {
    const spans = JSON.parse(text('monocle-spans.json')) as Record<string, unknown>[];
    const { records } = otelSdk.container!.parts!.group(spans);
    const parsed = otelSdk.parse(records[0]!.record);
    expect(parsed.turns).toMatchObject([
      { role: 'system', content: 'You convert currencies. Use the exchange_rate tool for rates; never guess.' },
      { role: 'user', content: 'How many yen is 250 euros today?' },
      {
        role: 'assistant',
        content: "I'll look up today's EUR to JPY rate.",
        // Monocle's output names no call: the tool span's, joined to the turn before the result it gave.
        toolCalls: [{ id: 'call_3c4d5e6f708192a3', name: 'exchange_rate', args: { base: 'EUR', quote: 'JPY' } }],
        tokens: { prompt: 77, completion: 18 },
      },
      { role: 'tool', content: '1 EUR = 162.4 JPY (ECB, 2025-10-02)', toolCallId: 'call_3c4d5e6f708192a3' },
      { role: 'assistant', content: "250 euros is about 40,600 yen at today's rate of 162.4." },
    ]);
    expect(parsed.turns).toHaveLength(5);
    expect(parsed.metadata).toMatchObject({
      model: 'gpt-4o-mini',
      conventions: ['Monocle'],
      service: 'currency_agent',
    });
  });

  it('reads a prompt event that holds one message, as Mirascope writes them', () => {
    const span = {
      name: 'recommend_book',
      context: { trace_id: '0x9397ede2f689a5b7767f0063d7b81959', span_id: '0xa22a446b2076ffe4' },
      parent_id: null,
      start_time: '2024-10-04T05:16:47.340006Z',
      end_time: '2024-10-04T05:16:47.341937Z',
      status: { status_code: 'UNSET' },
      attributes: { 'gen_ai.request.model': 'claude-3-5-sonnet-20240620' },
      events: [
        {
          name: 'gen_ai.content.prompt',
          timestamp: '2024-10-04T05:16:47.341924Z',
          attributes: { 'gen_ai.prompt': '{"content": "Recommend a fantasy book", "role": "user"}' },
        },
        {
          name: 'gen_ai.content.completion',
          timestamp: '2024-10-04T05:16:47.341931Z',
          attributes: {
            'gen_ai.completion':
              '{"content": [{"text": "Try The Name of the Wind.", "type": "text"}], "role": "assistant"}',
          },
        },
      ],
    };
    const parsed = otelSdk.parse(otelSdk.container!.parts!.group([span]).records[0]!.record);
    expect(parsed.turns).toMatchObject([
      { role: 'user', content: 'Recommend a fantasy book' },
      { role: 'assistant', content: 'Try The Name of the Wind.' },
    ]);
  });

  it('reads spans Langfuse’s OpenTelemetry SDK marked (langfuse.observation.*): generations and tools', () => {
    const T = '0x6c1b0f5e2d3a4b7c8d9e0f1a2b3c4d5e';
    const span = (name: string, id: string, start: string, end: string, attributes: Record<string, unknown>) => ({
      name,
      context: { trace_id: T, span_id: id },
      kind: 'SpanKind.INTERNAL',
      parent_id: id === '0x1000000000000001' ? null : '0x1000000000000001',
      start_time: start,
      end_time: end,
      status: { status_code: 'UNSET' },
      attributes,
      events: [],
      links: [],
      resource: { attributes: { 'service.name': 'weather-bot' }, schema_url: '' },
    });
    const call = { id: 'call_w9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Porto"}' } };
    const spans = [
      span('agent', '0x1000000000000001', '2025-08-01T10:00:00.000000Z', '2025-08-01T10:00:03.000000Z', {
        'langfuse.observation.type': 'agent',
        'langfuse.trace.name': 'weather-bot',
      }),
      span('OpenAI-generation', '0x1000000000000002', '2025-08-01T10:00:00.100000Z', '2025-08-01T10:00:01.000000Z', {
        'langfuse.observation.type': 'generation',
        'langfuse.observation.model.name': 'gpt-4o-mini',
        'langfuse.observation.input': JSON.stringify([{ role: 'user', content: 'Is it raining in Porto?' }]),
        'langfuse.observation.output': JSON.stringify({ role: 'assistant', content: null, tool_calls: [call] }),
        'langfuse.observation.usage_details': '{"input": 52, "output": 14}',
      }),
      span('get_weather', '0x1000000000000003', '2025-08-01T10:00:01.100000Z', '2025-08-01T10:00:01.400000Z', {
        'langfuse.observation.type': 'tool',
        'langfuse.observation.input': '{"city": "Porto"}',
        'langfuse.observation.output': '"Light rain, 17 °C"',
      }),
      span('OpenAI-generation', '0x1000000000000004', '2025-08-01T10:00:01.500000Z', '2025-08-01T10:00:02.900000Z', {
        'langfuse.observation.type': 'generation',
        'langfuse.observation.model.name': 'gpt-4o-mini',
        'langfuse.observation.input': JSON.stringify([
          { role: 'user', content: 'Is it raining in Porto?' },
          { role: 'assistant', content: null, tool_calls: [call] },
          { role: 'tool', tool_call_id: 'call_w9', content: 'Light rain, 17 °C' },
        ]),
        'langfuse.observation.output': JSON.stringify({ role: 'assistant', content: 'Yes, light rain at 17 °C.' }),
        'langfuse.observation.usage_details': '{"input": 88, "output": 9}',
      }),
    ];
    const parsed = otelSdk.parse(otelSdk.container!.parts!.group(spans).records[0]!.record);
    expect(parsed.turns).toMatchObject([
      { role: 'user', content: 'Is it raining in Porto?' },
      {
        role: 'assistant',
        toolCalls: [{ id: 'call_w9', name: 'get_weather', args: { city: 'Porto' } }],
        tokens: { prompt: 52, completion: 14 },
      },
      { role: 'tool', toolCallId: 'call_w9', content: 'Light rain, 17 °C' },
      { role: 'assistant', content: 'Yes, light rain at 17 °C.', tokens: { prompt: 88, completion: 9 } },
    ]);
    expect(parsed.turns).toHaveLength(4);
    // The tool span times the result the second generation was sent.
    expect(parsed.turns[2]!.timing!.durationMs).toBeCloseTo(300, 3);
    expect(parsed.metadata).toMatchObject({ model: 'gpt-4o-mini', conventions: ['Langfuse (langfuse.observation.*)'] });
  });

  it('reads spans LangSmith’s exporter wrote (langsmith.span.kind, a run’s inputs and outputs as JSON) as the runs read', () => {
    // The LangChain agent of the LangSmith fixture, its runs as the exporter's spans.
    const runs = text('langsmith-runs.jsonl')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((r) => r.trace_id === '1f0e6a52-3c7b-4d2e-9a10-6b5c4d3e2f10');
    const hex = (uuid: unknown) => String(uuid).replace(/-/g, '');
    const spans = runs.map((run) => ({
      traceId: hex(run.trace_id),
      id: hex(run.id).slice(16),
      ...(run.parent_run_id ? { parentId: hex(run.parent_run_id).slice(16) } : {}),
      name: run.name,
      kind: 0,
      timestamp: Date.parse(`${String(run.start_time)}Z`) * 1000,
      duration: (Date.parse(`${String(run.end_time)}Z`) - Date.parse(`${String(run.start_time)}Z`)) * 1000,
      attributes: {
        'langsmith.span.kind': run.run_type,
        'langsmith.trace.name': run.name,
        'gen_ai.prompt': JSON.stringify(run.inputs),
        'gen_ai.completion': JSON.stringify(run.outputs),
      },
      status: { code: 1 },
      events: [],
    }));
    const parsed = otelSdk.parse(otelSdk.container!.parts!.group(spans).records[0]!.record);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[2]!.toolCalls).toEqual([
      { id: 'call_Hb7', name: 'web_search', args: { query: 'Hubble Space Telescope launch date' } },
    ]);
    expect(parsed.turns[3]).toMatchObject({
      toolCallId: 'call_Hb7',
      content: 'Hubble was launched on 24 April 1990 aboard Space Shuttle Discovery (STS-31).',
    });
    expect(parsed.turns[3]!.timing!.durationMs).toBeCloseTo(610, 3);
    expect(parsed.metadata).toMatchObject({ conventions: ['LangSmith (langsmith.span.kind)'] });
  });

  it('reads a JS span printed whole (its ids in spanContext, its times as [seconds, nanoseconds])', () => {
    const span = {
      attributes: { 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': 'Ping?' },
      status: { code: 0 },
      endTime: [1597810686, 885498645],
      name: 'chat',
      _spanContext: { traceId: 'eca3cc297720bd705e734f4941bca45a', spanId: '891016e5f8c134ad', traceFlags: 1 },
      parentSpanId: 'cff3a2c6bfd4bbef',
      kind: 2,
      startTime: [1597810686, 885455312],
      events: [],
    };
    expect(detectFormat(span)).toBe('otel-sdk');
    const parsed = otelSdk.parse(otelSdk.container!.parts!.group([span]).records[0]!.record);
    expect(parsed.turns).toMatchObject([{ role: 'user', content: 'Ping?' }]);
    const [kept] = parsed.metadata!.otlp_spans as {
      spanId: string;
      parentSpanId: string;
      startNs: string;
      endNs: string;
    }[];
    expect(kept).toMatchObject({
      spanId: '891016e5f8c134ad',
      parentSpanId: 'cff3a2c6bfd4bbef',
      startNs: '1597810686885455312',
      endNs: '1597810686885498645',
    });
  });

  it('takes ids written as "0x" hex, bare hex or decimal numbers, and refuses a span without one', () => {
    expect(sdkId('0x4dacd658adc7ee5d', 16)).toBe('4dacd658adc7ee5d');
    expect(sdkId('e87062cbe18067301d34cb87d09da4c7', 32)).toBe('e87062cbe18067301d34cb87d09da4c7');
    expect(sdkId('5577006791947779410', 16)).toBe('4d65822107fcfd52');
    expect(sdkId(255, 16)).toBe('00000000000000ff');
    expect(sdkId('0x0', 16)).toBeNull();
    const decimal = [
      { name: 'child', context: { trace_id: 7, span_id: 2 }, parent_id: 1, start_time: '2025-01-01T00:00:01Z' },
      { name: 'root', context: { trace_id: 7, span_id: 1 }, parent_id: null, start_time: '2025-01-01T00:00:00Z' },
      { name: 'lost', context: { trace_id: 'none', span_id: 3 } },
    ];
    const { records, problems } = otelSdk.container!.parts!.group(decimal);
    expect(problems).toEqual([{ part: 2, reason: 'span "lost": trace id "none" is not a trace id' }]);
    const spans = records[0]!.record.otel_sdk_trace as { spanId: string; parentSpanId: string }[];
    expect(spans.map((s) => [s.spanId, s.parentSpanId])).toEqual([
      ['0000000000000002', '0000000000000001'],
      ['0000000000000001', ''],
    ]);
  });

  it('reads a status written as its enum ("StatusCode.ERROR"), as some Python releases print it', () => {
    const span = {
      name: 'agent',
      context: { trace_id: '0x4bf92f3577b34da6a3ce929d0e0e4736', span_id: '0x00f067aa0ba902b7' },
      parent_id: null,
      start_time: '2025-01-01T00:00:00Z',
      end_time: '2025-01-01T00:00:01Z',
      status: { status_code: 'StatusCode.ERROR', description: 'ValueError: no route' },
      attributes: { 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': 'Route me to Oslo.' },
    };
    const parsed = otelSdk.parse(otelSdk.container!.parts!.group([span]).records[0]!.record);
    expect(parsed.outcome).toEqual({
      status: 'failure',
      by: 'root span "agent" status',
      value: 'ValueError: no route',
    });
  });

  it('keeps the nanoseconds an ISO time gives', () => {
    expect(isoToNs('2023-06-10T18:10:01.869155Z')).toBe('1686420601869155000');
    expect(isoToNs('2023-06-10T18:10:01Z')).toBe('1686420601000000000');
    expect(isoToNs('not a time')).toBe('0');
  });
});

describe('OTLP JSON ids', () => {
  const request = (traceId: string, spanId: string, parentSpanId = '') => ({
    resourceSpans: [{ scopeSpans: [{ spans: [{ traceId, spanId, parentSpanId, name: 'chat' }] }] }],
  });

  it('reads hex ids, as the OTLP/JSON encoding writes them', () => {
    const { spans } = spansOfExport(request('5B8EFFF798038103D269B633813FC60C', 'EEE19B7EC3C1B174'));
    expect(spans[0]).toMatchObject({ traceId: '5b8efff798038103d269b633813fc60c', spanId: 'eee19b7ec3c1b174' });
  });

  it('reads base64 ids, as protobuf’s own JSON mapping writes them', () => {
    const { spans, problems } = spansOfExport(request('W47/95gDgQPSabYzgT/GDA==', '7uGbfsPBsXQ=', 'AAAAAAAAAAE='));
    expect(problems).toEqual([]);
    expect(spans[0]).toMatchObject({
      traceId: '5b8efff798038103d269b633813fc60c',
      spanId: 'eee19b7ec3c1b174',
      parentSpanId: '0000000000000001',
    });
  });

  it('still refuses an id that is neither', () => {
    const { problems } = spansOfExport(request('not-an-id', 'eee19b7ec3c1b174'));
    expect(problems).toEqual([
      { at: 'resourceSpans[0].scopeSpans[0].spans[0]', reason: 'traceId "not-an-id" is not 32 hex digits' },
    ]);
  });
});
