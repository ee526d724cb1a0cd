import { describe, expect, it } from 'vitest';
import { PyError } from '../../../../shared/metrics/bfcl-multi-turn/api';
import { pyFloat, pyGetItem, pyStrRepr } from '../../../../shared/metrics/bfcl-multi-turn/apis/py-builtins';
import { PyFloat, PyTuple } from '../../../../shared/metrics/bfcl/values';

// Expected values and messages printed by CPython 3.11.

const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof PyError) return `${error.pyType}: ${error.message}`;
    throw error;
  }
  return 'no error';
};

describe("Python's float()", () => {
  it('reads what Python reads: Unicode digits and spaces, underscores, inf and nan', () => {
    const read = (text: string) => pyFloat(text).value;
    expect(read('١٢')).toBe(12);
    expect(read('٣.٥')).toBe(3.5);
    expect(read('\u2003 5\u2003')).toBe(5);
    expect(read('\xa012')).toBe(12);
    expect(read('𝟓')).toBe(5);
    expect(read('1_000.5_5')).toBe(1000.55);
    expect(read('1e1_0')).toBe(10000000000);
    expect(read(' -inf ')).toBe(-Infinity);
    expect(read('+nan')).toBeNaN();
    expect(read('1.')).toBe(1);
    expect(read('.5')).toBe(0.5);
    expect(pyFloat(3)).toEqual(new PyFloat(3));
    expect(pyFloat(true)).toEqual(new PyFloat(1));
  });

  it("refuses the rest with Python's message, the text written as repr writes it", () => {
    expect(message(() => pyFloat('\ufeff5'))).toBe("ValueError: could not convert string to float: '\\ufeff5'");
    for (const text of ['5e', '1__0', '_1', '+.e1', '0x10'])
      expect(message(() => pyFloat(text))).toBe(`ValueError: could not convert string to float: '${text}'`);
    expect(message(() => pyFloat('a\tb\n'))).toBe("ValueError: could not convert string to float: 'a\\tb\\n'");
    expect(message(() => pyFloat('\u2028'))).toBe("ValueError: could not convert string to float: '\\u2028'");
    expect(message(() => pyFloat("it's"))).toBe('ValueError: could not convert string to float: "it\'s"');
    expect(message(() => pyFloat('\'"'))).toBe("ValueError: could not convert string to float: '\\'\"'");
    expect(message(() => pyFloat(null))).toBe(
      "TypeError: float() argument must be a string or a real number, not 'NoneType'",
    );
    expect(message(() => pyFloat(new PyTuple([1])))).toBe(
      "TypeError: float() argument must be a string or a real number, not 'tuple'",
    );
  });
});

describe("Python's repr of text", () => {
  it('escapes what str.isprintable() refuses, by code point', () => {
    expect(pyStrRepr('\xad\u{e0001}é')).toBe("'\\xad\\U000e0001é'");
    expect(pyStrRepr('\\')).toBe("'\\\\'");
    expect(pyStrRepr('x"y')).toBe("'x\"y'");
  });
});

describe('A key looked up in a dict', () => {
  it("fails with Python's KeyError text, the key's repr, or TypeError for an unhashable key", () => {
    expect(message(() => pyGetItem({ a: 1 }, 'b'))).toBe("KeyError: 'b'");
    expect(message(() => pyGetItem({ a: 1 }, '\xa0'))).toBe("KeyError: '\\xa0'");
    expect(message(() => pyGetItem({ a: 1 }, new PyTuple([1, 'x'])))).toBe("KeyError: (1, 'x')");
    expect(message(() => pyGetItem({ a: 1 }, new PyTuple([[1]])))).toBe("TypeError: unhashable type: 'list'");
    expect(pyGetItem({ a: 1 }, 'a')).toBe(1);
  });
});
