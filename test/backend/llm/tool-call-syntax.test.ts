import { describe, expect, it } from 'vitest';
import { hermesToolsSystem, parseToolCallText } from '../../../backend/llm/tool-call-syntax';

describe('tool calls in the syntax of a model family', () => {
  it('reads Hermes / Qwen tool_call tags, one or more, and keeps the text around them', () => {
    expect(
      parseToolCallText(
        'Let me look.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>\n<tool_call>{"name": "get_forecast", "arguments": {"city": "Oslo"}}</tool_call>',
      ),
    ).toEqual({
      content: 'Let me look.',
      calls: [
        { name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { name: 'get_forecast', arguments: '{"city":"Oslo"}' },
      ],
    });
  });

  it('reads Mistral’s [TOOL_CALLS] list and Llama 3.1’s bare call with parameters', () => {
    expect(parseToolCallText('[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Lima"}}]').calls).toEqual([
      { name: 'get_weather', arguments: '{"city":"Lima"}' },
    ]);
    expect(parseToolCallText('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Rome"}}')).toEqual({
      content: '',
      calls: [{ name: 'get_weather', arguments: '{"city":"Rome"}' }],
    });
  });

  it('leaves text that holds no well-formed call as the answer', () => {
    expect(parseToolCallText('It is 3°C in Oslo.')).toEqual({ content: 'It is 3°C in Oslo.', calls: [] });
    expect(parseToolCallText('<tool_call>{"name": oops}</tool_call>')).toEqual({
      content: '<tool_call>{"name": oops}</tool_call>',
      calls: [],
    });
  });

  it('tells a template without a place for tools of them in Hermes’s form', () => {
    const text = hermesToolsSystem([{ type: 'function', function: { name: 'get_weather' } }]);
    expect(text).toContain('<tools>\n{"type":"function","function":{"name":"get_weather"}}\n</tools>');
    expect(text).toContain('<tool_call>');
  });
});
