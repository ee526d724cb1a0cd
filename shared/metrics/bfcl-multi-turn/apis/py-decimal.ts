/**
 * The part of Python's `decimal` that BFCL's `MathAPI.square_root` reaches: `Decimal(x)` of an
 * int or float (exact), `.sqrt()` at the context's precision (ties to even, exact results at the
 * ideal exponent), and `repr` (`Decimal('3.1623')`, `Decimal('1.00E+10')`).
 */

/** `(-1)^negative * coefficient * 10^exp`, as Python's Decimal keeps it (trailing zeros kept). */
export interface PyDecimal {
  negative: boolean;
  coefficient: bigint;
  exp: number;
}

/** `Decimal(x)` for an int or a float: the float's exact binary value. */
export function decimalFromNumber(x: number): PyDecimal {
  const negative = x < 0 || Object.is(x, -0);
  let m = Math.abs(x);
  let twos = 0;
  while (!Number.isInteger(m)) {
    m *= 2;
    twos++;
  }
  // m / 2^twos with m odd when twos > 0: equal to m * 5^twos / 10^twos.
  return { negative, coefficient: BigInt(m) * 5n ** BigInt(twos), exp: -twos };
}

const digitCount = (n: bigint) => n.toString().length;

/** Rounds to `prec` digits, ties to even (Decimal's `_fix` under ROUND_HALF_EVEN). */
function fix(d: PyDecimal, prec: number): PyDecimal {
  const excess = digitCount(d.coefficient) - prec;
  if (excess <= 0) return d;
  const unit = 10n ** BigInt(excess);
  let kept = d.coefficient / unit;
  const rest = d.coefficient % unit;
  const half = unit / 2n;
  if (rest > half || (rest === half && kept % 2n === 1n)) kept += 1n;
  let exp = d.exp + excess;
  if (digitCount(kept) > prec) {
    kept /= 10n;
    exp++;
  }
  return { negative: d.negative, coefficient: kept, exp };
}

/** `Decimal.sqrt()` at `prec` digits for a value >= 0 (the caller turns away negatives). */
export function decimalSqrt(d: PyDecimal, prec: number): PyDecimal {
  if (d.coefficient === 0n) return fix({ negative: d.negative, coefficient: 0n, exp: Math.floor(d.exp / 2) }, prec);
  const work = prec + 1;
  let e = d.exp >> 1;
  let c = d.coefficient;
  const digits = digitCount(c);
  let l: number;
  if (d.exp & 1) {
    c *= 10n;
    l = (digits >> 1) + 1;
  } else l = (digits + 1) >> 1;
  const shift = work - l;
  let exact: boolean;
  if (shift >= 0) {
    c *= 100n ** BigInt(shift);
    exact = true;
  } else {
    const unit = 100n ** BigInt(-shift);
    exact = c % unit === 0n;
    c /= unit;
  }
  e -= shift;
  let n = 10n ** BigInt(work);
  for (;;) {
    const q = c / n;
    if (n <= q) break;
    n = (n + q) >> 1n;
  }
  exact = exact && n * n === c;
  if (exact) {
    if (shift >= 0) n /= 10n ** BigInt(shift);
    else n *= 10n ** BigInt(-shift);
    e += shift;
  } else if (n % 5n === 0n) n += 1n;
  return fix({ negative: false, coefficient: n, exp: e }, prec);
}

/** `str(Decimal)`: plain notation while the exponent allows, else `d.dddE+n`. */
export function decimalStr(d: PyDecimal): string {
  const digits = d.coefficient.toString();
  const leftDigits = d.exp + digits.length;
  const dotPlace = d.exp <= 0 && leftDigits > -6 ? leftDigits : 1;
  let whole: string;
  let fraction: string;
  if (dotPlace <= 0) {
    whole = '0';
    fraction = `.${'0'.repeat(-dotPlace)}${digits}`;
  } else if (dotPlace >= digits.length) {
    whole = digits + '0'.repeat(dotPlace - digits.length);
    fraction = '';
  } else {
    whole = digits.slice(0, dotPlace);
    fraction = `.${digits.slice(dotPlace)}`;
  }
  const exponent = leftDigits === dotPlace ? '' : `E${leftDigits - dotPlace >= 0 ? '+' : ''}${leftDigits - dotPlace}`;
  return `${d.negative ? '-' : ''}${whole}${fraction}${exponent}`;
}

export const decimalRepr = (d: PyDecimal) => `Decimal('${decimalStr(d)}')`;
