import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../../shared/domain';
import { toOpenAI } from '../../../../shared/formats/export-records';
import { messagesToTurns, readMessages, turnsFromMessages } from '../../../../shared/formats/messages';

describe('pairing results with calls', () => {
  it('pairs by id across a list that mixes Chat messages and Responses items', () => {
    const read = turnsFromMessages([
      { role: 'user', content: 'List the files.' },
      { type: 'function_call', call_id: 'call_1', name: 'ls', arguments: '{}' },
      { role: 'tool', tool_call_id: 'call_1', content: 'a.txt' },
    ]);
    expect(read.turns).toEqual([
      { role: 'user', content: 'List the files.' },
      { role: 'assistant', toolCalls: [{ id: 'call_1', name: 'ls', args: {} }] },
      { role: 'tool', content: 'a.txt', toolCallId: 'call_1' },
    ]);
    expect(read.shapes).toEqual(['openai-responses', 'openai-chat']);
  });

  it('pairs results that name nothing with the earliest unanswered call, and says so once', () => {
    const { turns, notes } = messagesToTurns([
      {
        role: 'assistant',
        toolCalls: [
          { id: 'a', name: 'f', args: {} },
          { id: 'b', name: 'g', args: {} },
        ],
      },
      { role: 'tool', content: 'first' },
      { role: 'tool', content: 'second' },
      { role: 'tool', content: 'unasked' },
    ]);
    expect(turns.slice(1)).toEqual([
      { role: 'tool', content: 'first', toolCallId: 'a' },
      { role: 'tool', content: 'second', toolCallId: 'b' },
      { role: 'tool', content: 'unasked' },
    ]);
    expect(notes).toEqual(['tool results were paired with calls by order: the messages give no call ids']);
  });

  it('keeps an id that answers no call, and makes no turn of a message that holds nothing', () => {
    const { turns } = messagesToTurns([
      { role: 'assistant' },
      { role: 'tool', content: 'late', toolCallId: 'elsewhere' },
    ]);
    expect(turns).toEqual([{ role: 'tool', content: 'late', toolCallId: 'elsewhere' }]);
  });

  it("reads Trellis's own OpenAI export back into the turns it was written from", () => {
    const turns: Turn[] = [
      { role: 'system', content: 'You manage a calendar.' },
      { role: 'user', content: 'Book lunch with Ana and Bo on Friday.' },
      {
        role: 'assistant',
        thought: 'Both calendars first.',
        content: 'Checking both calendars.',
        toolCalls: [
          { id: 'c1', name: 'free_slots', args: { person: 'Ana', day: 'Friday' } },
          { id: 'c2', name: 'free_slots', args: { person: 'Bo', day: 'Friday' } },
        ],
      },
      { role: 'tool', content: '["12:00","13:00"]', toolCallId: 'c2' },
      { role: 'tool', content: '["12:00"]', toolCallId: 'c1' },
      { role: 'assistant', toolCalls: [{ id: 'c3', name: 'book', args: { time: '12:00' } }] },
      { role: 'tool', content: 'booked', toolCallId: 'c3' },
      { role: 'assistant', content: 'Lunch is booked for 12:00 on Friday.' },
    ];
    const record = toOpenAI({ id: 't', turns, tools: [], reasoning: 'field' }) as { messages: unknown[] };
    const read = turnsFromMessages(record.messages);
    expect(read.turns).toEqual(turns);
    expect(read.ignored).toEqual([]);
    expect(readMessages(record.messages).shapes).toEqual(['openai-chat']);
  });
});
