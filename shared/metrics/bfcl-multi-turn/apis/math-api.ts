import { defineApiClass, PyError, type BfclApi } from '../api';
import { add, float, isFloat, isInt, isNumber, mul, num, pyStr, round, sub, truediv } from '../py-num';
import { floatRepr, isDict, pyEquals, PyFloat, PyOther, pyRepr, PyTuple, pyType } from '../../bfcl/values';
import { decimalFromNumber, decimalRepr, decimalSqrt } from './py-decimal';
import * as mp from './py-mpmath';
import { compareCodePoints, pyTruthy } from './py-str';

/**
 * BFCL's MathAPI: stateless arithmetic whose results are Python's, including the int / float
 * split, mpmath's `mpf('…')` for `logarithm` and Decimal's `Decimal('…')` for `square_root`
 * (which `json.dumps` can't write, so the leaderboard shows the dict's `str`).
 */
export class MathApi implements BfclApi {
  loadScenario() {}
  publicState() {
    return {};
  }
}

/**
 * Python's `int` beyond 2^53 can't be a JS number (it would print rounded): kept as its digits,
 * which `str` writes right but `json.dumps` refuses until values.ts knows big ints.
 */
function intValue(n: bigint): number | PyOther {
  return Number.isSafeInteger(Number(n)) && BigInt(Number(n)) === n ? Number(n) : new PyOther('int', n.toString());
}

const isIntLike = (v: unknown): v is number | boolean => isInt(v) || typeof v === 'boolean';

/** `a + b`, `a - b`, `a * b` on numbers: ints exactly, floats as doubles. */
function arithmetic(op: '+' | '-' | '*', a: unknown, b: unknown): unknown {
  if (isIntLike(a) && isIntLike(b)) {
    const [x, y] = [BigInt(num(a)), BigInt(num(b))];
    return intValue(op === '+' ? x + y : op === '-' ? x - y : x * y);
  }
  return op === '+' ? add(a, b) : op === '-' ? sub(a, b) : mul(a, b);
}

/** The items Python's `sum`, `min`, `max` iterate over, or null where it raises TypeError. */
function iterate(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (value instanceof PyTuple) return value.items;
  if (typeof value === 'string') return [...value];
  if (isDict(value)) return Object.keys(value);
  return null;
}

/** Python's `sum(items)`: ints exactly until a float joins; null where it raises TypeError. */
function pySum(items: unknown[]): unknown {
  let total: unknown = 0;
  for (const item of items) {
    if (!isNumber(item)) return null;
    total = arithmetic('+', total, item);
  }
  return total;
}

const OVERFLOW = "(34, 'Numerical result out of range')";

function mean(numbers: unknown) {
  if (!pyTruthy(numbers)) return { error: 'Cannot calculate mean of an empty list' };
  const items = iterate(numbers);
  const total = items && pySum(items);
  if (total === null || total === undefined) return { error: 'All elements in the list must be numbers' };
  return { result: truediv(total, items!.length) };
}

function standardDeviation(numbers: unknown) {
  if (!pyTruthy(numbers)) return { error: 'Cannot calculate standard deviation of an empty list' };
  const items = iterate(numbers);
  const total = items && pySum(items);
  if (total === null || total === undefined) return { error: 'All elements in the list must be numbers' };
  const average = num(truediv(total, items!.length));
  let squares = 0;
  for (const item of items!) {
    const deviation = num(item) - average;
    const square = deviation * deviation;
    if (!Number.isFinite(square) && Number.isFinite(deviation)) throw new PyError(OVERFLOW, 'OverflowError');
    squares += square;
  }
  return { result: new PyFloat(Math.sqrt(squares / items!.length)) };
}

const TO_METERS: Record<string, number | PyFloat> = { km: 1000, m: 1, cm: 0.01, mm: 0.001, um: 1e-6, nm: 1e-9 };

/** `key in dict`: a list or dict key raises TypeError; any other non-str is just absent. */
function lookup<T>(table: Record<string, T>, key: unknown): T | undefined {
  if (Array.isArray(key) || isDict(key)) throw new PyError(`unhashable type: '${pyType(key)}'`, 'TypeError');
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}

