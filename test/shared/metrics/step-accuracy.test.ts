import { describe, expect, it } from 'vitest';
import { stepAccuracy } from '../../../shared/metrics/step-accuracy';
import { diffTrajectories } from '../../../shared/compare/trajectory-diff';
import { canonicalJson } from '../../../shared/json';
import type { Turn } from '../../../shared/domain';

const system: Turn = { role: 'system', content: 'You are a travel assistant.' };
const user: Turn = { role: 'user', content: 'Book the cheapest flight to Lisbon' };
const call = (id: string, name: string, args: unknown): Turn => ({
  role: 'assistant',
  toolCalls: [{ id, name, args }],
});
const result = (id: string, content: string): Turn => ({ role: 'tool', toolCallId: id, content });
const answer: Turn = { role: 'assistant', content: 'Booked TP-2 for 192 EUR.' };

/** A search, a booking and a conversion, the call ids and the booked flight as given. */
function booking(prefix: string, flight: string): Turn[] {
  return [
    user,
    call(`${prefix}1`, 'search_flights', { destination: 'Lisbon', passengers: 2 }),
    result(`${prefix}1`, '{"cheapest_flight_id":"TP-2"}'),
    call(`${prefix}2`, 'book_flight', { flight_id: flight, passengers: 2 }),
    result(`${prefix}2`, '{"status":"confirmed"}'),
    call(`${prefix}3`, 'convert_currency', { amount: 192, from_currency: 'EUR', to_currency: 'USD' }),
    result(`${prefix}3`, '{"amount":207.36}'),
    answer,
  ];
}

describe('step accuracy along the diff alignment', () => {
  it('gives 100 % tool names and arguments to two runs making the same calls (call ids aside)', () => {
    const acc = stepAccuracy(booking('a', 'TP-2'), booking('b', 'TP-2'));
    expect(acc.steps).toHaveLength(3);
    expect(acc.toolNameAccuracy).toBe(1);
    expect(acc.argumentAccuracy).toBe(1);
  });

  it('pairs parallel calls by tool and arguments, not by position, and compares arguments by value', () => {
    const parallel = (calls: [string, unknown][]): Turn => ({
      role: 'assistant',
      toolCalls: calls.map(([name, args], i) => ({ id: `p${i}`, name, args })),
    });
    const pred = [
      user,
      parallel([
        ['get_fx_rate', { to: 'USD', from: 'EUR' }],
        ['search_flights', '{"destination": "Lisbon", "passengers": 2.0}'],
      ]),
    ];
    const gold = [
      user,
      parallel([
        ['search_flights', { destination: 'Lisbon', passengers: 2 }],
        ['get_fx_rate', { from: 'EUR', to: 'USD' }],
      ]),
    ];
    const acc = stepAccuracy(pred, gold);
    expect([acc.toolNameAccuracy, acc.argumentAccuracy, acc.steps.length]).toEqual([1, 1, 2]);
  });

  it('counts one changed argument against the arguments only, on its own step', () => {
    const acc = stepAccuracy(booking('a', 'TP-1'), booking('b', 'TP-2'));
    expect(acc.toolNameAccuracy).toBe(1);
    expect(acc.argumentAccuracy).toBeCloseTo(2 / 3);
    expect(acc.steps.map((s) => [s.pred?.name, s.name, s.args])).toEqual([
      ['search_flights', true, true],
      ['book_flight', true, false],
      ['convert_currency', true, true],
    ]);
  });

  it('is not thrown off by a system message on one side only: the same calls still pair', () => {
    const withSystem = [system, ...booking('a', 'TP-2')];
    const without = booking('b', 'TP-2');
    const diff = diffTrajectories(withSystem, without);
    expect(diff.systemOnlyIn).toBe('a');
    // Nine rows: the lone system message beside a gap, left out of the counts, and eight equal turns.
    expect(diff.rows).toHaveLength(9);
    expect(diff.rows[0]).toMatchObject({ a: 0, b: null, kind: 'removed' });
    expect(diff.counts).toEqual({ same: 8, changed: 0, inserted: 0, removed: 0 });
    expect(diff.firstDivergence).toBeNull();
    const acc = stepAccuracy(withSystem, without, diff.rows);
    expect([acc.toolNameAccuracy, acc.argumentAccuracy, acc.steps.length]).toEqual([1, 1, 3]);
  });

  it('costs an extra call one step, not every later one', () => {
    const gold = booking('g', 'TP-2');
    // The prediction searched hotels first, then did what the gold did.
    const pred = [user, call('x', 'search_hotels', { city: 'Lisbon' }), result('x', '[]'), ...gold.slice(1)];
    const acc = stepAccuracy(pred, gold);
    expect(acc.steps.map((s) => [s.pred?.name ?? null, s.gold?.name ?? null, s.name])).toEqual([
      ['search_hotels', null, false],
      ['search_flights', 'search_flights', true],
      ['book_flight', 'book_flight', true],
      ['convert_currency', 'convert_currency', true],
    ]);
    expect(acc.toolNameAccuracy).toBeCloseTo(3 / 4);
    expect(acc.argumentAccuracy).toBeCloseTo(3 / 4);
  });

  it('counts a different tool in the same row against both, and extra calls of a turn against', () => {
    const gold = [user, call('g1', 'search_flights', { to: 'KIX' }), call('g2', 'book_flight', { id: 'F1' })];
    const pred: Turn[] = [
      user,
      call('p1', 'search_flights', { to: 'KIX' }),
      {
        role: 'assistant',
        toolCalls: [
          { id: 'p2', name: 'book_flight', args: { id: 'F2' } },
          { id: 'p3', name: 'email', args: {} },
        ],
      },
    ];
    const acc = stepAccuracy(pred, gold);
    expect(acc.steps.map((s) => [s.name, s.args])).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
    expect(acc.toolNameAccuracy).toBeCloseTo(2 / 3);
    expect(acc.argumentAccuracy).toBeCloseTo(1 / 3);
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });

  it('scores two trajectories with no calls as agreeing (nothing to get wrong)', () => {
    expect(stepAccuracy([user, answer], [user, answer]).toolNameAccuracy).toBe(1);
  });
});
