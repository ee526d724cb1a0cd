import { describe, expect, it } from 'vitest';
import { describeOutcome, outcomeWord } from '../../../../shared/domain';
import { assembleTrace } from '../../../../shared/formats/otlp/assemble';
import { groupKey, sourceLabel, traceSource } from '../../../../shared/formats/otlp/groups';
import { unflatten } from '../../../../shared/formats/otlp/flattened';
import { anyValue, spansOfExport } from '../../../../shared/formats/otlp/spans';
import { exportRequest, span } from '../../../helpers/otlp-json';

const spansOf = (...list: ReturnType<typeof span>[]) => spansOfExport(exportRequest(list)).spans;

describe('OTLP JSON spans', () => {
  it('reads attribute values as OTLP JSON writes them, int64 past 2^53 kept as text', () => {
    expect(anyValue({ intValue: '42' })).toBe(42);
    expect(anyValue({ intValue: '9007199254740993' })).toBe('9007199254740993');
    expect(anyValue({ arrayValue: { values: [{ stringValue: 'a' }, { boolValue: true }] } })).toEqual(['a', true]);
    expect(anyValue({ kvlistValue: { values: [{ key: 'k', value: { doubleValue: 1.5 } }] } })).toEqual({ k: 1.5 });
  });

  it('refuses spans without valid ids, naming where they are, and keeps the others', () => {
    const found = spansOfExport(exportRequest([span({ name: 'ok' }), { ...span({ name: 'bad' }), traceId: '00' }]));
    expect(found.spans.map((s) => s.name)).toEqual(['ok']);
    expect(found.problems).toEqual([
      { at: 'resourceSpans[0].scopeSpans[0].spans[1]', reason: 'traceId "00" is not 32 hex digits' },
    ]);
    expect(found.spans[0]!.resource).toEqual({ 'service.name': 'test-agent' });
  });

  it('unflattens indexed attributes into lists, in index order', () => {
    const { list, keys } = unflatten(
      { 'p.10.role': 'user', 'p.2.role': 'system', 'p.2.tool_calls.0.name': 'f', other: 1 },
      'p',
    );
    expect(list).toEqual([{ role: 'system', tool_calls: [{ name: 'f' }] }, { role: 'user' }]);
    expect(keys).toHaveLength(3);
  });
});

describe('assembleTrace', () => {
  it('adds only what a call sends that is new, when the history is not resent', () => {
    const call = (at: number, question: string, answer: string) =>
      span({
        name: 'chat',
        at,
        parent: 'a'.repeat(16),
        attributes: {
          'gen_ai.input.messages': JSON.stringify([
            { role: 'system', parts: [{ type: 'text', content: 'Hi.' }] },
            { role: 'user', parts: [{ type: 'text', content: question }] },
          ]),
          'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: answer }] }]),
        },
      });
    const trace = assembleTrace(spansOf(call(0, 'one?', 'one.'), call(10, 'two?', 'two.')));
    expect(trace.turns.map((t) => t.content)).toEqual(['Hi.', 'one?', 'one.', 'two?', 'two.']);
    expect(trace.complete).toBe(false);
    expect(trace.outcome).toEqual({ status: 'unknown', by: 'trace in progress', value: null });
    // Named as a run still going, not as one whose outcome is unknown.
    expect(outcomeWord(trace.outcome)).toBe('in progress');
    expect(describeOutcome(trace.outcome)).toBe('the trace goes on: its root span has not arrived yet');
    // Once its root span has arrived (here without a status), or it went quiet, it has ended.
    const ended = assembleTrace(spansOf(call(0, 'one?', 'one.'), span({ name: 'agent', at: 20 })));
    expect(ended.complete).toBe(true);
    expect(outcomeWord(ended.outcome)).toBe('outcome unknown');
    const quiet = assembleTrace(spansOf(call(0, 'one?', 'one.')), { quiet: true });
    expect(outcomeWord(quiet.outcome)).toBe('outcome unknown');
  });

  it('reads OpenInference message contents and tool call ids of tool messages', () => {
    const trace = assembleTrace(
      spansOf(
        span({
          name: 'llm',
          attributes: {
            'openinference.span.kind': 'LLM',
            'llm.input_messages.0.message.role': 'user',
            'llm.input_messages.0.message.contents.0.message_content.type': 'text',
            'llm.input_messages.0.message.contents.0.message_content.text': 'Look it up',
            'llm.input_messages.1.message.role': 'assistant',
            'llm.input_messages.1.message.tool_calls.0.tool_call.id': 'c9',
            'llm.input_messages.1.message.tool_calls.0.tool_call.function.name': 'find',
            'llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments': '{"q":1}',
            'llm.input_messages.2.message.role': 'tool',
            'llm.input_messages.2.message.tool_call_id': 'c9',
            'llm.input_messages.2.message.content': 'found',
            'llm.output_messages.0.message.role': 'assistant',
            'llm.output_messages.0.message.content': 'Done.',
            'llm.model_name': 'oi-model',
            'llm.token_count.prompt': 9,
            'llm.token_count.completion': 2,
            'llm.provider': 'openai',
          },
        }),
      ),
      { quiet: true },
    );
    expect(trace.turns).toEqual([
      { role: 'user', content: 'Look it up' },
      { role: 'assistant', toolCalls: [{ id: 'c9', name: 'find', args: { q: 1 } }] },
      { role: 'tool', content: 'found', toolCallId: 'c9' },
      expect.objectContaining({ role: 'assistant', content: 'Done.', tokens: { prompt: 9, completion: 2 } }),
    ]);
    expect(trace.metadata).toMatchObject({ model: 'oi-model', trace_state: 'complete' });
    // Not read by any convention: kept, with the span it came on.
    expect(Object.values(trace.metadata.span_attributes as object)).toEqual([{ 'llm.provider': 'openai' }]);
  });
});

describe('the source of a received trace', () => {
  it('is stored as a number and read as the trace id in hex, as OTLP JSON writes it', () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const source = traceSource(groupKey(traceId));
    expect(source).toMatch(/^otlp#1\d+$/);
    expect(sourceLabel(source)).toBe(`otlp trace ${traceId}`);
    // Leading zeros are part of the id.
    expect(sourceLabel(traceSource(groupKey(`00${traceId.slice(2)}`)))).toBe(`otlp trace 00${traceId.slice(2)}`);
    expect(sourceLabel('runs.jsonl#7')).toBe('runs.jsonl#7');
    expect(sourceLabel(traceSource(groupKey(traceId, 'chat-1')))).toMatch(/^otlp#2\d+$/);
  });
});
