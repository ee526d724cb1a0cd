import { describe, expect, it } from 'vitest';
import { readMessages, turnsFromMessages } from '../../../../shared/formats/messages';

/** LangChain messages: `message.dict()` / `model_dump()`, `messages_to_dict`, and `dumpd`'s constructor form. */
describe('LangChain messages', () => {
  it('reads message dicts: tool_calls, tool messages by tool_call_id, an error status, usage_metadata', () => {
    const messages = [
      { type: 'system', content: 'You are helpful.' },
      { type: 'human', content: 'What is 3 * 12?', additional_kwargs: {}, response_metadata: {}, id: 'h1' },
      {
        type: 'ai',
        content: '',
        additional_kwargs: {
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'multiply', arguments: '{"a":3,"b":12}' } }],
        },
        response_metadata: { finish_reason: 'tool_calls', model_name: 'gpt-4o-mini' },
        tool_calls: [{ name: 'multiply', args: { a: 3, b: 12 }, id: 'call_1', type: 'tool_call' }],
        invalid_tool_calls: [],
        usage_metadata: { input_tokens: 80, output_tokens: 18, total_tokens: 98 },
      },
      { type: 'tool', content: 'Error: multiply is down', name: 'multiply', tool_call_id: 'call_1', status: 'error' },
      { type: 'ai', content: '36', tool_calls: [], invalid_tool_calls: [] },
    ];
    const read = turnsFromMessages(messages);
    expect(read.turns).toEqual([
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'What is 3 * 12?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_1', name: 'multiply', args: { a: 3, b: 12 } }],
        tokens: { prompt: 80, completion: 18 },
      },
      { role: 'tool', content: 'Error: multiply is down', toolCallId: 'call_1' },
      { role: 'assistant', content: '36' },
    ]);
    expect(read.shapes).toEqual(['langchain']);
    expect(read.ignored).toEqual([]);
    expect(readMessages(messages).messages[3]!.isError).toBe(true);
  });

  it('reads the constructor serialisation and messages_to_dict, with reasoning from additional_kwargs', () => {
    const read = turnsFromMessages([
      {
        lc: 1,
        type: 'constructor',
        id: ['langchain', 'schema', 'messages', 'HumanMessage'],
        kwargs: { content: 'hi', type: 'human' },
      },
      {
        lc: 1,
        type: 'constructor',
        id: ['langchain_core', 'messages', 'AIMessage'],
        kwargs: {
          content: [
            { type: 'thinking', thinking: 'Greet back.', signature: 's' },
            { type: 'text', text: 'Hello!' },
            { type: 'tool_use', id: 'toolu_1', name: 'wave', input: {} },
          ],
          tool_calls: [{ name: 'wave', args: {}, id: 'toolu_1', type: 'tool_call' }],
          type: 'ai',
        },
      },
      { type: 'tool', data: { content: 'waved', tool_call_id: 'toolu_1', type: 'tool' } },
      { type: 'ai', data: { content: 'Done.', additional_kwargs: { reasoning_content: 'All good.' } } },
    ]);
    expect(read.turns).toEqual([
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        thought: 'Greet back.',
        content: 'Hello!',
        toolCalls: [{ id: 'toolu_1', name: 'wave', args: {} }],
      },
      { role: 'tool', content: 'waved', toolCallId: 'toolu_1' },
      { role: 'assistant', thought: 'All good.', content: 'Done.' },
    ]);
    expect(read.ignored).toEqual([]);
  });

  it('keeps invalid tool calls with the arguments the model wrote, and lists unknown fields', () => {
    const read = readMessages([
      {
        type: 'ai',
        content: '',
        invalid_tool_calls: [{ name: 'f', args: '{"a": ', id: 'c', error: 'bad JSON' }],
        mood: 'x',
      },
      { type: 'tool', content: 'r', tool_call_id: 'c', artifact: { rows: 3 } },
    ]);
    expect(read.messages[0]!.toolCalls).toEqual([{ id: 'c', name: 'f', args: '{"a": ' }]);
    expect(read.ignored).toEqual(['[0].mood', '[1].artifact']);
  });
});
