import { describe, expect, it } from 'vitest';
import { bfclCategory, checkBfclCall, checkBfclEntry, type BfclFunction } from '../../../shared/metrics/bfcl-ast';

const area: BfclFunction = {
  name: 'calculate_triangle_area',
  parameters: {
    type: 'dict',
    properties: { base: { type: 'integer' }, height: { type: 'integer' }, unit: { type: 'string' } },
    required: ['base', 'height'],
  },
};
const answer = { calculate_triangle_area: { base: [10], height: [5], unit: ['units', ''] } };

describe('BFCL AST check', () => {
  it('accepts the reference example, with or without the optional unit', () => {
    expect(checkBfclCall({ name: 'calculate_triangle_area', args: { base: 10, height: 5 } }, area, answer)).toEqual({
      valid: true,
    });
    expect(
      checkBfclCall({ name: 'calculate_triangle_area', args: { base: 10, height: 5, unit: 'Units' } }, area, answer)
        .valid,
    ).toBe(true);
  });

  it('rejects a wrong name, a missing required parameter, an unknown one, a wrong type or value', () => {
    const call = (args: Record<string, unknown>, name = 'calculate_triangle_area') =>
      checkBfclCall({ name, args }, area, answer);
    expect(call({ base: 10, height: 5 }, 'area').error).toMatch(/wrong function/);
    expect(call({ base: 10 }).error).toMatch(/missing required parameter "height"/);
    expect(call({ base: 10, height: 5, colour: 'red' }).error).toMatch(/unexpected parameter "colour"/);
    expect(call({ base: 10.5, height: 5 }).error).toMatch(/should be integer/);
    expect(call({ base: 11, height: 5 }).error).toMatch(/not an acceptable one/);
    expect(call({ base: 10, height: 5, unit: 'cm' }).valid).toBe(false);
  });

  it('promotes int to float, normalises strings, compares lists in order and dicts key by key', () => {
    const fn: BfclFunction = {
      name: 'f',
      parameters: {
        type: 'dict',
        properties: { x: { type: 'float' }, city: { type: 'string' }, list: { type: 'array' }, opts: { type: 'dict' } },
        required: ['x'],
      },
    };
    const expected = {
      f: {
        x: [2.0],
        city: ['San Francisco, CA', ''],
        list: [[1, 2], ''],
        opts: [{ mode: ['fast'], depth: [3, ''] }, ''],
      },
    };
    expect(checkBfclCall({ name: 'f', args: { x: 2, city: 'san francisco ca' } }, fn, expected).valid).toBe(true);
    expect(checkBfclCall({ name: 'f', args: { x: 2, list: [2, 1] } }, fn, expected).valid).toBe(false);
    expect(checkBfclCall({ name: 'f', args: { x: 2, opts: { mode: 'FAST' } } }, fn, expected).valid).toBe(true);
    expect(checkBfclCall({ name: 'f', args: { x: 2, opts: { mode: 'slow' } } }, fn, expected).valid).toBe(false);
    expect(checkBfclCall({ name: 'f', args: { x: 2, opts: { mode: 'fast', extra: 1 } } }, fn, expected).valid).toBe(
      false,
    );
  });

  it('matches parallel calls unordered with equal counts, and checks one call otherwise', () => {
    const gt = [
      { calculate_triangle_area: { base: [10], height: [5], unit: [''] } },
      { calculate_triangle_area: { base: [3], height: [4], unit: [''] } },
    ];
    const a = { name: 'calculate_triangle_area', args: { base: 3, height: 4 } };
    const b = { name: 'calculate_triangle_area', args: { base: 10, height: 5 } };
    expect(checkBfclEntry('parallel_3', [a, b], [area], gt).valid).toBe(true);
    expect(checkBfclEntry('parallel_3', [a], [area], gt).error).toMatch(/expected 2 calls, got 1/);
    expect(checkBfclEntry('parallel_3', [a, a], [area], gt).valid).toBe(false);
    expect(checkBfclEntry('simple_0', [b], [area], [answer]).valid).toBe(true);
    expect(checkBfclEntry('simple_0', [b, b], [area], [answer]).error).toMatch(/expected one call/);
    expect([bfclCategory('simple_0'), bfclCategory('parallel_multiple_12'), bfclCategory('multiple_4')]).toEqual([
      'simple',
      'parallel_multiple',
      'multiple',
    ]);
  });
});