function siUnitConversion(value: unknown, unitIn: unknown, unitOut: unknown) {
  if (!isNumber(value)) return { error: 'Value must be a number' };
  const toMeters = lookup(TO_METERS, unitIn);
  const fromFactor = toMeters === undefined ? undefined : lookup(TO_METERS, unitOut);
  if (toMeters === undefined || fromFactor === undefined)
    return { error: `Conversion from '${pyStr(unitIn)}' to '${pyStr(unitOut)}' is not supported` };
  const fromMeters = truediv(1, fromFactor);
  return { result: mul(arithmetic('*', value, toMeters), fromMeters) };
}

const IMPERIAL: Record<string, number> = {
  cm_to_in: 0.393701,
  in_to_cm: 2.54,
  m_to_ft: 3.28084,
  ft_to_m: 0.3048,
  m_to_yd: 1.09361,
  yd_to_m: 0.9144,
  km_to_miles: 0.621371,
  miles_to_km: 1.60934,
  kg_to_lb: 2.20462,
  lb_to_kg: 0.453592,
  celsius_to_fahrenheit: 1.8,
  fahrenheit_to_celsius: 5 / 9,
};

function imperialSiConversion(value: unknown, unitIn: unknown, unitOut: unknown) {
  if (!isNumber(value)) return { error: 'Value must be a number' };
  if (pyEquals(unitIn, unitOut)) return { result: value };
  const key = `${pyStr(unitIn)}_to_${pyStr(unitOut)}`;
  if (!Object.hasOwn(IMPERIAL, key))
    return { error: `Conversion from '${pyStr(unitIn)}' to '${pyStr(unitOut)}' is not supported` };
  const factor = new PyFloat(IMPERIAL[key]!);
  if (unitIn === 'celsius' && unitOut === 'fahrenheit') return { result: add(mul(value, factor), 32) };
  if (unitIn === 'fahrenheit' && unitOut === 'celsius') return { result: mul(arithmetic('-', value, 32), factor) };
  return { result: mul(value, factor) };
}

const BOTH_NUMBERS = { error: 'Both inputs must be numbers' };

/** Python's `+`, which also joins two strs, two lists or two tuples. */
function addValues(a: unknown, b: unknown) {
  if (isNumber(a) && isNumber(b)) return { result: arithmetic('+', a, b) };
  if (typeof a === 'string' && typeof b === 'string') return { result: a + b };
  if (Array.isArray(a) && Array.isArray(b)) return { result: [...a, ...b] };
  if (a instanceof PyTuple && b instanceof PyTuple) return { result: new PyTuple([...a.items, ...b.items]) };
  return BOTH_NUMBERS;
}

function divideValues(a: unknown, b: unknown) {
  if (pyEquals(b, 0)) return { error: 'Cannot divide by zero' };
  if (!isNumber(a) || !isNumber(b)) return BOTH_NUMBERS;
  return { result: truediv(a, b) };
}

/** `repr(complex)`: parts without a forced `.0`, the imaginary one always signed. */
function complexRepr(real: number, imag: number): string {
  const part = (x: number) => floatRepr(x).replace(/\.0$/, '');
  const imagText = `${part(imag)}j`;
  if (real === 0 && !Object.is(real, -0)) return imagText;
  const signed = imag < 0 || Object.is(imag, -0);
  return `(${part(real)}${signed ? '' : '+'}${imagText})`;
}

/** Python's `base ** exponent` on ints and floats. */
function power(base: unknown, exponent: unknown): unknown {
  if (isIntLike(base) && isIntLike(exponent) && num(exponent) >= 0)
    return intValue(BigInt(num(base)) ** BigInt(num(exponent)));
  const [x, y] = [num(base), num(exponent)];
  if (y === 0) return new PyFloat(1);
  if (x === 0 && y < 0) throw new PyError('0.0 cannot be raised to a negative power', 'ZeroDivisionError');
  if (x === 0) return new PyFloat(Math.pow(x, y));
  if (x < 0 && !Number.isInteger(y)) {
    // Python turns to complex: |x|^y at the angle π·y.
    const length = mp.powPositive(-x, y);
    const phase = Math.atan2(0, x) * y;
    const [cos, sin] = mp.cosSin(phase);
    const [real, imag] = [length * cos, length * sin];
    if (!Number.isFinite(real) || !Number.isFinite(imag)) throw new PyError('complex exponentiation', 'OverflowError');
    return new PyOther('complex', complexRepr(real, imag));
  }
  const magnitude = mp.powPositive(Math.abs(x), y);
  const odd = x < 0 && Math.abs(y) < 2 ** 53 && Math.abs(y) % 2 === 1;
  const result = odd ? -magnitude : magnitude;
  if (!Number.isFinite(result) && Number.isFinite(x) && Number.isFinite(y))
    throw new PyError(OVERFLOW, 'OverflowError');
  return new PyFloat(result);
}

