import { describe, expect, it } from 'vitest';
import { readMessages, turnsFromMessages } from '../../../../shared/formats/messages';

/** OpenAI Chat Completions messages, as its API reference and function-calling guide write them. */
describe('OpenAI Chat messages', () => {
  it('reads a parallel-call exchange, each result paired with its call by id whatever its order', () => {
    const read = turnsFromMessages([
      { role: 'developer', content: 'You are a weather bot.' },
      { role: 'user', content: "What's the weather like in Paris and Bogotá today?" },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_12345xyz',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"location":"Paris, France"}' },
          },
          {
            id: 'call_67890abc',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"location":"Bogotá, Colombia"}' },
          },
        ],
        refusal: null,
        annotations: [],
      },
      { role: 'tool', tool_call_id: 'call_67890abc', content: '{"temperature": 22}' },
      { role: 'tool', tool_call_id: 'call_12345xyz', content: '{"temperature": 14}' },
      { role: 'assistant', content: 'Paris is at 14°C and Bogotá at 22°C.' },
    ]);
    expect(read.turns).toEqual([
      { role: 'system', content: 'You are a weather bot.' },
      { role: 'user', content: "What's the weather like in Paris and Bogotá today?" },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'call_12345xyz', name: 'get_weather', args: { location: 'Paris, France' } },
          { id: 'call_67890abc', name: 'get_weather', args: { location: 'Bogotá, Colombia' } },
        ],
      },
      { role: 'tool', content: '{"temperature": 22}', toolCallId: 'call_67890abc' },
      { role: 'tool', content: '{"temperature": 14}', toolCallId: 'call_12345xyz' },
      { role: 'assistant', content: 'Paris is at 14°C and Bogotá at 22°C.' },
    ]);
    expect(read.shapes).toEqual(['openai-chat']);
    expect(read.ignored).toEqual([]);
    expect(read.notes).toEqual([]);
  });

  it('keeps the text a reply gave with its calls on the same turn, and its reasoning as the thought', () => {
    const read = turnsFromMessages([
      {
        role: 'assistant',
        content: 'Let me look that up.',
        reasoning_content: 'The user wants a file listing.',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{"path": "."}' } }],
      },
    ]);
    expect(read.turns).toEqual([
      {
        role: 'assistant',
        content: 'Let me look that up.',
        thought: 'The user wants a file listing.',
        toolCalls: [{ id: 'c1', name: 'ls', args: { path: '.' } }],
      },
    ]);
  });

  it('pairs legacy function_call replies and role "function" results by the function name, and says so once', () => {
    const read = turnsFromMessages([
      { role: 'user', content: 'Weather in Boston?' },
      {
        role: 'assistant',
        content: null,
        function_call: { name: 'get_current_weather', arguments: '{"location": "Boston"}' },
      },
      { role: 'function', name: 'get_current_weather', content: '{"temperature": "72"}' },
      {
        role: 'assistant',
        content: null,
        function_call: { name: 'get_current_weather', arguments: '{"location": "Oslo"}' },
      },
      { role: 'function', name: 'get_current_weather', content: '{"temperature": "40"}' },
    ]);
    expect(read.turns.slice(1)).toEqual([
      { role: 'assistant', toolCalls: [{ id: 'call_1_0', name: 'get_current_weather', args: { location: 'Boston' } }] },
      { role: 'tool', content: '{"temperature": "72"}', toolCallId: 'call_1_0' },
      { role: 'assistant', toolCalls: [{ id: 'call_3_0', name: 'get_current_weather', args: { location: 'Oslo' } }] },
      { role: 'tool', content: '{"temperature": "40"}', toolCallId: 'call_3_0' },
    ]);
    expect(read.notes).toEqual(['tool results were paired with calls by tool name: the messages give no call ids']);
  });

  it('reads content parts: text joined, an image as a placeholder, a refusal as the text of a reply without content', () => {
    const read = turnsFromMessages([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this image?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
      { role: 'assistant', content: null, refusal: "I'm sorry, I can't help with that." },
      {
        role: 'user',
        content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'low' } }],
      },
    ]);
    expect(read.turns).toEqual([
      { role: 'user', content: 'What is in this image?\n[image: image/png]' },
      { role: 'assistant', content: "I'm sorry, I can't help with that." },
      { role: 'user', content: '[image: https://example.com/cat.jpg]' },
    ]);
  });

  it('reads Mistral tool calls (no type, arguments as an object) and tool messages that name their tool', () => {
    const read = turnsFromMessages([
      { role: 'user', content: "What's the status of my transaction T1001?" },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'D681PevKs', function: { name: 'retrieve_payment_status', arguments: { transaction_id: 'T1001' } } },
        ],
        prefix: false,
      },
      { role: 'tool', name: 'retrieve_payment_status', content: '{"status": "Paid"}', tool_call_id: 'D681PevKs' },
    ]);
    expect(read.turns.slice(1)).toEqual([
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'D681PevKs', name: 'retrieve_payment_status', args: { transaction_id: 'T1001' } }],
      },
      { role: 'tool', content: '{"status": "Paid"}', toolCallId: 'D681PevKs' },
    ]);
    expect(read.ignored).toEqual([]);
  });

  it('lists fields and parts it does not know by path, and a message with an unknown role whole', () => {
    const read = readMessages(
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'hologram', data: 'x' },
          ],
          mood: 'curious',
        },
        { role: 'narrator', content: 'Meanwhile…' },
      ],
      { at: 'messages' },
    );
    expect(read.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(read.ignored).toEqual(['messages[0].mood', 'messages[0].content[1]', 'messages[1]']);
  });

  it('keeps malformed arguments as the text the model wrote', () => {
    const read = turnsFromMessages([
      { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"a": ' } }] },
    ]);
    expect(read.turns[0]!.toolCalls).toEqual([{ id: 'c', name: 'f', args: '{"a": ' }]);
  });
});
