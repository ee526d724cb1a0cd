import { describe, expect, it } from 'vitest';
import { readMessages, turnsFromMessages } from '../../../../shared/formats/messages';

/** Bedrock Converse messages, as its tool-use and reasoning examples write them. */
describe('Bedrock Converse messages', () => {
  it('reads reasoning, toolUse and toolResult blocks (JSON results as JSON text, an error status kept)', () => {
    const messages = [
      { role: 'user', content: [{ text: 'What is the most popular song on WZPZ?' }] },
      {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'I should call the tool.', signature: 'abc' } } },
          { text: 'Let me look.' },
          { toolUse: { toolUseId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', name: 'top_song', input: { sign: 'WZPZ' } } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            toolResult: {
              toolUseId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
              content: [{ json: { song: 'Elemental Hotel', artist: '8 Storey Hike' } }],
            },
          },
        ],
      },
      {
        role: 'user',
        content: [{ toolResult: { toolUseId: 'x', content: [{ text: 'Station not found' }], status: 'error' } }],
      },
    ];
    expect(turnsFromMessages(messages).turns).toEqual([
      { role: 'user', content: 'What is the most popular song on WZPZ?' },
      {
        role: 'assistant',
        thought: 'I should call the tool.',
        content: 'Let me look.',
        toolCalls: [{ id: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', name: 'top_song', args: { sign: 'WZPZ' } }],
      },
      {
        role: 'tool',
        content: '{"song":"Elemental Hotel","artist":"8 Storey Hike"}',
        toolCallId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
      },
      { role: 'tool', content: 'Station not found', toolCallId: 'x' },
    ]);
    const read = readMessages(messages);
    expect(read.shapes).toEqual(['bedrock']);
    expect(read.messages[3]).toEqual({ role: 'tool', content: 'Station not found', toolCallId: 'x', isError: true });
  });

  it('leaves a placeholder for an image, says nothing for a cache point, and lists unknown blocks', () => {
    const read = readMessages([
      {
        role: 'user',
        content: [
          { image: { format: 'png', source: { bytes: 'iVBOR' } } },
          { text: 'What is this?' },
          { cachePoint: { type: 'default' } },
          { hologram: {} },
        ],
      },
    ]);
    expect(read.messages).toEqual([{ role: 'user', content: '[image: image/png]\nWhat is this?' }]);
    expect(read.ignored).toEqual(['[0].content[3]']);
  });
});