function powerValues(base: unknown, exponent: unknown) {
  if (!isNumber(base) || !isNumber(exponent)) return BOTH_NUMBERS;
  return { result: power(base, exponent) };
}

/** Python's `int(value)` for mpmath's `mp.dps = value`. */
function pyInt(value: unknown): number {
  if (isNumber(value)) return Math.trunc(num(value));
  if (typeof value === 'string') {
    const text = value.trim().replace(/_/g, '');
    if (/^[+-]?\d+$/.test(text)) return Number(text);
    throw new PyError(`invalid literal for int() with base 10: ${pyRepr(value)}`, 'ValueError');
  }
  throw new PyError(
    `int() argument must be a string, a bytes-like object or a real number, not '${pyType(value)}'`,
    'TypeError',
  );
}

/** mpmath's conversion of a `log` argument: ints and floats exactly, a numeric str rounded to `prec`. */
function toMpf(value: unknown, prec: number): mp.Mpf {
  if (isNumber(value)) return mp.fromNumber(num(value));
  const parsed = typeof value === 'string' ? mp.fromDecimalString(value, prec) : null;
  if (parsed) return parsed;
  throw new PyError(`cannot create mpf from ${pyRepr(value)}`, 'TypeError');
}

function logarithm(value: unknown, base: unknown, precision: unknown) {
  try {
    const prec = mp.dpsToPrec(pyInt(precision));
    const top = mp.log(toMpf(value, prec), prec);
    const bottom = mp.log(toMpf(base, prec), prec);
    if (!Array.isArray(top) && !Array.isArray(bottom))
      return { result: new PyOther('mpf', mp.mpfRepr(mp.divide(top, bottom, prec), prec)) };
    const [re, im] = Array.isArray(bottom)
      ? mp.divideComplex(Array.isArray(top) ? top : [top, mp.fromNumber(0)], bottom, prec)
      : [mp.divide((top as [mp.Mpf, mp.Mpf])[0], bottom, prec), mp.divide((top as [mp.Mpf, mp.Mpf])[1], bottom, prec)];
    return { result: new PyOther('mpc', mp.mpcRepr(re, im, prec)) };
  } catch (error) {
    if (error instanceof mp.ZeroDivisionError) return { error: '' };
    if (error instanceof PyError) return { error: error.message };
    throw error;
  }
}

// decimal's MAX_PREC on 64-bit builds.
const MAX_PREC = 999_999_999_999_999_999n;

function squareRoot(number: unknown, precision: unknown) {
  const invalid = { error: 'Input must be a number or computation resulted in an invalid operation' };
  if (!isNumber(number)) return invalid;
  if (num(number) < 0) return { error: 'Cannot calculate square root of a negative number' };
  if (!isIntLike(precision)) return invalid;
  const digits = num(precision);
  if (digits < 1 || BigInt(digits) > MAX_PREC) throw new PyError('valid range for prec is [1, MAX_PREC]', 'ValueError');
  const root = decimalSqrt(decimalFromNumber(num(number)), digits);
  return { result: new PyOther('Decimal', decimalRepr(root)) };
}

function roundNumber(number: unknown, places: unknown) {
  const wrong = { error: 'First input must be a number, second input must be an integer' };
  if (!isNumber(number) || !(places === null || isIntLike(places))) return wrong;
  if (places === null) return { result: typeof number === 'boolean' ? Number(number) : round(number) };
  return { result: round(typeof number === 'boolean' ? Number(number) : number, num(places)) };
}

