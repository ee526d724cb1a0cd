import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  formatDescriptor,
  partsFormat,
  recordsInDocument,
} from '../../../../shared/formats/trajectories/registry';
import { PAIRED_BY_NAME } from '../../../../shared/formats/trajectories/trace-calls';

/**
 * Langfuse traces in the shapes Langfuse writes them: the UI's "download trace" of a v3 agent
 * (`{trace, observations}`, scores on the trace), the public API's traces with their
 * observations inline (v2: `usage`, tools as spans), and observations alone, one per line.
 */
const TRACES = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'traces');
const json = (file: string) => JSON.parse(fs.readFileSync(path.join(TRACES, file), 'utf8')) as unknown;
const langfuse = formatDescriptor('langfuse');

describe('Langfuse trace export', () => {
  it('reads a downloaded trace: generations in time order, the tool observation as the result, the verdict score as outcome', () => {
    const record = json('langfuse-trace.json') as Record<string, unknown>;
    expect(detectFormat(record)).toBe('langfuse');
    const parsed = langfuse.parse(record);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    // The first generation (listed second in the file) asked for the weather.
    expect(parsed.turns[2]!.toolCalls).toEqual([{ id: 'call_Wq81', name: 'get_weather', args: { city: 'Lisbon' } }]);
    expect(parsed.turns[2]!.tokens).toEqual({ prompt: 118, completion: 17 });
    expect(parsed.turns[2]!.timing).toEqual({ startedAt: '2025-06-11T09:14:02.140Z', durationMs: 1372 });
    // The result the second generation was sent, timed by the TOOL observation that made it.
    expect(parsed.turns[3]).toMatchObject({
      toolCallId: 'call_Wq81',
      content: '{"temp_c": 21, "sky": "clear", "rain_mm": 0}',
      timing: { startedAt: '2025-06-11T09:14:03.530Z', durationMs: 851 },
    });
    expect(parsed.turns[4]).toMatchObject({
      content: 'No umbrella needed: it is 21 °C and clear in Lisbon, with no rain expected.',
      tokens: { prompt: 171, completion: 22 },
    });
    expect(parsed.tools.map((t) => t.name)).toEqual(['get_weather']);
    expect(parsed.outcome).toEqual({ status: 'success', by: 'Langfuse score "correctness"', value: 1 });
    expect(parsed.notes).toEqual([PAIRED_BY_NAME]);
    expect(parsed.metadata).toMatchObject({
      harness: 'Langfuse',
      model: 'gpt-4o-mini-2024-07-18',
      task_id: 'weather-017',
      trace_id: '7d3c1f9e-2b4a-4c61-9f0e-5a8b3c2d1e0f',
      session_id: 's-lisbon-trip',
      usage: { input_tokens: 289, output_tokens: 39 },
    });
    // Every score is listed, the verdict and the measure beside it.
    expect((parsed.metadata!.scores as { name: string }[]).map((s) => s.name)).toEqual(['correctness', 'helpfulness']);
    // The agent span holds no turn: it is kept, input and output and all.
    expect(parsed.metadata!.observations).toEqual([expect.objectContaining({ id: 'obs-agent', type: 'AGENT' })]);
    // The trace's own input and output are what the turns already say.
    expect(parsed.metadata).not.toHaveProperty('trace_output');
    // What no turn holds of a generation: its parameters and costs.
    expect(parsed.metadata!.generations).toEqual([
      expect.objectContaining({ id: 'obs-gen-1', modelParameters: { temperature: 0, max_tokens: 512 } }),
      expect.objectContaining({
        id: 'obs-gen-2',
        costDetails: { input: 0.0000257, output: 0.0000132, total: 0.0000389 },
      }),
    ]);
  });

  it('takes a span that wraps a TOOL observation of the same name for no second result', () => {
    const record = json('langfuse-trace.json') as { trace: unknown; observations: Record<string, unknown>[] };
    const tool = record.observations.find((o) => o.type === 'TOOL')!;
    const wrapper = { ...tool, id: 'obs-wrapper', type: 'SPAN', output: null };
    const parsed = langfuse.parse({ ...record, observations: [...record.observations, wrapper] });
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(parsed.metadata!.observations).toContainEqual(expect.objectContaining({ id: 'obs-wrapper' }));
  });

  it('reads the public API’s v2 traces: tools written as spans, a failed tool as an error result, a categorical verdict', () => {
    const [calc, haiku] = json('langfuse-api-traces.json') as Record<string, unknown>[];
    expect(detectFormat(calc)).toBe('langfuse');
    const parsed = langfuse.parse(calc!);
    expect(parsed.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[1]!.tokens).toEqual({ prompt: 61, completion: 19 });
    expect(parsed.turns[2]).toMatchObject({ toolCallId: 'call_m1', timing: { durationMs: 5 } });
    expect(parsed.metadata!.tool_errors).toEqual([
      { tool: 'calculator', toolCallId: 'call_m1', error: "SyntaxError: invalid character '%'" },
    ]);
    // A score that is a measure, not a verdict, gives no outcome; it is kept.
    expect(parsed.outcome).toBeUndefined();
    expect(parsed.metadata!.scores).toEqual([
      { name: 'user-feedback', value: 1, dataType: 'NUMERIC', source: 'API', comment: 'thumbs up' },
    ]);
    // The retrieval span is no turn: kept with what it found.
    expect(parsed.metadata!.observations).toEqual([
      expect.objectContaining({
        name: 'retrieve-context',
        output: { documents: ['A percentage p of n is n * p / 100.'] },
      }),
    ]);
    expect(parsed.metadata).toMatchObject({ total_cost: 0.00041, model: 'gpt-4o' });

    const text = langfuse.parse(haiku!);
    expect(text.turns).toMatchObject([
      { role: 'user', content: 'Write a haiku about autumn rain.' },
      { role: 'assistant', content: 'Cold rain on maple / red leaves loosen one by one / the gutter sings low' },
    ]);
    expect(text.outcome).toEqual({ status: 'failure', by: 'Langfuse score "verdict"', value: 'fail' });
  });

  it('groups observations exported alone by trace, pairing a tool result by the call id its metadata names', () => {
    const lines = fs
      .readFileSync(path.join(TRACES, 'langfuse-observations.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as unknown);
    expect(partsFormat(lines[0])).toBe('langfuse');
    const { records, problems } = langfuse.container!.parts!.group(lines);
    expect(problems).toEqual([]);
    expect(records.map((r) => r.first)).toEqual([0, 1]);
    const order = langfuse.parse(records[0]!.record);
    expect(order.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(order.turns[1]).toMatchObject({
      content: 'Let me look that up.',
      toolCalls: [{ id: 'toolu_01A', name: 'order_status', args: { order_id: '5512' } }],
    });
    expect(order.turns[2]).toMatchObject({ toolCallId: 'toolu_01A', timing: { durationMs: 200 } });
    expect(order.notes ?? []).not.toContain(PAIRED_BY_NAME);
    expect(order.metadata).toMatchObject({ trace_id: 't-support-1', model: 'claude-3-5-haiku-20241022' });
    const cancel = langfuse.parse(records[1]!.record);
    expect(cancel.turns.map((t) => t.role)).toEqual(['user', 'assistant']);
  });

  it('reads a page of the public API (`{data, meta}`) as its traces', () => {
    const traces = json('langfuse-api-traces.json') as unknown[];
    const found = recordsInDocument({ data: traces, meta: { page: 1, limit: 50, totalItems: 2, totalPages: 1 } });
    expect(found?.format).toBe('langfuse');
    expect(found?.records).toHaveLength(2);
  });

  it('reads Langfuse v4 observations (no trace entity, input and output as JSON text) as their trace', () => {
    const root = {
      id: 'root-1',
      traceId: 't-v4',
      type: 'SPAN',
      name: 'answer_question',
      startTime: '2026-02-10T12:00:00.000Z',
      endTime: '2026-02-10T12:00:04.000Z',
      parentObservationId: null,
      input: '{"question": "Which planet has the most moons?"}',
      output: '{"text": "Saturn, with 274 confirmed moons."}',
      traceName: 'answer_question',
      userId: 'u-9',
      sessionId: 'sess-astro',
      tags: ['golden'],
      environment: 'production',
    };
    const generation = {
      ...root,
      id: 'gen-1',
      type: 'GENERATION',
      name: 'answer',
      parentObservationId: 'root-1',
      startTime: '2026-02-10T12:00:01.000Z',
      input: '[{"role": "user", "content": "Which planet has the most moons?"}]',
      output: 'Saturn, with 274 confirmed moons.',
      model: null,
      providedModelName: 'claude-sonnet-4',
      usageDetails: { input: 14, output: 9 },
      costDetails: { total: 0.0002 },
    };
    const found = recordsInDocument({ data: [root, generation], meta: {} });
    expect(found?.format).toBe('langfuse');
    expect(found?.records).toHaveLength(1);
    const parsed = langfuse.parse(found!.records[0] as Record<string, unknown>);
    expect(parsed.turns).toMatchObject([
      { role: 'user', content: 'Which planet has the most moons?' },
      { role: 'assistant', content: 'Saturn, with 274 confirmed moons.', tokens: { prompt: 14, completion: 9 } },
    ]);
    expect(parsed.metadata).toMatchObject({
      model: 'claude-sonnet-4',
      trace_id: 't-v4',
      trace_name: 'answer_question',
      session_id: 'sess-astro',
      user_id: 'u-9',
      tags: ['golden'],
      total_cost: 0.0002,
    });
    // The root span's input and output are the trace's: the turns say them, so they are not kept twice.
    expect(parsed.metadata).not.toHaveProperty('trace_input');
    expect(parsed.metadata).not.toHaveProperty('trace_output');
  });

  it('reads a download whose observations came without input and output from the trace’s own', () => {
    const parsed = langfuse.parse({
      trace: { id: 't-light', input: 'Summarise the incident.', output: 'The cache expired early.', scores: [] },
      observations: [
        {
          id: 'g1',
          traceId: 't-light',
          type: 'GENERATION',
          name: 'summarise',
          startTime: '2025-04-01T10:00:00Z',
          endTime: '2025-04-01T10:00:02Z',
          model: 'gpt-4.1',
          usage: { inputUsage: 412, outputUsage: 35, totalUsage: 447 },
        },
      ],
    });
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'Summarise the incident.' },
      { role: 'assistant', content: 'The cache expired early.' },
    ]);
    expect(parsed.metadata).toMatchObject({ model: 'gpt-4.1', usage: { input_tokens: 412, output_tokens: 35 } });
    // The generation that gave no turn is kept as it was.
    expect(parsed.metadata!.generations_not_read).toEqual([expect.objectContaining({ id: 'g1' })]);
  });

  it('reads an ingestion batch the SDK sent: creates and updates merged per observation, the score as verdict', () => {
    const batch = json('langfuse-ingestion-batch.json') as Record<string, unknown>;
    const found = recordsInDocument(batch);
    expect(found?.format).toBe('langfuse');
    expect(found?.shared).toEqual({ ingestion_metadata: expect.objectContaining({ sdk_name: 'python' }) });
    expect(found?.records).toHaveLength(1);
    const parsed = langfuse.parse(found!.records[0] as Record<string, unknown>);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    // The generation's create gave its input, its update the output, the end time and the tokens.
    expect(parsed.turns[2]).toMatchObject({
      toolCalls: [{ id: 'call_st1', name: 'check_stock', args: { sku: 'VELO3-M' } }],
      tokens: { prompt: 104, completion: 19 },
      timing: { startedAt: '2025-07-01T09:30:00.010Z', durationMs: 1190 },
    });
    // The span named after the tool (as v2 SDKs write tools) times the result.
    expect(parsed.turns[3]).toMatchObject({ toolCallId: 'call_st1', timing: { durationMs: 180 } });
    expect(parsed.tools.map((t) => t.name)).toEqual(['check_stock']);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'Langfuse score "resolved"', value: 0 });
    // The second trace-create (an update) added the output without erasing the name.
    expect(parsed.metadata).toMatchObject({ trace_name: 'stock-question', session_id: 'chat-991' });
    expect(parsed.metadata).not.toHaveProperty('trace_output');
  });

  it('groups ingestion events kept one per line by trace', () => {
    const { batch } = json('langfuse-ingestion-batch.json') as { batch: Record<string, unknown>[] };
    expect(partsFormat(batch[1])).toBe('langfuse');
    const { records } = langfuse.container!.parts!.group(batch);
    expect(records).toHaveLength(1);
    expect(records[0]!.first).toBe(0);
    expect(langfuse.parse(records[0]!.record).turns).toHaveLength(5);
  });

  it('places a tool observation no generation asked for after a call made for it', () => {
    const parsed = langfuse.parse({
      trace: { id: 't1', input: 'ping the host', output: null },
      observations: [
        {
          id: 'o1',
          traceId: 't1',
          type: 'TOOL',
          name: 'ping',
          startTime: '2025-01-01T00:00:00Z',
          endTime: '2025-01-01T00:00:01Z',
          input: { host: 'example.org' },
          output: '64 bytes from example.org: time=12 ms',
        },
      ],
    });
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'ping the host' },
      { role: 'assistant', toolCalls: [{ id: 'call_1_ping', name: 'ping', args: { host: 'example.org' } }] },
      {
        role: 'tool',
        content: '64 bytes from example.org: time=12 ms',
        toolCallId: 'call_1_ping',
        timing: { startedAt: '2025-01-01T00:00:00.000Z', durationMs: 1000 },
      },
    ]);
  });

  it('names a message field no shape understands once, whichever generation holds it', () => {
    const generation = (id: string, start: string) => ({
      id,
      traceId: 't-audio',
      type: 'GENERATION',
      startTime: start,
      input: [{ role: 'user', content: 'Read this aloud.', audio_hint: 'slow' }],
      output: 'Reading it now.',
    });
    const parsed = langfuse.parse({
      trace: { id: 't-audio' },
      observations: [generation('g1', '2025-01-01T00:00:00Z'), generation('g2', '2025-01-01T00:00:05Z')],
    });
    expect(new Set(parsed.ignored)).toEqual(
      new Set([expect.stringMatching(/^messages\[0\]\.audio_hint \(a generation's input\)$/)]),
    );
  });

  it('does not take other formats’ records', () => {
    expect(langfuse.detect({ messages: [{ role: 'user', content: 'hi' }] })).toBe(false);
    expect(langfuse.detect({ id: 'x', observations: 'none', timestamp: 1 })).toBe(false);
    expect(langfuse.detect({ traceId: 'a', type: 'message', startTime: 1 })).toBe(false);
  });
});
