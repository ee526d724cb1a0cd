import { describe, expect, it } from 'vitest';
import { deepCopyOrdered, orderedDict } from '../../../../shared/metrics/bfcl-multi-turn/apis/py-dict';
import { pyJsonDumps } from '../../../../shared/metrics/bfcl-multi-turn/py-num';
import { PyFloat, pyEquals } from '../../../../shared/metrics/bfcl/values';

describe('orderedDict', () => {
  it('keeps insertion order for keys that look like numbers, as a Python dict does', () => {
    const d = orderedDict<unknown>([['trip', 1]]);
    d['3426812'] = 2;
    d['12'] = 3;
    expect(Object.keys(d)).toEqual(['trip', '3426812', '12']);
    expect(pyJsonDumps(d)).toBe('{"trip": 1, "3426812": 2, "12": 3}');
  });

  it('keeps a reassigned key in its place and sends a deleted then re-added key to the end', () => {
    const d = orderedDict<unknown>([
      ['2', 'a'],
      ['1', 'b'],
    ]);
    d['2'] = 'c';
    expect(Object.entries(d)).toEqual([
      ['2', 'c'],
      ['1', 'b'],
    ]);
    delete d['2'];
    d['2'] = 'd';
    expect(Object.keys(d)).toEqual(['1', '2']);
  });

  it('takes __proto__ as an ordinary key', () => {
    const d = orderedDict<unknown>();
    d['__proto__'] = 5;
    expect(Object.keys(d)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(d)).toBe(Object.prototype);
  });

  it('deep-copies with the order kept and the copy apart from the original', () => {
    const inner = orderedDict<unknown>([
      ['b', new PyFloat(1)],
      ['7', [1]],
    ]);
    const d = orderedDict<unknown>([['x', inner]]);
    const copy = deepCopyOrdered(d);
    expect(pyEquals(copy, d)).toBe(true);
    expect(Object.keys(copy.x as object)).toEqual(['b', '7']);
    (inner['7'] as number[]).push(2);
    expect((copy.x as Record<string, number[]>)['7']).toEqual([1]);
  });
});