function percentage(part: unknown, whole: unknown) {
  if (pyEquals(whole, 0)) return { error: 'Whole value cannot be zero' };
  if (!isNumber(part) || !isNumber(whole)) return BOTH_NUMBERS;
  return { result: mul(truediv(part, whole), 100) };
}

/** Python's `<` between two items of a list given to min / max; null where it raises TypeError. */
function less(a: unknown, b: unknown): boolean | null {
  if (isNumber(a) && isNumber(b)) return num(a) < num(b);
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b) < 0;
  return null;
}

function extreme(numbers: unknown, which: 'minimum' | 'maximum') {
  if (!pyTruthy(numbers)) return { error: `Cannot find ${which} of an empty list` };
  const items = iterate(numbers);
  if (!items) return { error: 'All elements in the list must be numbers' };
  let best = items[0];
  for (const item of items.slice(1)) {
    const better = which === 'minimum' ? less(item, best) : less(best, item);
    if (better === null) return { error: 'All elements in the list must be numbers' };
    if (better) best = item;
  }
  return { result: best };
}

function sumValues(numbers: unknown) {
  if (!pyTruthy(numbers)) return { error: 'Cannot calculate sum of an empty list' };
  const items = iterate(numbers);
  const total = items && pySum(items);
  if (total === null || total === undefined) return { error: 'All elements in the list must be numbers' };
  return { result: total };
}

const required = (name: string) => ({ name });

export const mathApi = defineApiClass<MathApi>({
  name: 'MathAPI',
  stateless: true,
  create: () => new MathApi(),
  methods: {
    logarithm: {
      params: [required('value'), required('base'), required('precision')],
      run: (_, a) => logarithm(a.value, a.base, a.precision),
    },
    mean: { params: [required('numbers')], run: (_, a) => mean(a.numbers) },
    standard_deviation: { params: [required('numbers')], run: (_, a) => standardDeviation(a.numbers) },
    si_unit_conversion: {
      params: [required('value'), required('unit_in'), required('unit_out')],
      run: (_, a) => siUnitConversion(a.value, a.unit_in, a.unit_out),
    },
    imperial_si_conversion: {
      params: [required('value'), required('unit_in'), required('unit_out')],
      run: (_, a) => imperialSiConversion(a.value, a.unit_in, a.unit_out),
    },
    add: { params: [required('a'), required('b')], run: (_, a) => addValues(a.a, a.b) },
    subtract: {
      params: [required('a'), required('b')],
      run: (_, a) => (isNumber(a.a) && isNumber(a.b) ? { result: arithmetic('-', a.a, a.b) } : BOTH_NUMBERS),
    },
    multiply: {
      params: [required('a'), required('b')],
      run: (_, a) => (isNumber(a.a) && isNumber(a.b) ? { result: arithmetic('*', a.a, a.b) } : BOTH_NUMBERS),
    },
    divide: { params: [required('a'), required('b')], run: (_, a) => divideValues(a.a, a.b) },
    power: { params: [required('base'), required('exponent')], run: (_, a) => powerValues(a.base, a.exponent) },
    square_root: {
      params: [required('number'), required('precision')],
      run: (_, a) => squareRoot(a.number, a.precision),
    },
    absolute_value: {
      params: [required('number')],
      run: (_, a) =>
        isNumber(a.number)
          ? { result: isFloat(a.number) ? float(Math.abs(num(a.number))) : Math.abs(num(a.number)) }
          : { error: 'Input must be a number' },
    },
    round_number: {
      params: [required('number'), { name: 'decimal_places', default: 0 }],
      run: (_, a) => roundNumber(a.number, a.decimal_places),
    },
    percentage: { params: [required('part'), required('whole')], run: (_, a) => percentage(a.part, a.whole) },
    min_value: { params: [required('numbers')], run: (_, a) => extreme(a.numbers, 'minimum') },
    max_value: { params: [required('numbers')], run: (_, a) => extreme(a.numbers, 'maximum') },
    sum_values: { params: [required('numbers')], run: (_, a) => sumValues(a.numbers) },
  },
});
