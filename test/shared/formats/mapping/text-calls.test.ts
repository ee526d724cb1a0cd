import { describe, expect, it } from 'vitest';
import { callsInText } from '../../../../shared/formats/mapping';

describe('calls written in a model’s text', () => {
  it('ReAct: the thought before the action, each Action with its JSON input, the final answer as content', () => {
    const text =
      'Thought: I need the weather first.\nAction: get_weather\nAction Input: {"city": "Oslo"}\nObservation: (pending)';
    expect(callsInText(text, 'react')).toEqual({
      thought: 'I need the weather first.',
      content: undefined,
      calls: [{ name: 'get_weather', args: { city: 'Oslo' } }],
    });
    expect(callsInText('Thought: done.\nFinal Answer: It is 4 °C in Oslo.', 'react')).toEqual({
      thought: 'done.',
      content: 'It is 4 °C in Oslo.',
      calls: [],
    });
  });

  it('ReAct: a plain-text input is kept as written, a fenced one is read as JSON', () => {
    expect(callsInText('Action: Search\nAction Input: capital of Peru', 'react').calls).toEqual([
      { name: 'Search', args: { input: 'capital of Peru' } },
    ]);
    expect(callsInText('Action: lookup\nAction Input: ```json\n{"id": 3}\n```', 'react').calls).toEqual([
      { name: 'lookup', args: { id: 3 } },
    ]);
  });

  it('<tool_call> tags: every tag a call, the text outside them content, <think> a thought', () => {
    const text =
      '<think>Two lights to switch.</think>Switching both.<tool_call>\n{"name": "switch", "arguments": {"id": 1}}\n</tool_call><tool_call>{"name": "switch", "arguments": "{\\"id\\": 2}"}</tool_call>';
    expect(callsInText(text, 'tool_call_tag')).toEqual({
      thought: 'Two lights to switch.',
      content: 'Switching both.',
      calls: [
        { name: 'switch', args: { id: 1 } },
        { name: 'switch', args: { id: 2 } },
      ],
    });
  });

  it('JSON: the whole text, a fenced block, or an object after the words, in the ways models name tools', () => {
    expect(callsInText('{"name": "add", "arguments": {"a": 1}}', 'json').calls).toEqual([
      { name: 'add', args: { a: 1 } },
    ]);
    expect(callsInText('```json\n{"action": "Search", "action_input": "Peru"}\n```', 'json').calls).toEqual([
      { name: 'Search', args: 'Peru' },
    ]);
    expect(callsInText('Let me check. {"tool": "lookup", "args": {"id": 3}}', 'json')).toEqual({
      content: 'Let me check.',
      calls: [{ name: 'lookup', args: { id: 3 } }],
    });
  });

  it('text without calls comes back whole as content', () => {
    for (const style of ['react', 'json', 'tool_call_tag'] as const)
      expect(callsInText('Just an answer: 42 {not json}', style)).toEqual({
        content: 'Just an answer: 42 {not json}',
        calls: [],
      });
  });
});
