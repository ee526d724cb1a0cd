import { describe, expect, it } from 'vitest';
import { diffTrajectories, stepAccuracy, turnChanges } from '../../../shared/analysis/trajectory-diff';
import { canonicalJson } from '../../../shared/json';
import type { Turn } from '../../../shared/domain';

const user: Turn = { role: 'user', content: 'Plan a trip to Kyoto' };
const call = (name: string, args: unknown, id = 'c'): Turn => ({ role: 'assistant', toolCalls: [{ id, name, args }] });
const obs = (content: string): Turn => ({ role: 'tool', toolCallId: 'c', content });

describe('trajectory diff', () => {
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
      { a: 0, b: 0, same: true },
      { a: 1, b: 1, same: true },
      { a: 2, b: 2, same: true },
      { a: 3, b: 3, same: false },
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
      { a: null, b: 3, same: false },
      { a: null, b: 4, same: false },
    ]);
    expect(diff.rows.at(-1)).toEqual({ a: 3, b: 5, same: true });
    expect(diffTrajectories(a, a).firstDivergence).toBeNull();
  });
});

describe('step accuracy against a gold trajectory', () => {
  it('counts right tool names and right arguments per step, extra calls counting against', () => {
    const gold = [user, call('search_flights', { to: 'KIX' }), call('book_flight', { id: 'F1' })];
    const pred = [user, call('search_flights', { to: 'KIX' }), call('book_flight', { id: 'F2' }), call('email', {})];
    const acc = stepAccuracy(pred, gold);
    expect(acc.toolNameAccuracy).toBeCloseTo(2 / 3);
    expect(acc.argumentAccuracy).toBeCloseTo(1 / 3);
    expect(acc.steps.map((s) => [s.name, s.args])).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
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

  it('names a changed text, a different tool and a call on one side only', () => {
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
      { path: 'toolCalls[0].name', before: 'list_rooms', after: 'get_temperature' },
      { path: 'toolCalls[1].name', before: '—', after: 'list_rooms' },
    ]);
  });
});
