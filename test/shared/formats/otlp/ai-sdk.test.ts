import { describe, expect, it } from 'vitest';
import { assembleTrace } from '../../../../shared/formats/otlp/assemble';
import { spansOfExport } from '../../../../shared/formats/otlp/spans';
import { exportRequest, span, type JsonSpan } from '../../../helpers/otlp-json';

const spansOf = (...list: JsonSpan[]) => spansOfExport(exportRequest(list)).spans;
const ROOT = 'a1'.repeat(8);

/** A span with a string-array attribute too, as the AI SDK writes `ai.prompt.tools`. */
const withList = (s: JsonSpan, key: string, values: unknown[]): JsonSpan => ({
  ...s,
  attributes: [
    ...s.attributes,
    { key, value: { arrayValue: { values: values.map((v) => ({ stringValue: JSON.stringify(v) })) } } },
  ],
});

const WEATHER_TOOL = {
  type: 'function',
  name: 'get_weather',
  description: 'Current weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
};

describe('AI SDK spans (ai.*)', () => {
  it('reads v4’s names: one model call per doGenerate span, the outer span’s summed usage not counted again', () => {
    const history = [
      { role: 'system', content: 'Use the tools.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
    ];
    const call = { toolCallType: 'function', toolCallId: 'call_1', toolName: 'get_weather', args: '{"city":"Paris"}' };
    const spans = spansOf(
      span({
        name: 'ai.generateText',
        spanId: ROOT,
        attributes: {
          'ai.operationId': 'ai.generateText',
          'ai.prompt': JSON.stringify({ system: 'Use the tools.', prompt: 'Weather in Paris?' }),
          'ai.response.text': 'Sunny.',
          'ai.usage.promptTokens': 50,
          'ai.usage.completionTokens': 12,
        },
        durationMs: 100,
      }),
      withList(
        span({
          name: 'ai.generateText.doGenerate',
          parent: ROOT,
          at: 1,
          attributes: {
            'ai.operationId': 'ai.generateText.doGenerate',
            'ai.model.id': 'gpt-4o',
            'ai.prompt.messages': JSON.stringify(history),
            'ai.response.toolCalls': JSON.stringify([call]),
            'ai.usage.promptTokens': 20,
            'ai.usage.completionTokens': 7,
          },
        }),
        'ai.prompt.tools',
        [WEATHER_TOOL],
      ),
      span({
        name: 'ai.toolCall',
        parent: ROOT,
        at: 20,
        attributes: {
          'ai.operationId': 'ai.toolCall',
          'ai.toolCall.name': 'get_weather',
          'ai.toolCall.id': 'call_1',
          'ai.toolCall.args': '{"city":"Paris"}',
          'ai.toolCall.result': '{"sky":"sunny"}',
        },
      }),
      span({
        name: 'ai.generateText.doGenerate',
        parent: ROOT,
        at: 40,
        attributes: {
          'ai.operationId': 'ai.generateText.doGenerate',
          'ai.model.id': 'gpt-4o',
          'ai.response.model': 'gpt-4o-2024-08-06',
          'ai.prompt.messages': JSON.stringify([
            ...history,
            { role: 'assistant', content: [{ ...call, type: 'tool-call', args: { city: 'Paris' } }] },
            {
              role: 'tool',
              content: [
                { type: 'tool-result', toolCallId: 'call_1', toolName: 'get_weather', result: { sky: 'sunny' } },
              ],
            },
          ]),
          'ai.response.reasoning': 'The tool said sunny.',
          'ai.response.text': 'Sunny.',
          'ai.usage.promptTokens': 30,
          'ai.usage.completionTokens': 5,
        },
      }),
    );
    const trace = assembleTrace(spans);
    expect(trace.turns.map(({ timing: _timing, ...t }) => t)).toEqual([
      { role: 'system', content: 'Use the tools.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        toolCalls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }],
        tokens: { prompt: 20, completion: 7 },
      },
      { role: 'tool', content: '{"sky":"sunny"}', toolCallId: 'call_1' },
      { role: 'assistant', thought: 'The tool said sunny.', content: 'Sunny.', tokens: { prompt: 30, completion: 5 } },
    ]);
    expect(trace.tools).toEqual([
      { name: 'get_weather', description: 'Current weather in a city', parameters: WEATHER_TOOL.parameters },
    ]);
    expect(trace.metadata).toMatchObject({
      model: 'gpt-4o-2024-08-06',
      conventions: ['Vercel AI SDK (ai.*)'],
      usage: { input_tokens: 50, output_tokens: 12 },
    });
  });
});

describe('agent spans (invoke_agent)', () => {
  const parts = (role: string, text: string) => ({ role, parts: [{ type: 'text', content: text }] });
  const agent = (attributes: Record<string, string | number>) =>
    span({
      name: 'invoke_agent weather',
      spanId: ROOT,
      durationMs: 100,
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.input.messages': JSON.stringify([parts('user', 'Weather?')]),
        'gen_ai.output.messages': JSON.stringify([parts('assistant', 'Sunny.')]),
        'gen_ai.usage.input_tokens': 40,
        'gen_ai.usage.output_tokens': 9,
        ...attributes,
      },
    });

  it('are the run, not another model call, when model-call spans sit below them', () => {
    const chat = span({
      name: 'chat gpt-4o',
      parent: 'b2'.repeat(8),
      at: 2,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.input.messages': JSON.stringify([parts('user', 'Weather?')]),
        'gen_ai.output.messages': JSON.stringify([parts('assistant', 'Sunny.')]),
        'gen_ai.usage.input_tokens': 40,
        'gen_ai.usage.output_tokens': 9,
      },
    });
    const step = span({ name: 'step 1', spanId: 'b2'.repeat(8), parent: ROOT, at: 1, durationMs: 50 });
    const trace = assembleTrace(spansOf(agent({}), step, chat));
    expect(trace.turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'Weather?'],
      ['assistant', 'Sunny.'],
    ]);
    expect(trace.metadata.usage).toEqual({ input_tokens: 40, output_tokens: 9 });
  });

  it('are read as a model call when nothing below them is one', () => {
    const trace = assembleTrace(spansOf(agent({})));
    expect(trace.turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'Weather?'],
      ['assistant', 'Sunny.'],
    ]);
    expect(trace.metadata.usage).toEqual({ input_tokens: 40, output_tokens: 9 });
  });
});
