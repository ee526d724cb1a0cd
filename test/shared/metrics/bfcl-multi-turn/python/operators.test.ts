import { describe, expect, it } from 'vitest';
import { raised } from './raised';
import { arithmetic, compare, hashKey, pyTruthy } from '../../../../../shared/metrics/bfcl-multi-turn/python/operators';
import { PyFloat, PyOther, PyTuple } from '../../../../../shared/metrics/bfcl/values';

// Expected values and messages printed by CPython 3.11.

describe("Python's operators on any value", () => {
  it('tells truth as bool() does', () => {
    expect([0, new PyFloat(0), '', [], new PyTuple([]), {}, null, false].map(pyTruthy)).toEqual(Array(8).fill(false));
    expect(
      [1, new PyFloat(0.5), ' ', [0], new PyTuple([0]), { a: 0 }, new PyOther('ellipsis', 'Ellipsis')].map(pyTruthy),
    ).toEqual(Array(7).fill(true));
  });

  it('hashes 1, 1.0 and True as one key, and names the unhashable part of a key', () => {
    expect(hashKey(1)).toBe(hashKey(new PyFloat(1)));
    expect(hashKey(true)).toBe(hashKey(1));
    expect(hashKey('1')).not.toBe(hashKey(1));
    expect(raised(() => hashKey(new PyTuple([1, [2]])))).toBe("TypeError: unhashable type: 'list'");
    expect(raised(() => hashKey(new PyTuple([{}])))).toBe("TypeError: unhashable type: 'dict'");
  });

  it('orders numbers, texts, lists and tuples, and names the operator it cannot apply', () => {
    expect(compare([1, 'b'], '<', [1, 'c'])).toBe(true);
    expect(compare(new PyTuple([1]), '<=', new PyTuple([1]))).toBe(true);
    expect(compare([1], '>', [1, 0])).toBe(false);
    expect(compare('\u{10000}', '>', '\uffff')).toBe(true);
    expect(compare(new PyFloat(Infinity), '>=', new PyFloat(Infinity))).toBe(true);
    expect(compare(new PyFloat(NaN), '<=', 1)).toBe(false);
    expect(raised(() => compare([1, 'a'], '>=', [1, 2]))).toBe(
      "TypeError: '>=' not supported between instances of 'str' and 'int'",
    );
    expect(raised(() => compare('1', '<', 2))).toBe(
      "TypeError: '<' not supported between instances of 'str' and 'int'",
    );
  });

  it('adds, repeats and concatenates as Python does, and refuses the rest with its TypeError', () => {
    expect(arithmetic('*', 'ab', 2)).toBe('abab');
    expect(arithmetic('*', 2, [1])).toEqual([1, 1]);
    expect(arithmetic('+', [1], [2])).toEqual([1, 2]);
    expect(arithmetic('-=', 3, new PyFloat(1))).toEqual(new PyFloat(2));
    expect(raised(() => arithmetic('*', 'ab', 1.5))).toBe(
      "TypeError: can't multiply sequence by non-int of type 'float'",
    );
    expect(raised(() => arithmetic('+=', 'a', 1))).toBe('TypeError: can only concatenate str (not "int") to str');
    expect(raised(() => arithmetic('+=', null, 1))).toBe(
      "TypeError: unsupported operand type(s) for +=: 'NoneType' and 'int'",
    );
  });
});
