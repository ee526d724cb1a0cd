import { describe, expect, it } from 'vitest';
import { describeStateChanges, diffStates } from '../../../shared/environments/state-diff';

describe('the difference between two states of a world', () => {
  it('is empty between equal states, and says so', () => {
    const state = { cart: ['milk'], total: 2.5, open: true, note: null };
    expect(diffStates(state, structuredClone(state))).toEqual([]);
    expect(describeStateChanges([])).toBe('no change');
  });

  it('names each changed leaf by its path, with the old and the new value', () => {
    const before = { cart: { items: [{ name: 'milk', qty: 1 }] }, total: 2.5 };
    const after = { cart: { items: [{ name: 'milk', qty: 2 }] }, total: 5 };
    expect(diffStates(before, after)).toEqual([
      { path: 'cart.items[0].qty', kind: 'changed', before: 1, after: 2 },
      { path: 'total', kind: 'changed', before: 2.5, after: 5 },
    ]);
  });

  it('adds and removes keys and list elements as a whole', () => {
    const before = { cart: ['milk', 'eggs'], coupon: { code: 'A1' } };
    const after = { cart: ['milk', 'eggs', 'bread'], paid: { at: '10:00' } };
    expect(diffStates(before, after)).toEqual([
      { path: 'cart[2]', kind: 'added', after: 'bread' },
      { path: 'coupon', kind: 'removed', before: { code: 'A1' } },
      { path: 'paid', kind: 'added', after: { at: '10:00' } },
    ]);
    expect(diffStates(after, before).map((c) => [c.path, c.kind])).toEqual([
      ['cart[2]', 'removed'],
      ['paid', 'removed'],
      ['coupon', 'added'],
    ]);
  });

  it('counts a value that changed type as changed, not walked into', () => {
    expect(diffStates({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { path: 'a', kind: 'changed', before: [1], after: { 0: 1 } },
    ]);
    expect(diffStates({ a: null }, { a: 0 })).toEqual([{ path: 'a', kind: 'changed', before: null, after: 0 }]);
  });

  it('quotes keys that are not plain names, and gives the whole state as the empty path', () => {
    expect(diffStates({ 'two words': 1, '0': 'x' }, { 'two words': 2, '0': 'y' }).map((c) => c.path)).toEqual([
      '["0"]',
      '["two words"]',
    ]);
    expect(diffStates([1], 'gone')).toEqual([{ path: '', kind: 'changed', before: [1], after: 'gone' }]);
  });

  it('is summed up by kind', () => {
    const changes = diffStates({ a: 1, b: 2, c: 3 }, { a: 9, b: 8, d: 4 });
    expect(describeStateChanges(changes)).toBe('2 changed, 1 added, 1 removed');
  });

  it('finds the one change in a large state', () => {
    const before = { files: Array.from({ length: 2000 }, (_, i) => ({ name: `f${i}.txt`, size: i })) };
    const after = structuredClone(before);
    after.files[1234]!.size = -1;
    expect(JSON.stringify(before).length).toBeGreaterThan(50_000);
    expect(diffStates(before, after)).toEqual([{ path: 'files[1234].size', kind: 'changed', before: 1234, after: -1 }]);
  });
});
