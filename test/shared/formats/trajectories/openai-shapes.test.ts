import { describe, expect, it } from 'vitest';
import { fromOpenAI } from '../../../../shared/formats/trajectories/openai';
import { fromShareGPT } from '../../../../shared/formats/trajectories/sharegpt';
import { detectFormat } from '../../../../shared/formats/trajectories/registry';

/** A `{messages, tools}` record whose messages are an Anthropic Messages request and its reply. */
const anthropicRecord = {
  system: [{ type: 'text', text: 'You manage a calendar.' }],
  tools: [
    {
      name: 'create_event',
      description: 'Create an event',
      input_schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    },
  ],
  messages: [
    { role: 'user', content: 'Book standup at 9.' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Booking it.' },
        { type: 'tool_use', id: 'toolu_1', name: 'create_event', input: { title: 'Standup' } },
      ],
    },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'calendar is read-only', is_error: true }],
    },
    { role: 'assistant', content: [{ type: 'text', text: 'I could not: the calendar is read-only.' }] },
  ],
};

describe('OpenAI-style records whose messages are another provider’s shape', () => {
  it('reads Anthropic blocks through the message layer: text with its call, the result paired by id, the system blocks and input_schema tools', () => {
    expect(detectFormat(anthropicRecord)).toBe('openai');
    const parsed = fromOpenAI(anthropicRecord);
    expect(parsed.turns).toEqual([
      { role: 'system', content: 'You manage a calendar.' },
      { role: 'user', content: 'Book standup at 9.' },
      {
        role: 'assistant',
        content: 'Booking it.',
        toolCalls: [{ id: 'toolu_1', name: 'create_event', args: { title: 'Standup' } }],
      },
      { role: 'tool', toolCallId: 'toolu_1', content: 'calendar is read-only' },
      { role: 'assistant', content: 'I could not: the calendar is read-only.' },
    ]);
    expect(parsed.tools).toEqual([
      {
        name: 'create_event',
        description: 'Create an event',
        parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      },
    ]);
  });

  it('keeps a run with a role no chat API writes, naming the message as not understood (a harness’s exit)', () => {
    const parsed = fromOpenAI({
      messages: [
        { role: 'user', content: 'Fix the bug.' },
        { role: 'assistant', content: 'Done.' },
        { role: 'exit', content: 'diff --git a/x b/x' },
      ],
    });
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'Fix the bug.' },
      { role: 'assistant', content: 'Done.' },
    ]);
    expect(parsed.ignored).toEqual(['messages[2] (role "exit"; expected system, user, assistant or tool)']);
  });

  it('refuses a record none of whose messages it reads, saying which', () => {
    expect(() => fromOpenAI({ messages: [{ role: 'robot', content: 'x' }] })).toThrow(
      'no message Trellis reads: messages[0] (role "robot"',
    );
  });

  it('refuses a record whose only message it reads is the system prompt, rather than keep a run of nothing', () => {
    // A framework's dump that names the speaker in `type` (AutoGen's LLMMessage): none of it is read.
    expect(() =>
      fromOpenAI({
        messages: [
          { role: 'system', content: 'You are a helpful agent.' },
          { type: 'UserMessage', content: 'Book a table.', source: 'user' },
          { type: 'AssistantMessage', content: 'Booked.', source: 'agent' },
        ],
      }),
    ).toThrow(/^no message Trellis reads besides the system prompt: messages\[1\] \(role null/);
  });

  it('refuses the same when the system prompt was read by the message layer (AutoGen sessions name every speaker in `type`)', () => {
    expect(() =>
      fromOpenAI({
        messages: [
          { type: 'SystemMessage', content: 'You are a helpful and thoughtful assistant.' },
          { type: 'UserMessage', content: ['Does this text hold advice?'], source: 'User' },
        ],
      }),
    ).toThrow(/^no message Trellis reads besides the system prompt/);
  });
});

describe('ShareGPT records whose conversations are role/content chat messages', () => {
  it('reads them through the message layer, calls paired with their results, instead of refusing every turn', () => {
    const record = {
      conversations: [
        { role: 'user', content: 'List the files.' },
        {
          role: 'assistant',
          content: 'Listing them.',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"cmd":"ls"}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'a.txt' },
        { role: 'assistant', content: 'One file: a.txt.' },
      ],
    };
    expect(detectFormat(record)).toBe('sharegpt');
    expect(fromShareGPT(record).turns).toEqual([
      { role: 'user', content: 'List the files.' },
      { role: 'assistant', content: 'Listing them.', toolCalls: [{ id: 'c1', name: 'bash', args: { cmd: 'ls' } }] },
      { role: 'tool', toolCallId: 'c1', content: 'a.txt' },
      { role: 'assistant', content: 'One file: a.txt.' },
    ]);
  });
});
