import { describe, expect, it } from 'vitest';
import {
  bfclCategory,
  checkBfclCall,
  checkBfclEntry,
  decodeBfclResult,
  judgeBfclResult,
  parseExactJson,
  PyFloat,
  type BfclExpected,
  type BfclFunction,
} from '../../../shared/metrics/bfcl-ast';

// Each case pins one rule of gorilla's bfcl_eval/eval_checker/ast_eval/ast_checker.py; the
// expected verdicts were worked out by hand from that code.
const fn = (properties: BfclFunction['parameters']['properties'], required: string[] = []): BfclFunction => ({
  name: 'f',
  parameters: { type: 'dict', properties, required },
});
const verdict = (args: Record<string, unknown>, f: BfclFunction, answer: Record<string, unknown[]>) =>
  checkBfclCall({ name: 'f', args }, f, { f: answer });
const area = fn({ base: { type: 'integer' }, height: { type: 'integer' }, unit: { type: 'string' } }, [
  'base',
  'height',
]);
const areaAnswer = { base: [10], height: [5], unit: ['units', ''] };
const decoded = (text: string) => {
  const d = decodeBfclResult(text, 'prompt');
  if (!d.ok) throw new Error(d.error);
  return d.calls[0]!;
};

describe('BFCL checker: the leaderboard’s verdicts', () => {
  it('1. a float literal for an integer parameter is type_error:simple (type(value) == int fails for 10.0)', () => {
    const call = decoded('[f(base=10.0, height=5)]');
    expect(call.args.base).toBeInstanceOf(PyFloat);
    expect(checkBfclCall(call, area, { f: areaAnswer })).toMatchObject({
      valid: false,
      errorType: 'type_error:simple',
    });
    // The same number in JSON arguments: json.loads keeps 10.0 a float too.
    const args = parseExactJson('{"base": 10.0, "height": 5}') as Record<string, unknown>;
    expect(verdict(args, area, areaAnswer).errorType).toBe('type_error:simple');
    // An int for a float parameter is promoted (float(value)) and passes.
    expect(verdict({ x: 2 }, fn({ x: { type: 'float' } }), { x: [new PyFloat(2)] }).valid).toBe(true);
  });

  it('2. item types inside arrays are checked one level deep: type_error:nested', () => {
    const floats = fn({ xs: { type: 'array', items: { type: 'float' } } });
    const ints = fn({ xs: { type: 'array', items: { type: 'integer' } } });
    const answerFloats = { xs: [[new PyFloat(1), new PyFloat(2)]] };
    expect(verdict({ xs: [1, 2] }, floats, answerFloats).errorType).toBe('type_error:nested'); // no promotion inside
    expect(verdict({ xs: [new PyFloat(1), new PyFloat(2)] }, floats, answerFloats).valid).toBe(true);
    expect(verdict({ xs: [new PyFloat(1)] }, ints, { xs: [[1]] }).errorType).toBe('type_error:nested');
    // An acceptable value that is not a list ("" for optional) lets any items through.
    expect(verdict({ xs: [1, 2] }, floats, { xs: [[new PyFloat(9)], ''] })).toMatchObject({
      valid: false,
      errorType: 'value_error:list/tuple',
    });
  });

  it('3. strings: spaces and ,./-_*^ removed, lower-cased, \' mapped to "; tabs, newlines and NBSP kept', () => {
    expect(verdict({ base: 10, height: 5, unit: 'U.N-I_T*S^ ' }, area, areaAnswer).valid).toBe(true);
    expect(verdict({ base: 10, height: 5, unit: 'units\t' }, area, areaAnswer)).toMatchObject({
      valid: false,
      errorType: 'value_error:string',
    });
    expect(verdict({ base: 10, height: 5, unit: 'units\n' }, area, areaAnswer).errorType).toBe('value_error:string');
    expect(verdict({ base: 10, height: 5, unit: 'units\u00a0' }, area, areaAnswer).errorType).toBe(
      'value_error:string',
    );
    const quoted = fn({ q: { type: 'string' } });
    expect(verdict({ q: "it's" }, quoted, { q: ['it"s'] }).valid).toBe(true);
  });

  it('4. an optional parameter given "" (or [] for a list) is valid: "" is itself an accepted value', () => {
    expect(verdict({ base: 10, height: 5, unit: '' }, area, areaAnswer).valid).toBe(true);
    const list = fn({ tags: { type: 'array', items: { type: 'string' } } });
    expect(verdict({ tags: [] }, list, { tags: [['a'], ''] }).valid).toBe(true);
    // Left out, it needs "" among the acceptable values.
    expect(verdict({ base: 10, height: 5 }, area, { base: [10], height: [5], unit: ['units'] }).errorType).toBe(
      'simple_function_checker:missing_optional',
    );
  });

  it('5. inside dicts only top-level strings are standardised: strings in lists stay as written (dict_value)', () => {
    const hands = fn({ hands: { type: 'dict' } });
    const answer = { hands: [{ Alex: [['A of spades']] }] };
    expect(verdict({ hands: { Alex: ['A OF SPADES'] } }, hands, answer)).toMatchObject({
      valid: false,
      errorType: 'value_error:dict_value',
    });
    expect(verdict({ hands: { Alex: ['A of spades'] } }, hands, answer).valid).toBe(true);
    expect(
      verdict({ opts: { mode: 'FAST' } }, fn({ opts: { type: 'dict' } }), { opts: [{ mode: ['fast'] }] }).valid,
    ).toBe(true);
  });

  it('6. the "variable" rule: an answer of another type than the schema’s is checked by the answer’s type', () => {
    const s = fn({ flag: { type: 'string' } });
    expect(verdict({ flag: true }, s, { flag: [true] }).valid).toBe(true);
    expect(verdict({ flag: 'true' }, s, { flag: [true] }).errorType).toBe('value_error:others');
    const x = fn({ x: { type: 'float' } });
    expect(verdict({ x: null }, x, { x: [null] }).valid).toBe(true);
    const arr = fn({ data: { type: 'array', items: { type: 'float' } } });
    expect(verdict({ data: "data['sales']" }, arr, { data: ["data['sales']"] }).valid).toBe(true);
    // Compared exactly (no standardisation) once it is a variable.
    expect(verdict({ data: "data['Sales']" }, arr, { data: ["data['sales']"] }).errorType).toBe('value_error:others');
    // The decoder writes a subscript back as text, so the model can name the variable.
    expect(decoded("f(data=data['sales'])").args.data).toBe("data['sales']");
  });

  it('7. parallel calls are paired greedily in answer order; backtracking only when asked', () => {
    const g = fn({ x: { type: 'integer' } }, ['x']);
    const gt: BfclExpected[] = [{ f: { x: [1, 2] } }, { f: { x: [1] } }];
    // Answer 1 takes call 1 (x=1); answer 2 then finds only x=2: cannot_find_match, though x=2→1, x=1→2 would do.
    const calls = [
      { name: 'f', args: { x: 1 } },
      { name: 'f', args: { x: 2 } },
    ];
    expect(checkBfclEntry('parallel_0', calls, [g], gt)).toMatchObject({
      valid: false,
      errorType: 'parallel_function_checker_no_order:cannot_find_match',
    });
    expect(checkBfclEntry('parallel_0', calls, [g], gt, { matching: 'backtracking' }).valid).toBe(true);
    expect(checkBfclEntry('live_parallel_multiple_0-0-0', calls.slice(0, 1), [g], gt).errorType).toBe(
      'parallel_function_checker_no_order:wrong_count',
    );
  });

  it('8. parameters named like Object.prototype members are unexpected_param, never a crash', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const call = decoded(`[f(base=10, height=5, ${name}=1)]`);
      expect(Object.keys(call.args)).toContain(name);
      expect(checkBfclCall(call, area, { f: areaAnswer })).toMatchObject({
        valid: false,
        errorType: 'simple_function_checker:unexpected_param',
      });
    }
    expect(
      checkBfclCall(decoded('[f(base=10)]'), fn({ base: { type: 'integer' } }, ['toString']), { f: { base: [10] } })
        .errorType,
    ).toBe('simple_function_checker:missing_required');
  });
});

