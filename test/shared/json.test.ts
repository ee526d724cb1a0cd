import { describe, expect, it } from 'vitest';
import {
  beyondJsonLimits,
  jsonValueKey,
  ranOutOfStack,
  sameJsonValue,
  textValue,
  TOOL_VALUE_LIMITS,
  whyNotSerialisable,
} from '../../shared/json';

function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('the limits of a tool value', () => {
  it('takes 256 levels of nesting and refuses 257, arrays and objects alike, without recursing', () => {
    expect(beyondJsonLimits(nested(256), TOOL_VALUE_LIMITS)).toBeNull();
    expect(beyondJsonLimits(nested(257), TOOL_VALUE_LIMITS)).toBe('nests more than 256 levels deep');
    let object: unknown = {};
    for (let i = 0; i < 100_000; i++) object = { a: object };
    expect(beyondJsonLimits(object, TOOL_VALUE_LIMITS)).toBe('nests more than 256 levels deep');
  });

  it('counts size as JSON text and stops at the first byte over the limit', () => {
    expect(beyondJsonLimits('x'.repeat(2 ** 20 - 2), TOOL_VALUE_LIMITS)).toBeNull();
    expect(beyondJsonLimits('x'.repeat(2 ** 20 - 1), TOOL_VALUE_LIMITS)).toBe('is more than 1.0 MiB of JSON');
    const wide = Array.from({ length: 300_000 }, (_, i) => ({ id: i }));
    expect(beyondJsonLimits(wide, TOOL_VALUE_LIMITS)).toBe('is more than 1.0 MiB of JSON');
    expect(beyondJsonLimits(wide, { depth: 256 })).toBeNull();
  });

  it('ends on a value that refers to itself', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(beyondJsonLimits(cycle, { depth: 1024 })).toBe('nests more than 1024 levels deep');
  });

  it('says why a value could not be written', () => {
    let error: unknown;
    try {
      JSON.stringify(nested(100_000));
    } catch (thrown) {
      error = thrown;
    }
    expect(ranOutOfStack(error)).toBe(true);
    expect(whyNotSerialisable(error)).toBe('it nests so deeply that writing it out ran out of stack');
    let bigint: unknown;
    try {
      JSON.stringify({ n: 1n });
    } catch (thrown) {
      bigint = thrown;
    }
    expect(ranOutOfStack(bigint)).toBe(false);
    expect(whyNotSerialisable(bigint)).toBe('it holds a BigInt, which JSON cannot carry');
  });
});

describe('the same JSON value', () => {
  it('ignores key order, whitespace and number spelling, and reads objects and arrays held as text', () => {
    const pretty = JSON.parse('{\n  "replicas": 3.0,\n  "service": "auth",\n  "tags": [1e1, "x"]\n}') as unknown;
    expect(sameJsonValue(pretty, { service: 'auth', tags: [10, 'x'], replicas: 3 })).toBe(true);
    expect(sameJsonValue({ args: '{ "b": 2,  "a": [1.50] }' }, { args: { a: [1.5], b: 2 } })).toBe(true);
    expect(sameJsonValue(textValue(' {"ok": true, "n": 1.0}\n'), textValue('{"n":1,"ok":true}'))).toBe(true);
    expect(jsonValueKey({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });

  it('still tells different values apart: types, order of items, numbers in strings, other text', () => {
    expect(sameJsonValue({ id: '123' }, { id: 123 })).toBe(false);
    expect(sameJsonValue({ v: '1.0' }, { v: '1' })).toBe(false);
    expect(sameJsonValue([1, 2], [2, 1])).toBe(false);
    expect(sameJsonValue('{"a":1}', '{"a":2}')).toBe(false);
    expect(sameJsonValue(textValue('Rolled back.'), textValue('Rolled back!'))).toBe(false);
    // Text that only starts like JSON is compared as text.
    expect(sameJsonValue({ note: '[draft' }, { note: '[draft' })).toBe(true);
    expect(sameJsonValue({ note: '[draft' }, { note: '[final' })).toBe(false);
  });

  it('compares text held as JSON beyond the nesting limit as text, without running out of stack', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(sameJsonValue({ v: deep }, { v: deep })).toBe(true);
    expect(textValue(deep)).toBe(deep);
  });
});
