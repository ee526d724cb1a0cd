import { describe, expect, it } from 'vitest';
import { raised } from './raised';
import {
  getItem,
  orderedDict,
  PyDict,
  pyDeepCopy,
} from '../../../../../shared/metrics/bfcl-multi-turn/python/containers';
import { pyJsonDumps } from '../../../../../shared/metrics/bfcl-multi-turn/py-num';
import { PyFloat, pyEquals, PyOther, PyTuple } from '../../../../../shared/metrics/bfcl/values';

// Expected values and messages printed by CPython 3.11.

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
    const copy = pyDeepCopy(d);
    expect(pyEquals(copy, d)).toBe(true);
    expect(Object.keys(copy.x as object)).toEqual(['b', '7']);
    (inner['7'] as number[]).push(2);
    expect((copy.x as Record<string, number[]>)['7']).toEqual([1]);
  });
});

describe('A key looked up in a dict', () => {
  it("fails with Python's KeyError text, the key's repr, or TypeError for an unhashable key", () => {
    expect(raised(() => getItem({ a: 1 }, 'b'))).toBe("KeyError: 'b'");
    expect(raised(() => getItem({ a: 1 }, '\xa0'))).toBe("KeyError: '\\xa0'");
    expect(raised(() => getItem({ a: 1 }, new PyTuple([1, 'x'])))).toBe("KeyError: (1, 'x')");
    expect(raised(() => getItem({ a: 1 }, new PyTuple([[1]])))).toBe("TypeError: unhashable type: 'list'");
    expect(getItem({ a: 1 }, 'a')).toBe(1);
    expect(raised(() => getItem({ a: 1 }, new PyOther('set', '{1}')))).toBe("TypeError: unhashable type: 'set'");
    expect(raised(() => getItem([1], 'a'))).toBe('TypeError: list indices must be integers or slices, not str');
  });
});

describe('copy.deepcopy', () => {
  it('copies plain dicts, lists and tuples, and keeps an ordered dict ordered', () => {
    const original = {
      list: [1, { a: [2] }],
      tuple: new PyTuple([[3]]),
      ordered: orderedDict([
        ['9', 1],
        ['a', 2],
      ]),
    };
    const copy = pyDeepCopy(original);
    expect(pyEquals(copy, original)).toBe(true);
    expect(copy.list).not.toBe(original.list);
    expect((copy.tuple.items[0] as unknown[]) === original.tuple.items[0]).toBe(false);
    expect(Object.keys(copy.ordered)).toEqual(['9', 'a']);
  });

  it('keeps an object of another class as it is', () => {
    const dict = new PyDict();
    expect(pyDeepCopy({ dict }).dict).toBe(dict);
  });
});
