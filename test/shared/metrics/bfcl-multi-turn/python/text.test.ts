import { describe, expect, it } from 'vitest';
import { raised } from './raised';
import { toFloat } from '../../../../../shared/metrics/bfcl-multi-turn/python/text';
import { PyFloat, PyTuple, stringRepr } from '../../../../../shared/metrics/bfcl/values';

// Expected values and messages printed by CPython 3.11.

describe("Python's float()", () => {
  it('reads what Python reads: Unicode digits and spaces, underscores, inf and nan', () => {
    const read = (text: string) => toFloat(text).value;
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
    expect(toFloat(3)).toEqual(new PyFloat(3));
    expect(toFloat(true)).toEqual(new PyFloat(1));
  });

  it("refuses the rest with Python's message, the text written as repr writes it", () => {
    expect(raised(() => toFloat('\ufeff5'))).toBe("ValueError: could not convert string to float: '\\ufeff5'");
    for (const text of ['5e', '1__0', '_1', '+.e1', '0x10'])
      expect(raised(() => toFloat(text))).toBe(`ValueError: could not convert string to float: '${text}'`);
    expect(raised(() => toFloat('a\tb\n'))).toBe("ValueError: could not convert string to float: 'a\\tb\\n'");
    expect(raised(() => toFloat('\u2028'))).toBe("ValueError: could not convert string to float: '\\u2028'");
    expect(raised(() => toFloat("it's"))).toBe('ValueError: could not convert string to float: "it\'s"');
    expect(raised(() => toFloat('\'"'))).toBe("ValueError: could not convert string to float: '\\'\"'");
    expect(raised(() => toFloat(null))).toBe(
      "TypeError: float() argument must be a string or a real number, not 'NoneType'",
    );
    expect(raised(() => toFloat(new PyTuple([1])))).toBe(
      "TypeError: float() argument must be a string or a real number, not 'tuple'",
    );
  });
});

describe("Python's repr of text", () => {
  it('escapes what str.isprintable() refuses, by code point', () => {
    expect(stringRepr('\xad\u{e0001}é')).toBe("'\\xad\\U000e0001é'");
    expect(stringRepr('\\')).toBe("'\\\\'");
    expect(stringRepr('\xa0\u3000\x07 ')).toBe("'\\xa0\\u3000\\x07 '");
    expect(stringRepr('x"y')).toBe("'x\"y'");
  });
});
