import { describe, expect, it } from 'vitest';
import { detectMessageShape, readMessages, turnsFromMessages } from '../../../../shared/formats/messages';

/** Vercel AI SDK ModelMessages, as `response.messages` and the `ai.prompt.messages` attribute hold them. */
describe('AI SDK messages', () => {
  it('reads reasoning, text and parallel tool-call parts, then each tool-result as a tool message', () => {
    const read = turnsFromMessages([
      { role: 'system', content: 'Use the tools.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather in Paris and Rome?' },
          { type: 'image', image: 'iVBORw0KGgo…', mediaType: 'image/png' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Two cities, two lookups.' },
          { type: 'text', text: 'Checking both.' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'get_weather', input: { city: 'Rome' } },
        ],
        providerOptions: { openai: { store: false } },
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'get_weather',
            output: { type: 'json', value: { sky: 'sunny' } },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'get_weather',
            output: { type: 'error-text', value: 'Error: the weather service is down' },
          },
        ],
      },
    ]);
    expect(read.turns).toEqual([
      { role: 'system', content: 'Use the tools.' },
      { role: 'user', content: 'Weather in Paris and Rome?\n[image: image/png]' },
      {
        role: 'assistant',
        thought: 'Two cities, two lookups.',
        content: 'Checking both.',
        toolCalls: [
          { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
          { id: 'call_2', name: 'get_weather', args: { city: 'Rome' } },
        ],
      },
      { role: 'tool', content: '{"sky":"sunny"}', toolCallId: 'call_1' },
      { role: 'tool', content: 'Error: the weather service is down', toolCallId: 'call_2' },
    ]);
    expect(read.shapes).toEqual(['ai-sdk']);
    expect(read.ignored).toEqual([]);
  });

  it('marks error and denied outputs as errors, and reads v4’s args and result', () => {
    const read = readMessages([
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'book', args: '{"at":8}' }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'book', result: { booked: false } },
          { type: 'tool-result', toolCallId: 'c2', toolName: 'rm', output: { type: 'execution-denied', reason: 'no' } },
          { type: 'tool-result', toolCallId: 'c3', toolName: 'ls', output: { type: 'error-json', value: { code: 2 } } },
        ],
      },
    ]);
    expect(read.messages).toEqual([
      { role: 'assistant', toolCalls: [{ id: 'c1', name: 'book', args: { at: 8 } }] },
      { role: 'tool', content: '{"booked":false}', toolCallId: 'c1', name: 'book' },
      { role: 'tool', content: 'Execution denied: no', toolCallId: 'c2', name: 'rm', isError: true },
      { role: 'tool', content: '{"code":2}', toolCallId: 'c3', name: 'ls', isError: true },
    ]);
  });

  it('is told from the shapes whose parts look alike', () => {
    expect(detectMessageShape({ role: 'assistant', content: [{ type: 'tool-call', toolName: 'f', input: {} }] })).toBe(
      'ai-sdk',
    );
    // LangChain's reasoning block, OpenAI Chat's file part, Anthropic's image: not the SDK's.
    expect(detectMessageShape({ role: 'assistant', content: [{ type: 'reasoning', reasoning: 'Hm.' }] })).not.toBe(
      'ai-sdk',
    );
    expect(detectMessageShape({ role: 'user', content: [{ type: 'file', file: { file_id: 'f1' } }] })).toBe(
      'openai-chat',
    );
    expect(
      detectMessageShape({
        role: 'user',
        content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: '…' } }],
      }),
    ).toBe('anthropic');
  });
});
