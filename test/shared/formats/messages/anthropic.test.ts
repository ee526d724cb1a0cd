import { describe, expect, it } from 'vitest';
import { readMessages, turnsFromMessages } from '../../../../shared/formats/messages';

/** Anthropic Messages API messages, as its tool-use and extended-thinking guides write them. */
describe('Anthropic messages', () => {
  it('reads thinking, text and parallel tool_use, then tool_result blocks paired by tool_use_id', () => {
    const read = turnsFromMessages([
      { role: 'user', content: 'What is the weather in SF and NYC?' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Two cities, two lookups.', signature: 'EqQBCgIYAhIM…' },
          { type: 'text', text: "I'll check both." },
          { type: 'tool_use', id: 'toolu_01A', name: 'get_weather', input: { location: 'San Francisco, CA' } },
          { type: 'tool_use', id: 'toolu_01B', name: 'get_weather', input: { location: 'New York, NY' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01B', content: [{ type: 'text', text: '45°F' }] },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_01A',
            content: 'ConnectionError: the weather service is down',
            is_error: true,
          },
          { type: 'text', text: 'Retry SF please.' },
        ],
      },
    ]);
    expect(read.turns).toEqual([
      { role: 'user', content: 'What is the weather in SF and NYC?' },
      {
        role: 'assistant',
        thought: 'Two cities, two lookups.',
        content: "I'll check both.",
        toolCalls: [
          { id: 'toolu_01A', name: 'get_weather', args: { location: 'San Francisco, CA' } },
          { id: 'toolu_01B', name: 'get_weather', args: { location: 'New York, NY' } },
        ],
      },
      { role: 'tool', content: '45°F', toolCallId: 'toolu_01B' },
      { role: 'tool', content: 'ConnectionError: the weather service is down', toolCallId: 'toolu_01A' },
      { role: 'user', content: 'Retry SF please.' },
    ]);
    expect(read.shapes).toEqual(['anthropic']);
    expect(read.ignored).toEqual([]);
  });

  it('marks an is_error result as an error and keeps its text', () => {
    const read = readMessages([
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'No such file', is_error: true }] },
    ]);
    expect(read.messages).toEqual([{ role: 'tool', content: 'No such file', toolCallId: 't', isError: true }]);
  });

  it('keeps a server tool call and its result block in the order the reply gave them', () => {
    const read = turnsFromMessages([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: "I'll search." },
          {
            type: 'server_tool_use',
            id: 'srvtoolu_01',
            name: 'web_search',
            input: { query: 'claude shannon birth date' },
          },
          {
            type: 'web_search_tool_result',
            tool_use_id: 'srvtoolu_01',
            content: [
              {
                type: 'web_search_result',
                url: 'https://en.wikipedia.org/wiki/Claude_Shannon',
                title: 'Claude Shannon',
              },
            ],
          },
          { type: 'text', text: 'He was born on April 30, 1916.', citations: [] },
        ],
      },
    ]);
    expect(read.turns).toEqual([
      {
        role: 'assistant',
        content: "I'll search.",
        toolCalls: [{ id: 'srvtoolu_01', name: 'web_search', args: { query: 'claude shannon birth date' } }],
      },
      {
        role: 'tool',
        content:
          '[{"type":"web_search_result","url":"https://en.wikipedia.org/wiki/Claude_Shannon","title":"Claude Shannon"}]',
        toolCallId: 'srvtoolu_01',
      },
      { role: 'assistant', content: 'He was born on April 30, 1916.' },
    ]);
  });

  it('reads a whole response: its usage as the tokens, redacted thinking and images as placeholders', () => {
    const read = turnsFromMessages([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
          { type: 'text', text: 'Describe this image.' },
        ],
      },
      {
        id: 'msg_01',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [
          { type: 'redacted_thinking', data: 'EmwKAhgBEgy…' },
          { type: 'text', text: 'A cat on a mat.' },
        ],
        stop_reason: 'end_turn',
        usage: { input_tokens: 1552, output_tokens: 12 },
      },
    ]);
    expect(read.turns).toEqual([
      { role: 'user', content: '[image: image/jpeg]\nDescribe this image.' },
      {
        role: 'assistant',
        thought: '[redacted thinking]',
        content: 'A cat on a mat.',
        tokens: { prompt: 1552, completion: 12 },
      },
    ]);
  });

  it("reads a plain-text document's own text, and leaves a PDF a placeholder", () => {
    const read = readMessages([
      {
        role: 'user',
        content: [
          {
            type: 'document',
            source: { type: 'text', media_type: 'text/plain', data: 'The grass is green.' },
            title: 'Facts',
          },
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0x' } },
          { type: 'text', text: 'What colour is the grass?' },
        ],
      },
    ]);
    expect(read.messages).toEqual([
      { role: 'user', content: 'The grass is green.\n[document: application/pdf]\nWhat colour is the grass?' },
    ]);
  });

  it('lists blocks it does not know by their path', () => {
    const read = readMessages([{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'hologram' }] }]);
    expect(read.ignored).toEqual(['[0].content[1]']);
  });
});
