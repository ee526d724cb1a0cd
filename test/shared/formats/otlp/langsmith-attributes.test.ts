import { describe, expect, it } from 'vitest';
import { assembleTrace } from '../../../../shared/formats/otlp/assemble';
import { anyValue, conversationOf, spansOfExport } from '../../../../shared/formats/otlp/spans';
import { exportRequest, span } from '../../../helpers/otlp-json';

const bytes = (text: string) => ({ bytesValue: Buffer.from(text, 'utf8').toString('base64') });

/** A span as LangSmith's exporter writes it: string attributes, and inputs and outputs as bytes. */
function langsmithSpan(options: Parameters<typeof span>[0] & { prompt?: unknown; completion?: unknown }) {
  const written = span(options);
  for (const [key, value] of [
    ['gen_ai.prompt', options.prompt],
    ['gen_ai.completion', options.completion],
  ] as const)
    if (value !== undefined) written.attributes.push({ key, value: bytes(JSON.stringify(value)) });
  return written;
}

const message = (type: string, content: string, extra: Record<string, unknown> = {}) => ({
  lc: 1,
  type: 'constructor',
  id: ['langchain', 'schema', 'messages', type],
  kwargs: { content, ...extra },
});

describe('OTLP bytes values', () => {
  it('are text where they are UTF-8, as LangSmith sends JSON', () => {
    expect(anyValue(bytes('{"city":"Zürich 🌤"}'))).toBe('{"city":"Zürich 🌤"}');
    expect(anyValue({ bytesValue: '' })).toBe('');
  });

  it('stay base64 where they are not UTF-8 (invalid, overlong, a lone surrogate, cut short)', () => {
    for (const raw of [
      [0xff, 0xfe, 0x00],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xe2, 0x82],
    ]) {
      const base64 = Buffer.from(raw).toString('base64');
      expect(anyValue({ bytesValue: base64 })).toBe(base64);
    }
  });
});

describe('the conversation a span names', () => {
  it('is a LangGraph thread LangSmith exports from the run metadata, or an OpenTelemetry session', () => {
    const [thread, session, project] = spansOfExport(
      exportRequest([
        span({ name: 'a', attributes: { 'langsmith.metadata.thread_id': 'thread-1' } }),
        span({ name: 'b', attributes: { 'session.id': 'session-1' } }),
        // LangSmith's own session is the tracing project, which many conversations share.
        span({ name: 'c', attributes: { 'langsmith.trace.session_id': 'project-1' } }),
      ]),
    ).spans;
    expect([thread, session, project].map((s) => conversationOf(s!))).toEqual(['thread-1', 'session-1', null]);
  });
});

describe('LangSmith spans', () => {
  const root = 'a'.repeat(16);
  const weather = {
    type: 'function',
    function: { name: 'get_weather', description: 'The weather in a city.', parameters: { type: 'object' } },
  };

  it('read the declared tools from invocation params a run was given as metadata', () => {
    const call = langsmithSpan({
      name: 'ChatOpenAI',
      parent: root,
      attributes: {
        'langsmith.span.kind': 'llm',
        'langsmith.metadata.invocation_params': JSON.stringify({ model: 'gpt-test', tools: [weather] }),
        'langsmith.metadata.ls_model_name': 'gpt-test',
      },
      prompt: { messages: [[message('HumanMessage', 'Weather in Oslo?')]] },
      completion: { generations: [[{ text: 'Sunny.', message: message('AIMessage', 'Sunny.') }]] },
    });
    const trace = assembleTrace(spansOfExport(exportRequest([call])).spans);
    expect(trace.tools.map((t) => t.name)).toEqual(['get_weather']);
    expect(trace.metadata.model).toBe('gpt-test');
    expect(trace.turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'Weather in Oslo?'],
      ['assistant', 'Sunny.'],
    ]);
  });

  it('give a tool that raised its error as its result, without the traceback LangSmith appends', () => {
    const error =
      'ValueError(\'Oslo is closed\')Traceback (most recent call last):\n  File "tools.py", line 3\nValueError: Oslo is closed';
    const spans = spansOfExport(
      exportRequest([
        span({
          name: 'agent',
          spanId: root,
          attributes: { 'langsmith.span.kind': 'chain' },
          status: { code: 2, message: error },
        }),
        langsmithSpan({
          name: 'ChatOpenAI',
          parent: root,
          at: 1,
          attributes: { 'langsmith.span.kind': 'llm' },
          prompt: { messages: [[message('HumanMessage', 'Weather in Oslo?')]] },
          completion: {
            generations: [
              [
                {
                  text: '',
                  message: message('AIMessage', '', {
                    tool_calls: [{ name: 'get_weather', args: { city: 'Oslo' }, id: 'call_1', type: 'tool_call' }],
                  }),
                },
              ],
            ],
          },
        }),
        // A tool that raised has an empty output; its error is on the span's status.
        langsmithSpan({
          name: 'get_weather',
          parent: root,
          at: 20,
          attributes: { 'langsmith.span.kind': 'tool', 'langsmith.trace.name': 'get_weather' },
          status: { code: 2, message: error },
          prompt: { city: 'Oslo' },
          completion: {},
        }),
      ]),
    ).spans;
    const trace = assembleTrace(spans);
    expect(trace.turns.map((t) => [t.role, t.content ?? ''])).toEqual([
      ['user', 'Weather in Oslo?'],
      ['assistant', ''],
      ['tool', "Error: ValueError('Oslo is closed')"],
    ]);
    expect(trace.turns[2]!.toolCallId).toBe('call_1');
    expect(trace.metadata.tool_errors).toEqual([
      { tool: 'get_weather', toolCallId: 'call_1', error: "ValueError('Oslo is closed')" },
    ]);
    expect(trace.outcome).toEqual({
      status: 'failure',
      by: 'root span "agent" status',
      value: "ValueError('Oslo is closed')",
    });
  });
});
