import { describe, expect, it } from 'vitest';
import {
  joinAnthropicEvents,
  joinChatChunks,
  joinStreamedReply,
  readResponse,
  sseData,
  turnsFromMessages,
} from '../../../../shared/formats/messages';

describe('streamed replies joined', () => {
  it('joins chat.completion.chunk deltas: content, reasoning and tool calls assembled by index', () => {
    const chunk = (delta: object, extra: object = {}) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: null }],
      ...extra,
    });
    const message = joinChatChunks([
      chunk({ role: 'assistant', content: '', reasoning_content: 'Two ' }),
      chunk({ reasoning_content: 'lookups.' }),
      chunk({ content: 'Checking' }),
      chunk({ content: '…' }),
      chunk({
        tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      }),
      chunk({
        tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{"tz"' } }],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: ':"CET"}' } }] }),
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 30 } })}`,
    ]);
    expect(message).toEqual({
      role: 'assistant',
      content: 'Checking…',
      reasoning_content: 'Two lookups.',
      tool_calls: [
        { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{"tz":"CET"}' } },
      ],
      usage: { prompt_tokens: 9, completion_tokens: 30 },
    });
    expect(turnsFromMessages([message]).turns).toEqual([
      {
        role: 'assistant',
        content: 'Checking…',
        thought: 'Two lookups.',
        toolCalls: [
          { id: 'call_a', name: 'get_weather', args: { city: 'Paris' } },
          { id: 'call_b', name: 'get_time', args: { tz: 'CET' } },
        ],
        tokens: { prompt: 9, completion: 30 },
      },
    ]);
  });

  it('joins Anthropic stream events: text, thinking and tool input JSON deltas, usage from message_delta', () => {
    const message = joinAnthropicEvents([
      {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          content: [],
          model: 'claude-sonnet-4-5',
          stop_reason: null,
          usage: { input_tokens: 472, output_tokens: 2 },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Need the ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'weather.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQB' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Okay, let me check.' } },
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_01T', name: 'get_weather', input: {} },
      },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '' } },
      {
        type: 'content_block_delta',
        index: 2,
        delta: { type: 'input_json_delta', partial_json: '{"location": "San Fra' },
      },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: 'ncisco, CA"}' } },
      { type: 'content_block_stop', index: 2 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 89 } },
      { type: 'message_stop' },
    ]);
    expect(message).toEqual({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 472, output_tokens: 89 },
      content: [
        { type: 'thinking', thinking: 'Need the weather.', signature: 'EqQB' },
        { type: 'text', text: 'Okay, let me check.' },
        { type: 'tool_use', id: 'toolu_01T', name: 'get_weather', input: { location: 'San Francisco, CA' } },
      ],
    });
    expect(turnsFromMessages([message]).turns).toEqual([
      {
        role: 'assistant',
        thought: 'Need the weather.',
        content: 'Okay, let me check.',
        toolCalls: [{ id: 'toolu_01T', name: 'get_weather', args: { location: 'San Francisco, CA' } }],
        tokens: { prompt: 472, completion: 89 },
      },
    ]);
  });

  it("makes a response body of any API's stream: Chat chunks, the Responses stream, Gemini chunks", () => {
    const chat = sseData(
      [
        'data: {"id":"c1","object":"chat.completion.chunk","model":"gpt-4o-mini","choices":[{"index":0,"delta":{"role":"assistant","content":"Hel"}}]}',
        '',
        'data: {"id":"c1","object":"chat.completion.chunk","model":"gpt-4o-mini","choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":"stop"}]}',
        '',
        'data: [DONE]',
      ].join('\n'),
    );
    expect(readResponse(joinStreamedReply(chat)!, 'response').messages).toEqual([
      { role: 'assistant', content: 'Hello' },
    ]);
    expect(joinStreamedReply(chat)).toMatchObject({ model: 'gpt-4o-mini', choices: [{ finish_reason: 'stop' }] });

    const responses = [
      { type: 'response.created', response: { id: 'r', output: [] } },
      { type: 'response.output_text.delta', delta: 'Hi' },
      {
        type: 'response.completed',
        response: {
          id: 'r',
          model: 'gpt-5',
          output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hi' }] }],
        },
      },
    ];
    expect(readResponse(joinStreamedReply(responses)!, 'response').messages).toEqual([
      { role: 'assistant', content: 'Hi' },
    ]);

    const gemini = [
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Thinking about ', thought: true }] } }] },
      { candidates: [{ content: { role: 'model', parts: [{ text: 'rain.', thought: true }] } }] },
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Bring an ' }] } }] },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'umbrella.' }] }, finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 5 },
        modelVersion: 'gemini-2.5-flash',
      },
    ];
    const read = readResponse(joinStreamedReply(gemini)!, 'response');
    expect(read.messages).toEqual([
      {
        role: 'assistant',
        thought: 'Thinking about rain.',
        content: 'Bring an umbrella.',
        tokens: { prompt: 7, completion: 5 },
      },
    ]);
    expect(read).toMatchObject({ model: 'gemini-2.5-flash', stopReason: 'STOP' });
    expect(joinStreamedReply([{ type: 'ping' }])).toBeNull();
    // A stream that broke off with an error event keeps what it had and says why it ended.
    const broken = joinStreamedReply([
      {
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { role: 'assistant', reasoning: 'Calling it.' } }],
      },
      { error: { message: 'Tool call validation failed', code: 'tool_use_failed' } },
    ]);
    expect(broken).toMatchObject({
      choices: [{ message: { role: 'assistant', reasoning: 'Calling it.' } }],
      error: { code: 'tool_use_failed' },
    });
  });
});
