import { describe, expect, it } from 'vitest';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';

// Every expected string below was printed by the leaderboard's MathAPI (bfcl_eval,
// func_source_code/math_api.py, mpmath 1.3.0) run through its execute_multi_turn_func_call, CPython 3.11.

const run = (call: string) => new BfclWorld(['MathAPI'], {}, false).execute([call])[0];

const CASES: Record<string, [call: string, printed: string][]> = {
  "logarithm: mpmath at the asked digits, shown as mpf/mpc's repr (json.dumps can't write them)": [
    ['logarithm(value=36.0, base=6.0, precision=4)', "{'result': mpf('2.0')}"],
    ['logarithm(value=980.0, base=20, precision=10)', "{'result': mpf('2.299121531134')}"],
    [
      'logarithm(value=5, base=10, precision=50)',
      "{'result': mpf('0.69897000433601880478626110527550697323181011853789122')}",
    ],
    ['logarithm(value=2, base=10, precision=15)', "{'result': mpf('0.30102999566398114')}"],
    ['logarithm(value=1e300, base=10, precision=15)', "{'result': mpf('299.99999999999994')}"],
    ['logarithm(value=-1, base=10, precision=5)', "{'result': mpc(real='0.0', imag='1.3643761')}"],
    ['logarithm(value=0, base=10, precision=5)', "{'result': mpf('-inf')}"],
    ['logarithm(value=5, base=1, precision=5)', '{"error": ""}'],
    ["logarithm(value='5', base=10, precision=5)", "{'result': mpf('0.69896984')}"],
    ["logarithm(value=5, base=10, precision='a')", '{"error": "invalid literal for int() with base 10: \'a\'"}'],
    ['logarithm(value=10, base=-2, precision=5)', "{'result': mpc(real='0.15420485', imag='-0.69891262')}"],
  ],
  'mean: a float, and its two errors': [
    ['mean(numbers=[3, 16, 60])', '{"result": 26.333333333333332}'],
    ['mean([37])', '{"result": 37.0}'],
    ['mean(numbers=[])', '{"error": "Cannot calculate mean of an empty list"}'],
    ["mean(numbers=[1, 'a'])", '{"error": "All elements in the list must be numbers"}'],
  ],
  "standard_deviation: a float; Python's OverflowError when a square overflows": [
    ['standard_deviation(numbers=[100, 95, 85, 90, 88, 92])', '{"result": 4.85340659285368}'],
    ['standard_deviation(numbers=[1e200, -1e200])', "Error during execution: (34, 'Numerical result out of range')"],
    ['standard_deviation(numbers=[])', '{"error": "Cannot calculate standard deviation of an empty list"}'],
  ],
  'si_unit_conversion: always a float; a list unit fails on its hash': [
    ["si_unit_conversion(value=5, unit_in='km', unit_out='m')", '{"result": 5000.0}'],
    ["si_unit_conversion(value=5, unit_in='um', unit_out='nm')", '{"result": 4999.999999999999}'],
    ["si_unit_conversion(value='5', unit_in='km', unit_out='m')", '{"error": "Value must be a number"}'],
    [
      "si_unit_conversion(value=5, unit_in='km', unit_out='inch')",
      '{"error": "Conversion from \'km\' to \'inch\' is not supported"}',
    ],
    ["si_unit_conversion(value=5, unit_in=['km'], unit_out='m')", "Error during execution: unhashable type: 'list'"],
  ],
  'imperial_si_conversion: temperatures by formula, the same unit returns the value as it came': [
    ["imperial_si_conversion(value=100, unit_in='celsius', unit_out='fahrenheit')", '{"result": 212.0}'],
    ["imperial_si_conversion(value=212, unit_in='fahrenheit', unit_out='celsius')", '{"result": 100.0}'],
    ["imperial_si_conversion(value=3, unit_in='m', unit_out='m')", '{"result": 3}'],
    [
      "imperial_si_conversion(value=3, unit_in='m', unit_out='kelvin')",
      '{"error": "Conversion from \'m\' to \'kelvin\' is not supported"}',
    ],
    ["imperial_si_conversion(value=10, unit_in='miles', unit_out='km')", '{"result": 16.0934}'],
  ],
  'add: ints stay ints, strs join': [
    ['add(a=2, b=3)', '{"result": 5}'],
    ['add(a=0.1, b=0.2)', '{"result": 0.30000000000000004}'],
    ["add(a='ab', b='cd')", '{"result": "abcd"}'],
    ['add(a=1, b=None)', '{"error": "Both inputs must be numbers"}'],
  ],
  subtract: [
    ['subtract(a=10, b=2.5)', '{"result": 7.5}'],
    ["subtract(a='a', b=1)", '{"error": "Both inputs must be numbers"}'],
  ],
  'multiply: a bool counts as an int': [
    ['multiply(a=3, b=4)', '{"result": 12}'],
    ['multiply(a=2.5, b=2)', '{"result": 5.0}'],
    ['multiply(a=True, b=7)', '{"result": 7}'],
    ["multiply(a='3', b=4)", '{"error": "Both inputs must be numbers"}'],
  ],
  'divide: always a float': [
    ['divide(a=7, b=2)', '{"result": 3.5}'],
    ['divide(a=8, b=4)', '{"result": 2.0}'],
    ['divide(a=1, b=0)', '{"error": "Cannot divide by zero"}'],
    ["divide(a='x', b=2)", '{"error": "Both inputs must be numbers"}'],
  ],
  "power: ints exact, C's pow for floats, complex for a negative base": [
    ['power(base=2, exponent=10)', '{"result": 1024}'],
    ['power(base=2, exponent=-2)', '{"result": 0.25}'],
    ['power(base=10, exponent=2.5)', '{"result": 316.22776601683796}'],
    ['power(base=-8, exponent=1/3)', "{'result': (1.0000000000000002+1.7320508075688772j)}"],
    ['power(base=0, exponent=-1)', 'Error during execution: 0.0 cannot be raised to a negative power'],
    ['power(base=10.0, exponent=400)', "Error during execution: (34, 'Numerical result out of range')"],
  ],
  'square_root: Decimal at the asked digits, exact roots at the ideal exponent': [
    ['square_root(number=10, precision=5)', "{'result': Decimal('3.1623')}"],
    ['square_root(number=16, precision=5)', "{'result': Decimal('4')}"],
    ['square_root(number=1e-20, precision=5)', "{'result': Decimal('1.0000E-10')}"],
    ['square_root(number=1e20, precision=3)', "{'result': Decimal('1.00E+10')}"],
    ['square_root(number=-4, precision=5)', '{"error": "Cannot calculate square root of a negative number"}'],
    ['square_root(number=10, precision=0)', 'Error during execution: valid range for prec is [1, MAX_PREC]'],
    [
      'square_root(number=10, precision=2.5)',
      '{"error": "Input must be a number or computation resulted in an invalid operation"}',
    ],
  ],
  absolute_value: [
    ['absolute_value(number=-3)', '{"result": 3}'],
    ['absolute_value(number=-2.5)', '{"result": 2.5}'],
    ["absolute_value(number='x')", '{"error": "Input must be a number"}'],
  ],
  "round_number: Python's round, ties to even, int without places": [
    ['round_number(number=2.675, decimal_places=2)', '{"result": 2.67}'],
    ['round_number(number=2.5)', '{"result": 2.0}'],
    ['round_number(number=25, decimal_places=-1)', '{"result": 20}'],
    ['round_number(number=2.5, decimal_places=None)', '{"result": 2}'],
    [
      'round_number(number=2.5, decimal_places=1.0)',
      '{"error": "First input must be a number, second input must be an integer"}',
    ],
  ],
  percentage: [
    ['percentage(part=1, whole=3)', '{"result": 33.33333333333333}'],
    ['percentage(part=1, whole=0)', '{"error": "Whole value cannot be zero"}'],
  ],
  'min_value: the first smallest item, strs compared as strs': [
    ['min_value(numbers=[3, 1.0, 1, 2])', '{"result": 1.0}'],
    ["min_value(numbers=['b', 'a'])", '{"result": "a"}'],
    ["min_value(numbers=[1, 'a'])", '{"error": "All elements in the list must be numbers"}'],
    ['min_value(numbers=[])', '{"error": "Cannot find minimum of an empty list"}'],
  ],
  max_value: [
    ['max_value(numbers=[3, 7.5, 7.5])', '{"result": 7.5}'],
    ['max_value(numbers=5)', '{"error": "All elements in the list must be numbers"}'],
  ],
  'sum_values: left to right, as CPython 3.11 sums': [
    ['sum_values(numbers=[1, 2, 3])', '{"result": 6}'],
    ['sum_values(numbers=[0.1, 0.2, 0.3])', '{"result": 0.6000000000000001}'],
    ['sum_values(numbers=[])', '{"error": "Cannot calculate sum of an empty list"}'],
  ],
};

describe('MathAPI, as the leaderboard runs it', () => {
  for (const [title, cases] of Object.entries(CASES))
    it(title, () => {
      for (const [call, printed] of cases) expect([call, run(call)]).toEqual([call, printed]);
    });
});

describe('MathAPI keeps no state', () => {
  it('has nothing for the state checker to compare', () => {
    const world = new BfclWorld(['MathAPI'], {}, false);
    world.execute(['logarithm(value=5, base=10, precision=50)', 'square_root(number=2, precision=40)']);
    expect(world.instances.get('MathAPI')!.publicState()).toEqual({});
  });
});
