import { describe, expect, it } from 'vitest';
import { assembleTrace, spanError } from '../../../../shared/formats/otlp/assemble';
import { spansOfExport } from '../../../../shared/formats/otlp/spans';
import { exportRequest, span } from '../../../helpers/otlp-json';

/** A LangChain message as `JSON.stringify` writes one: its `lc` serialisation. */
const lc = (type: string, kwargs: Record<string, unknown>) => ({
  lc: 1,
  type: 'constructor',
  id: ['langchain_core', 'messages', type],
  kwargs: { additional_kwargs: {}, response_metadata: {}, ...kwargs },
});

const system = lc('SystemMessage', { content: 'Be brief.' });
const human = lc('HumanMessage', { content: 'Weather in Paris, and a table?' });
const calls = lc('AIMessage', {
  content: '',
  tool_calls: [
    { id: 'call_w', name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' },
    { id: 'call_b', name: 'book_table', args: { restaurant: 'Chez Marie' }, type: 'tool_call' },
  ],
  invalid_tool_calls: [],
});
const weather = lc('ToolMessage', { status: 'success', content: 'sunny', tool_call_id: 'call_w', name: 'get_weather' });
const refused = lc('ToolMessage', {
  status: 'error',
  content: 'Error: no table\n Please fix your mistakes.',
  tool_call_id: 'call_b',
  name: 'book_table',
});
const answer = lc('AIMessage', { content: 'Sunny; no table.', tool_calls: [], invalid_tool_calls: [] });

/** OpenInference's LangChain LLM span: flattened messages without ids, and the run's inputs and outputs as JSON. */
function llmSpan(at: number, input: unknown[], output: unknown, flattened: Record<string, string>) {
  return span({
    name: 'ChatOpenAI',
    at,
    parent: 'c'.repeat(16),
    attributes: {
      'openinference.span.kind': 'LLM',
      'input.value': JSON.stringify({ messages: [input] }),
      'output.value': JSON.stringify({ generations: [[{ text: '', message: output }]] }),
      'llm.model_name': 'gpt-test',
      'llm.token_count.prompt': 10 + at,
      'llm.token_count.completion': 3,
      ...flattened,
    },
  });
}

const toolSpan = (at: number, name: string, output?: unknown) =>
  span({
    name,
    at,
    parent: 'c'.repeat(16),
    attributes: {
      'openinference.span.kind': 'TOOL',
      'tool.name': name,
      'input.value': name === 'get_weather' ? 'Paris' : 'Chez Marie',
      ...(output ? { 'output.value': JSON.stringify({ output }) } : {}),
    },
    ...(output ? {} : { status: { code: 2, message: 'no table\n\nError: no table\n    at book (tools.ts:3:9)' } }),
  });

describe('OpenInference spans of a LangChain agent', () => {
  it('give each turn once, calls and results paired by id, results as the model got them', () => {
    const spans = spansOfExport(
      exportRequest([
        span({
          name: 'LangGraph',
          spanId: 'c'.repeat(16),
          durationMs: 100,
          attributes: {
            'openinference.span.kind': 'CHAIN',
            'input.value': JSON.stringify({ messages: [{ role: 'user', content: 'Weather in Paris, and a table?' }] }),
            'output.value': JSON.stringify({ messages: [human, calls, weather, refused, answer] }),
          },
          status: { code: 1 },
        }),
        llmSpan(1, [system, human], calls, {
          'llm.input_messages.0.message.role': 'system',
          'llm.input_messages.0.message.content': 'Be brief.',
          'llm.input_messages.1.message.role': 'user',
          'llm.input_messages.1.message.content': 'Weather in Paris, and a table?',
          'llm.output_messages.0.message.role': 'assistant',
          'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': 'get_weather',
          'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': '{"city":"Paris"}',
          'llm.output_messages.0.message.tool_calls.1.tool_call.function.name': 'book_table',
          'llm.output_messages.0.message.tool_calls.1.tool_call.function.arguments': '{"restaurant":"Chez Marie"}',
        }),
        toolSpan(20, 'get_weather', weather),
        toolSpan(21, 'book_table'),
        llmSpan(40, [system, human, calls, weather, refused], answer, {
          'llm.input_messages.0.message.role': 'system',
          'llm.input_messages.0.message.content': 'Be brief.',
          'llm.output_messages.0.message.role': 'assistant',
          'llm.output_messages.0.message.content': 'Sunny; no table.',
        }),
      ]),
    ).spans;
    const trace = assembleTrace(spans);
    expect(trace.turns.map(({ timing: _, ...turn }) => turn)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris, and a table?' },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'call_w', name: 'get_weather', args: { city: 'Paris' } },
          { id: 'call_b', name: 'book_table', args: { restaurant: 'Chez Marie' } },
        ],
        tokens: { prompt: 11, completion: 3 },
      },
      { role: 'tool', content: 'sunny', toolCallId: 'call_w' },
      { role: 'tool', content: 'Error: no table\n Please fix your mistakes.', toolCallId: 'call_b' },
      { role: 'assistant', content: 'Sunny; no table.', tokens: { prompt: 50, completion: 3 } },
    ]);
    expect(trace.metadata.tool_errors).toEqual([{ tool: 'book_table', toolCallId: 'call_b', error: 'no table' }]);
    expect(trace.outcome).toEqual({ status: 'success', by: 'root span "LangGraph" status', value: 'OK' });
  });

  it('keeps reading the flattened messages when input.value holds no LangChain messages', () => {
    const spans = spansOfExport(
      exportRequest([
        span({
          name: 'llm',
          attributes: {
            'openinference.span.kind': 'LLM',
            'input.value': JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }], model: 'gpt-test' }),
            'llm.input_messages.0.message.role': 'user',
            'llm.input_messages.0.message.content': 'Hi',
            'llm.output_messages.0.message.role': 'assistant',
            'llm.output_messages.0.message.content': 'Hello.',
          },
        }),
        span({
          name: 'lookup',
          at: 20,
          attributes: { 'openinference.span.kind': 'TOOL', 'tool.name': 'lookup', 'output.value': 'plain text' },
        }),
      ]),
    ).spans;
    const trace = assembleTrace(spans, { quiet: true });
    expect(trace.turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'Hi'],
      ['assistant', 'Hello.'],
      ['assistant', undefined],
      ['tool', 'plain text'],
    ]);
  });

  it("read an error LangChain's tracer wrote as its message, the stack left with the span", () => {
    const failed = (message: string) =>
      spansOfExport(exportRequest([span({ name: 'x', status: { code: 2, message } })])).spans[0]!;
    expect(spanError(failed('500 no replies\n\nError: 500 no replies\n    at fetch (client.ts:9:3)'))).toBe(
      '500 no replies',
    );
    expect(spanError(failed('bad input\n\nTypeError: x is undefined\n    at run (a.js:1:1)'))).toBe('bad input');
    // A message with a blank line of its own is kept whole.
    expect(spanError(failed('Rate limited.\n\nTry again in a minute.'))).toBe(
      'Rate limited.\n\nTry again in a minute.',
    );
  });
});
