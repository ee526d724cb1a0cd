import { describe, expect, it } from 'vitest';
import { PyRandom } from '../../../../shared/metrics/bfcl-multi-turn/py-random';

// Expected numbers printed by CPython 3.11's `random.Random(seed)` on this machine.
describe("Python's random.Random", () => {
  it('draws what CPython draws for the seeds the BFCL classes use', () => {
    const r = new PyRandom(200191);
    expect([r.randint(10000, 99999), r.randint(10000, 99999), r.randint(10000, 99999)]).toEqual([67410, 41772, 24547]);
    expect(r.random()).toBe(0.8205560453983415);
    expect(r.getrandbits(40)).toBe(1083984072016n);
    expect(r.randint(100000000000, 999999999999)).toBe(297054839028);
    expect(r.uniform(-10.0, 40.0)).toBe(-7.775454278321577);
  });
  it('seeds 0 and seeds wider than 32 bits as CPython does', () => {
    expect(new PyRandom(0).random()).toBe(0.8444218515250481);
    expect(new PyRandom(2 ** 40 + 5).randint(1, 6)).toBe(5);
  });
});

describe("Python's round and formats", async () => {
  const { round, formatFixed, pyJsonDumps, add, truediv } =
    await import('../../../../shared/metrics/bfcl-multi-turn/py-num');
  const { PyFloat, pyRepr } = await import('../../../../shared/metrics/bfcl/values');
  it('rounds the exact binary value, ties to even', () => {
    // CPython: round(2.675,2) 2.67, round(0.125,2) 0.12, round(2.5) 2, round(3.5) 4, round(-0.125,2) -0.12,
    // round(1.005,2) 1.0, '%.2f'%0.125 0.12, round(12345.6789,-2) 12300.0
    expect(pyRepr(round(new PyFloat(2.675), 2))).toBe('2.67');
    expect(pyRepr(round(new PyFloat(0.125), 2))).toBe('0.12');
    expect(round(new PyFloat(2.5))).toBe(2);
    expect(round(new PyFloat(3.5))).toBe(4);
    expect(pyRepr(round(new PyFloat(-0.125), 2))).toBe('-0.12');
    expect(pyRepr(round(new PyFloat(1.005), 2))).toBe('1.0');
    expect(formatFixed(0.125, 2)).toBe('0.12');
    expect(pyRepr(round(new PyFloat(12345.6789), -2))).toBe('12300.0');
  });
  it('keeps ints and floats apart in arithmetic and json.dumps', () => {
    expect(pyJsonDumps({ result: add(1, 2) })).toBe('{"result": 3}');
    expect(pyJsonDumps({ result: add(1, new PyFloat(2)) })).toBe('{"result": 3.0}');
    expect(pyJsonDumps({ r: truediv(1, 3), s: 'é' })).toBe('{"r": 0.3333333333333333, "s": "\\u00e9"}');
  });
});
