import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../shared/domain';
import { trainingWeights } from '../../../shared/formats/training-weights';

const turns: Turn[] = [
  { role: 'system', content: 'You control a smart home.' },
  { role: 'user', content: 'Make the bedroom 21 degrees' },
  {
    role: 'assistant',
    toolCalls: [
      { id: 'a', name: 'list_rooms', args: {} },
      { id: 'b', name: 'set_thermostat', args: { room_id: 'bedroom', celsius: 21 } },
    ],
  },
  { role: 'tool', toolCallId: 'a', content: '{"rooms":[{"room_id":"r1","name":"bedroom"}]}' },
  { role: 'tool', toolCallId: 'b', content: '{"error": "Unknown room: bedroom"}' },
  { role: 'assistant', toolCalls: [{ id: 'c', name: 'set_thermostat', args: { room_id: 'r1', celsius: 21 } }] },
  { role: 'tool', toolCallId: 'c', content: '{"ok":true}' },
  { role: 'assistant', content: 'The bedroom is set to 21 degrees.' },
];

describe('training weights of an OpenAI export', () => {
  it('put 0 on the assistant turn whose call failed, not on the tool turn that reports it', () => {
    expect(trainingWeights(turns, { lowRated: false })).toEqual([1, 1, 0, 1, 1, 1, 1, 1]);
  });

  it('put 0 on the calling turn of a result a check found an error on, and on an assistant turn with one', () => {
    const fine = turns.map((t, i) => (i === 4 ? { ...t, content: '{"ok":true}' } : t));
    expect(trainingWeights(fine, { lowRated: false })).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(trainingWeights(fine, { lowRated: false, errorTurns: new Set([6]) })).toEqual([1, 1, 1, 1, 1, 0, 1, 1]);
    expect(trainingWeights(fine, { lowRated: false, errorTurns: new Set([7]) })).toEqual([1, 1, 1, 1, 1, 1, 1, 0]);
  });

  it('put 0 on the calling turn of a call the record says failed, whose result reads as text', () => {
    // A failed tool span's result as an agent passed it on: "Error: …", not {"error": …}.
    const traced = turns.map((t, i) => (i === 4 ? { ...t, content: 'Error: Unknown room: bedroom' } : t));
    expect(trainingWeights(traced, { lowRated: false })).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(trainingWeights(traced, { lowRated: false, failedCalls: new Set(['b']) })).toEqual([1, 1, 0, 1, 1, 1, 1, 1]);
  });

  it('put 0 on every assistant turn of a low-rated trajectory', () => {
    expect(trainingWeights(turns, { lowRated: true })).toEqual([1, 1, 0, 1, 1, 0, 1, 0]);
  });
});
