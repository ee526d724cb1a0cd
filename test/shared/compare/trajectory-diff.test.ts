import { describe, expect, it } from 'vitest';
import { diffTrajectories, turnChanges } from '../../../shared/compare/trajectory-diff';
import type { Turn } from '../../../shared/domain';

const user: Turn = { role: 'user', content: 'Plan a trip to Kyoto' };
const call = (name: string, args: unknown, id = 'c'): Turn => ({ role: 'assistant', toolCalls: [{ id, name, args }] });
const obs = (content: string): Turn => ({ role: 'tool', toolCallId: 'c', content });

describe('trajectory diff', () => {
  it('pairs the results of parallel calls by call id, and compares JSON text by value', () => {
    const calls = (ids: [string, string]): Turn => ({
      role: 'assistant',
      toolCalls: [
        { id: ids[0], name: 'search_flights', args: { to: 'KIX' } },
        { id: ids[1], name: 'search_hotels', args: { city: 'Kyoto' } },
      ],
    });
    const a: Turn[] = [
      user,
      calls(['f', 'h']),
      { role: 'tool', toolCallId: 'f', content: '{ "flights": [ "F1" ] }' },
      { role: 'tool', toolCallId: 'h', content: '{ "hotels": [ "H1" ], "price": 120.0 }' },
    ];
    const b: Turn[] = [
      user,
      calls(['x', 'y']),
      { role: 'tool', toolCallId: 'y', content: '{"price":120,"hotels":["H1"]}' },
      { role: 'tool', toolCallId: 'x', content: '{"flights":["F1"]}' },
    ];
    const diff = diffTrajectories(a, b);
    expect(diff.firstDivergence).toBeNull();
    // Each row holds the turns as given: the flights result of one beside the flights result of the other.
    expect(diff.rows).toEqual([
      { a: 0, b: 0, same: true, kind: 'same' },
      { a: 1, b: 1, same: true, kind: 'same' },
      { a: 2, b: 3, same: true, kind: 'same' },
      { a: 3, b: 2, same: true, kind: 'same' },
    ]);
  });

  it('pairs equal turns and marks the first divergence (ids and key order ignored)', () => {
    const a = [
      user,
      call('search_flights', { to: 'KIX', from: 'LIS' }, 'x'),
      obs('F1'),
      call('book_flight', { id: 'F1' }),
    ];
    const b = [
      user,
      call('search_flights', { from: 'LIS', to: 'KIX' }, 'y'),
      obs('F1'),
      call('book_hotel', { id: 'H1' }),
    ];
    const diff = diffTrajectories(a, b);
    expect(diff.rows).toEqual([
      { a: 0, b: 0, same: true, kind: 'same' },
      { a: 1, b: 1, same: true, kind: 'same' },
      { a: 2, b: 2, same: true, kind: 'same' },
      { a: 3, b: 3, same: false, kind: 'changed' },
    ]);
    expect(diff.firstDivergence).toBe(3);
  });

  it('shows an inserted turn beside a gap and keeps the rest aligned', () => {
    const a = [user, call('search', {}), obs('r'), { role: 'assistant', content: 'done' } as Turn];
    const b = [
      user,
      call('search', {}),
      obs('r'),
      call('search', {}),
      obs('r'),
      { role: 'assistant', content: 'done' } as Turn,
    ];
    const diff = diffTrajectories(a, b);
    expect(diff.rows.filter((r) => !r.same)).toEqual([
      { a: null, b: 3, same: false, kind: 'inserted' },
      { a: null, b: 4, same: false, kind: 'inserted' },
    ]);
    expect(diff.rows.at(-1)).toEqual({ a: 3, b: 5, same: true, kind: 'same' });
    expect(diffTrajectories(a, a).firstDivergence).toBeNull();
  });

  it('aligns by content a record without a system message: one removed turn, the rest beside their match', () => {
    // The same task logged twice: once with the system prompt, once without it, and with a
    // different thermostat value. Nothing but the tool result is equal turn for turn.
    const withSystem: Turn[] = [
      { role: 'system', content: 'You control a smart home.' },
      { role: 'user', content: 'Set the bedroom to 40 degrees' },
      { role: 'assistant', toolCalls: [{ id: 'a1', name: 'list_rooms', args: {} }] },
      { role: 'tool', toolCallId: 'a1', content: '{"rooms":[{"room_id":"r1","name":"bedroom"}]}' },
      { role: 'assistant', toolCalls: [{ id: 'a2', name: 'set_thermostat', args: { room_id: 'r1', celsius: 40 } }] },
      { role: 'tool', toolCallId: 'a2', content: '{"error":"40 is out of range"}' },
      { role: 'assistant', content: 'I could not set the bedroom to 40 degrees.' },
    ];
    const without: Turn[] = [
      { role: 'user', content: 'Make the bedroom 21 degrees' },
      { role: 'assistant', toolCalls: [{ id: 'b1', name: 'list_rooms', args: {} }] },
      { role: 'tool', toolCallId: 'b1', content: '{"rooms":[{"room_id":"r1","name":"bedroom"}]}' },
      { role: 'assistant', toolCalls: [{ id: 'b2', name: 'set_thermostat', args: { room_id: 'r1', celsius: 21 } }] },
      { role: 'tool', toolCallId: 'b2', content: '{"ok":true}' },
      { role: 'assistant', content: 'The bedroom is set to 21 degrees.' },
    ];
    const diff = diffTrajectories(withSystem, without);
    expect(diff.rows.map((r) => [r.a, r.b, r.kind])).toEqual([
      [0, null, 'removed'],
      [1, 0, 'changed'],
      [2, 1, 'same'],
      [3, 2, 'same'],
      [4, 3, 'changed'],
      [5, 4, 'changed'],
      [6, 5, 'changed'],
    ]);
    // The missing system message is named, but counted neither in the turns nor as the divergence.
    expect(diff.counts).toEqual({ same: 2, changed: 4, removed: 0, inserted: 0 });
    expect(diff.systemOnlyIn).toBe('a');
    expect(diff.firstDivergence).toBe(1);
    const agreeing = diffTrajectories(withSystem, withSystem.slice(1));
    expect(agreeing.firstDivergence).toBeNull();
    expect(agreeing.systemOnlyIn).toBe('a');
  });

  it('shows a removed call beside a gap instead of pairing every later turn with the wrong one', () => {
    const answer: Turn = { role: 'assistant', content: 'Booked flight F1.' };
    const a = [
      user,
      call('search_flights', { to: 'KIX' }),
      obs('F1'),
      call('book_flight', { id: 'F1' }),
      obs('ok'),
      answer,
    ];
    // b skipped the search and booked straight away, with a slightly different answer.
    const b = [
      user,
      call('book_flight', { id: 'F1' }),
      obs('ok'),
      { role: 'assistant', content: 'Booked flight F1!' } as Turn,
    ];
    const diff = diffTrajectories(a, b);
    expect(diff.rows.map((r) => [r.a, r.b, r.kind])).toEqual([
      [0, 0, 'same'],
      [1, null, 'removed'],
      [2, null, 'removed'],
      [3, 1, 'same'],
      [4, 2, 'same'],
      [5, 3, 'changed'],
    ]);
    expect(diff.firstDivergence).toBe(1);
  });

  it('pairs an edited turn with the turn most like it and shows the other as inserted', () => {
    const a = [
      user,
      { role: 'assistant', content: 'Let me look for flights to Kyoto first.' } as Turn,
      call('search_flights', { to: 'KIX' }),
    ];
    const b = [
      user,
      { role: 'assistant', content: 'Hello!' } as Turn,
      { role: 'assistant', content: 'Let me look for flights to Osaka first.' } as Turn,
      call('search_flights', { to: 'ITM' }),
    ];
    const diff = diffTrajectories(a, b);
    expect(diff.rows.map((r) => [r.a, r.b, r.kind])).toEqual([
      [0, 0, 'same'],
      [null, 1, 'inserted'],
      [1, 2, 'changed'],
      [2, 3, 'changed'],
    ]);
  });
});

describe('what changed in a paired turn', () => {
  it('names the argument that changed, with both values', () => {
    const call = (celsius: unknown) => ({
      role: 'assistant' as const,
      toolCalls: [{ id: 'c1', name: 'set_thermostat', args: { room_id: 'r1', celsius } }],
    });
    expect(turnChanges(call(21), call('twenty-one'))).toEqual([
      { path: 'toolCalls[0].args.celsius', before: '21', after: 'twenty-one' },
    ]);
  });

  it('names a changed text and a call on one side only, pairing parallel calls by tool, not by position', () => {
    expect(
      turnChanges(
        { role: 'assistant', content: 'Done.', toolCalls: [{ id: 'a', name: 'list_rooms', args: {} }] },
        {
          role: 'assistant',
          content: 'Done!',
          toolCalls: [
            { id: 'b', name: 'get_temperature', args: {} },
            { id: 'c', name: 'list_rooms', args: {} },
          ],
        },
      ),
    ).toEqual([
      { path: 'content', before: 'Done.', after: 'Done!' },
      // list_rooms was called on both sides (second on the right): only get_temperature is new.
      { path: 'toolCalls[0].name', before: '—', after: 'get_temperature' },
    ]);
  });
});