describe('BFCL result files as the leaderboard writes them', () => {
  it('decodes prompt-mode text: literals, lists, dicts, tuples, dotted names, 10 and 10.0 apart', () => {
    const d = decodeBfclResult(
      "```\nmath.area(base=10, h=5.0, unit='units', xs=[1, -2], d={'a': (1, 2)}, n=None, b=True)\n```",
      'prompt',
    );
    expect(d.ok && d.calls[0]!.name).toBe('math.area');
    const args = d.ok ? d.calls[0]!.args : {};
    expect(args.base).toBe(10);
    expect(args.h).toEqual(new PyFloat(5));
    expect([args.unit, args.xs, args.n, args.b]).toEqual(['units', [1, -2], null, true]);
    expect(decodeBfclResult('I cannot help with that.', 'prompt').ok).toBe(false);
    // A repeated keyword parses (the error is CPython's compiler's); the decoder keeps the last value.
    expect(decodeBfclResult('[f(a=1, a=2)]', 'prompt')).toMatchObject({ ok: true, calls: [{ args: { a: 2 } }] });
  });

  it('reads function-calling output with --fc, replacing "." with "_" in expected names', () => {
    const dotted: BfclFunction = { ...fn({ x: { type: 'integer' } }, ['x']), name: 'math.f' };
    const d = decodeBfclResult([{ math_f: '{"x": 3}' }], 'fc');
    const gt = [{ 'math.f': { x: [3] } }];
    expect(judgeBfclResult('simple_python_0', d, [dotted], gt, { fc: true })).toEqual({ valid: true });
    expect(judgeBfclResult('simple_python_0', d, [dotted], gt).errorType).toBe(
      'simple_function_checker:wrong_func_name',
    );
    expect(judgeBfclResult('simple_python_0', decodeBfclResult('text answer', 'fc'), [dotted], gt).errorType).toBe(
      'ast_decoder:decoder_failed',
    );
  });

  it('scores irrelevance as "no call made" and names v4 categories', () => {
    const none = decodeBfclResult('I have no tool for that.', 'prompt');
    const made = decodeBfclResult('[f(x=1)]', 'prompt');
    expect(judgeBfclResult('irrelevance_0', none, [], []).valid).toBe(true);
    expect(judgeBfclResult('live_irrelevance_3-0-1', decodeBfclResult('[]', 'prompt'), [], []).valid).toBe(true);
    expect(judgeBfclResult('irrelevance_0', made, [], []).errorType).toBe('irrelevance_error:decoder_success');
    expect(judgeBfclResult('simple_python_0', none, [area], [{ f: areaAnswer }]).errorType).toBe(
      'ast_decoder:decoder_failed',
    );
    expect(['simple_python_0', 'live_simple_0-0-0', 'live_parallel_multiple_2-1-0'].map(bfclCategory)).toEqual([
      'simple_python',
      'live_simple',
      'live_parallel_multiple',
    ]);
  });
});
