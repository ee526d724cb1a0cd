import { describe, expect, it } from 'vitest';
import { turnsFromMessages } from '../../../../shared/formats/messages';

/** OpenAI Responses input and output items, as the Responses API reference writes them. */
describe('OpenAI Responses items', () => {
  it('folds one reply (reasoning, message, function calls) into one turn and pairs outputs by call_id', () => {
    const read = turnsFromMessages([
      { role: 'developer', content: 'Talk like a pirate.' },
      { role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris and Rome?' }] },
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'Two cities: two calls.' }],
        encrypted_content: 'gAAAA…',
      },
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Checking both.', annotations: [], logprobs: [] }],
      },
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_a',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
        status: 'completed',
      },
      {
        type: 'function_call',
        id: 'fc_2',
        call_id: 'call_b',
        name: 'get_weather',
        arguments: '{"city":"Rome"}',
        status: 'completed',
      },
      { type: 'function_call_output', call_id: 'call_b', output: '{"temp": 25}' },
      { type: 'function_call_output', call_id: 'call_a', output: [{ type: 'input_text', text: '18 degrees' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Arr, Paris 18, Rome 25.' }] },
    ]);
    expect(read.turns).toEqual([
      { role: 'system', content: 'Talk like a pirate.' },
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        thought: 'Two cities: two calls.',
        content: 'Checking both.',
        toolCalls: [
          { id: 'call_a', name: 'get_weather', args: { city: 'Paris' } },
          { id: 'call_b', name: 'get_weather', args: { city: 'Rome' } },
        ],
      },
      { role: 'tool', content: '{"temp": 25}', toolCallId: 'call_b' },
      { role: 'tool', content: '18 degrees', toolCallId: 'call_a' },
      { role: 'assistant', content: 'Arr, Paris 18, Rome 25.' },
    ]);
    expect(read.shapes).toEqual(['openai-responses']);
    expect(read.ignored).toEqual([]);
  });

  it('reads custom tool calls (free-form input) and their outputs', () => {
    const read = turnsFromMessages([
      { type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_x', name: 'code_exec', input: 'print("hello world")' },
      { type: 'custom_tool_call_output', call_id: 'call_x', output: 'hello world' },
    ]);
    expect(read.turns).toEqual([
      { role: 'assistant', toolCalls: [{ id: 'call_x', name: 'code_exec', args: 'print("hello world")' }] },
      { role: 'tool', content: 'hello world', toolCallId: 'call_x' },
    ]);
  });

  it("keeps built-in tools' items as calls named for their tool, with the results they hold", () => {
    const read = turnsFromMessages([
      { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'positive news' } },
      {
        type: 'local_shell_call',
        id: 'lsh_1',
        call_id: 'call_sh',
        status: 'completed',
        action: { type: 'exec', command: ['ls'] },
      },
      { type: 'local_shell_call_output', id: 'call_sh', output: 'README.md\n' },
      {
        type: 'computer_call',
        id: 'cu_1',
        call_id: 'call_cu',
        action: { type: 'click', x: 10, y: 20, button: 'left' },
        pending_safety_checks: [],
        status: 'completed',
      },
      {
        type: 'computer_call_output',
        call_id: 'call_cu',
        output: { type: 'computer_screenshot', image_url: 'data:image/png;base64,AAA' },
      },
      {
        type: 'mcp_call',
        id: 'mcp_1',
        server_label: 'deepwiki',
        name: 'ask_question',
        arguments: '{"q":"?"}',
        output: 'An answer',
        error: null,
      },
    ]);
    expect(read.turns).toEqual([
      {
        role: 'assistant',
        toolCalls: [
          { id: 'ws_1', name: 'web_search', args: { type: 'search', query: 'positive news' } },
          { id: 'call_sh', name: 'local_shell', args: { type: 'exec', command: ['ls'] } },
        ],
      },
      { role: 'tool', content: 'README.md\n', toolCallId: 'call_sh' },
      {
        role: 'assistant',
        toolCalls: [{ id: 'call_cu', name: 'computer', args: { type: 'click', x: 10, y: 20, button: 'left' } }],
      },
      {
        role: 'tool',
        content: '{"type":"computer_screenshot","image_url":"data:image/png;base64,AAA"}',
        toolCallId: 'call_cu',
      },
      { role: 'assistant', toolCalls: [{ id: 'mcp_1', name: 'ask_question', args: { q: '?' } }] },
      { role: 'tool', content: 'An answer', toolCallId: 'mcp_1' },
    ]);
  });

  it('starts a new turn at a new reasoning item, and lists unknown items by path', () => {
    const read = turnsFromMessages([
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'First.' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'One.' }] },
      { type: 'reasoning', id: 'rs_2', summary: [], content: [{ type: 'reasoning_text', text: 'Second.' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Two.' }] },
      { type: 'item_reference', id: 'msg_0' },
    ]);
    expect(read.turns).toEqual([
      { role: 'assistant', thought: 'First.', content: 'One.' },
      { role: 'assistant', thought: 'Second.', content: 'Two.' },
    ]);
    expect(read.ignored).toEqual(['[4]']);
  });
});
