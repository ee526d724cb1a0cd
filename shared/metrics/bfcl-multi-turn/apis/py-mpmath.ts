/**
 * The part of mpmath that BFCL's `MathAPI.logarithm` reaches: `mp.dps = n`, `log(value) /
 * log(base)` at that precision, and `repr` of the result (`mpf('2.0')`,
 * `mpc(real='0.0', imag='1.3643761')`). Numbers are binary floats with a BigInt mantissa,
 * each operation rounded to the nearest `prec` bits, ties to even, as mpmath rounds them.
 */

/** A finite binary float `(-1)^negative * man * 2^exp` (man odd, or 0 for zero), or inf / nan. */
export type Mpf =
  | { kind: 'finite'; negative: boolean; man: bigint; exp: number }
  | { kind: 'inf'; negative: boolean }
  | { kind: 'nan' };

const LOG2_10 = 3.3219280948873626;

/** mpmath's `dps_to_prec`: bits for `dps` decimal digits (Python's round: ties to even). */
export function dpsToPrec(dps: number): number {
  const x = (dps + 1) * LOG2_10;
  const floor = Math.floor(x);
  const rounded = x - floor === 0.5 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(x);
  return Math.max(1, rounded);
}

const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

/**
 * A finite value `man * 2^exp` rounded to `prec` bits: to nearest, ties to even (`sticky` says
 * bits below were already cut), or toward zero (`down`, mpmath's default inside its own helpers).
 */
function roundTo(negative: boolean, man: bigint, exp: number, prec: number, sticky = false, down = false): Mpf {
  if (man === 0n) return ZERO;
  let m = man;
  let e = exp;
  const extra = bitLength(m) - prec;
  if (extra > 0) {
    const half = 1n << BigInt(extra - 1);
    const rest = m & ((1n << BigInt(extra)) - 1n);
    m >>= BigInt(extra);
    e += extra;
    if (!down && (rest > half || (rest === half && (sticky || (m & 1n) === 1n)))) m += 1n;
  }
  while (m !== 0n && (m & 1n) === 0n) {
    m >>= 1n;
    e++;
  }
  return { kind: 'finite', negative, man: m, exp: e };
}

/** The exact value of a JS double (or integer) as an Mpf. */
export function fromNumber(x: number): Mpf {
  if (Number.isNaN(x)) return { kind: 'nan' };
  if (!Number.isFinite(x)) return { kind: 'inf', negative: x < 0 };
  if (x === 0) return { kind: 'finite', negative: false, man: 0n, exp: 0 };
  let m = Math.abs(x);
  let e = 0;
  while (!Number.isInteger(m)) {
    m *= 2;
    e--;
  }
  return roundTo(x < 0, BigInt(m), e, Infinity);
}

/** mpmath's `from_str` for a decimal literal, rounded to `prec` bits; null for any other text. */
export function fromDecimalString(text: string, prec: number): Mpf | null {
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?\s*$/i.exec(text);
  if (!match || !(match[2] || match[3])) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const man = BigInt(`${whole}${fraction}` || '0');
  const exp10 = Number(exponent) - fraction.length;
  const negative = sign === '-';
  if (exp10 >= 0) return roundTo(negative, man * 10n ** BigInt(exp10), 0, prec);
  const quotient = divide(roundTo(false, man, 0, Infinity), roundTo(false, 10n ** BigInt(-exp10), 0, Infinity), prec);
  return quotient.kind === 'finite' ? { ...quotient, negative: negative && quotient.man !== 0n } : quotient;
}

// --- fixed-point series: values are integers scaled by 2^bits ---

/** atanh(p/q) * 2^bits, for |p/q| well below 1 (summed on |p| so shifts truncate toward zero). */
function atanhFixed(p: bigint, q: bigint, bits: number): bigint {
  const one = 1n << BigInt(bits);
  const z = ((p < 0n ? -p : p) * one) / q;
  const z2 = (z * z) >> BigInt(bits);
  let power = z;
  let sum = 0n;
  for (let k = 1n; power !== 0n; k += 2n) {
    sum += power / k;
    power = (power * z2) >> BigInt(bits);
  }
  return p < 0n ? -sum : sum;
}

const ln2Fixed = (bits: number) => 2n * atanhFixed(1n, 3n, bits);

/** atan(1/n) * 2^bits. */
function acotFixed(n: bigint, bits: number): bigint {
  const one = 1n << BigInt(bits);
  let term = one / n;
  let sum = 0n;
  const n2 = n * n;
  for (let k = 1n, sign = 1n; term !== 0n; k += 2n, sign = -sign) {
    sum += (sign * term) / k;
    term /= n2;
  }
  return sum;
}

/** π rounded to `prec` bits (Machin's formula). */
function pi(prec: number): Mpf {
  const bits = prec + 64;
  const value = 16n * acotFixed(5n, bits) - 4n * acotFixed(239n, bits);
  return roundTo(false, value, -bits, prec, true);
}

/** ln(man * 2^exp) for man > 0, rounded to `prec` bits. */
function lnPositive(man: bigint, exp: number, prec: number): Mpf {
  if (man === 1n && exp === 0) return { kind: 'finite', negative: false, man: 0n, exp: 0 };
  // x = y * 2^k with y in [0.75, 1.5): ln x = 2 atanh((y-1)/(y+1)) + k ln 2.
  const bc = bitLength(man);
  let k = exp + bc; // x = (man / 2^bc) * 2^k, the fraction in [0.5, 1)
  let num = man;
  const den = 1n << BigInt(bc);
  if (num * 4n < den * 3n) {
    num *= 2n;
    k--;
  }
  for (let guard = 64; ; guard *= 2) {
    const bits = prec + guard;
    const value = 2n * atanhFixed(num - den, num + den, bits) + BigInt(k) * ln2Fixed(bits);
    // Enough bits left once the value, not only the fixed-point scale, keeps prec + 32 of them.
    if (value !== 0n && bitLength(value < 0n ? -value : value) > prec + 32)
      return roundTo(value < 0n, value < 0n ? -value : value, -bits, prec, true);
    if (guard > 4096) return { kind: 'finite', negative: false, man: 0n, exp: 0 };
  }
}

/** mpmath's `log(x)` at `prec` bits: a real for x >= 0, else `[real, imag]` (ln|x| and π). */
export function log(x: Mpf, prec: number): Mpf | [Mpf, Mpf] {
  if (x.kind === 'nan') return x;
  if (x.kind === 'inf') return x.negative ? [{ kind: 'inf', negative: false }, pi(prec)] : x;
  if (x.man === 0n) return { kind: 'inf', negative: true };
  const real = lnPositive(x.man, x.exp, prec);
  return x.negative ? [real, pi(prec)] : real;
}

/** mpmath's division, rounded to `prec` bits; a zero divisor raises ZeroDivisionError('') as mpmath does. */
export function divide(a: Mpf, b: Mpf, prec: number): Mpf {
  const zero = (x: Mpf) => x.kind === 'finite' && x.man === 0n;
  if (zero(a)) {
    if (zero(b)) throw new ZeroDivisionError();
    return b.kind === 'nan' ? b : ZERO;
  }
  if (zero(b)) throw new ZeroDivisionError();
  if (a.kind === 'nan' || b.kind === 'nan') return { kind: 'nan' };
  const negative = a.negative !== b.negative;
  if (a.kind === 'inf') return b.kind === 'inf' ? { kind: 'nan' } : { kind: 'inf', negative };
  if (b.kind === 'inf') return ZERO;
  // Enough quotient bits to round, the remainder kept as a last sticky bit.
  const shift = Math.max(0, prec + 3 - (bitLength(a.man) - bitLength(b.man)));
  const scaled = a.man << BigInt(shift);
  const quotient = scaled / b.man;
  const sticky = scaled % b.man !== 0n ? 1n : 0n;
  return roundTo(negative, quotient * 2n + sticky, a.exp - b.exp - shift - 1, prec);
}

const ZERO: Mpf = { kind: 'finite', negative: false, man: 0n, exp: 0 };

/** The exact product of two finite values. */
function multiplyExact(a: Mpf & { kind: 'finite' }, b: Mpf & { kind: 'finite' }): Mpf & { kind: 'finite' } {
  return { kind: 'finite', negative: a.negative !== b.negative, man: a.man * b.man, exp: a.exp + b.exp };
}

/** The sum of two finite values cut toward zero at `prec` bits (mpf_add's default rounding). */
function addRounded(a: Mpf & { kind: 'finite' }, b: Mpf & { kind: 'finite' }, prec: number): Mpf & { kind: 'finite' } {
  const exp = Math.min(a.exp, b.exp);
  const signed = (x: Mpf & { kind: 'finite' }) => (x.negative ? -x.man : x.man) << BigInt(x.exp - exp);
  const sum = signed(a) + signed(b);
  return roundTo(sum < 0n, sum < 0n ? -sum : sum, exp, prec, false, true) as Mpf & { kind: 'finite' };
}

const negate = (x: Mpf & { kind: 'finite' }) => ({ ...x, negative: x.man !== 0n && !x.negative });

/** mpmath's `mpc_div` for finite parts: the products and sums cut at prec + 10 bits, then two divisions. */
export function divideComplex(z: [Mpf, Mpf], w: [Mpf, Mpf], prec: number): [Mpf, Mpf] {
  const parts = [...z, ...w];
  if (!parts.every((x) => x.kind === 'finite')) throw new Error('complex logarithms of infinities are not supported');
  const [a, b, c, d] = parts as (Mpf & { kind: 'finite' })[];
  const wp = prec + 10;
  const magnitude = addRounded(multiplyExact(c!, c!), multiplyExact(d!, d!), wp);
  const real = addRounded(multiplyExact(a!, c!), multiplyExact(b!, d!), wp);
  const imag = addRounded(multiplyExact(b!, c!), negate(multiplyExact(a!, d!)), wp);
  return [divide(real, magnitude, prec), divide(imag, magnitude, prec)];
}

export class ZeroDivisionError extends Error {}

// --- repr ---

const precToDps = (prec: number) => Math.max(1, Math.trunc(Math.round(prec / LOG2_10) - 1));

/** mpmath's `repr_dps`: the digits `repr` shows at `prec` bits. */
function reprDigits(prec: number): number {
  const dps = precToDps(prec);
  return dps === 15 ? 17 : dps + 3;
}

/** mpmath's `to_digits_exp`: about `dps` decimal digits, cut toward zero, and the decimal exponent. */
function digitsAndExponent(man: bigint, exp: number, dps: number): [string, number] {
  const bitprec = Math.trunc(dps * LOG2_10) + 10;
  const fixprec = Math.max(bitprec - exp - bitLength(man), 0);
  const fixdps = Math.trunc(fixprec / LOG2_10 + 0.5);
  const offset = exp + fixprec;
  const fixed = offset >= 0 ? man << BigInt(offset) : man >> BigInt(-offset);
  const digits = ((fixed * 10n ** BigInt(fixdps)) >> BigInt(fixprec)).toString();
  return [digits, digits.length - fixdps - 1];
}

/** mpmath's `to_str(x, dps)` with its defaults. */
function toStr(x: Mpf, dps: number): string {
  if (x.kind === 'nan') return 'nan';
  if (x.kind === 'inf') return x.negative ? '-inf' : '+inf';
  if (x.man === 0n) return '0.0';
  const sign = x.negative ? '-' : '';
  const minFixed = Math.min(-Math.floor(dps / 3), -5);
  let [digits, exponent] = digitsAndExponent(x.man, x.exp, dps + 3);
  if (digits.length > dps && '56789'.includes(digits[dps]!)) {
    digits = digits.slice(0, dps);
    let i = dps - 1;
    while (i >= 0 && digits[i] === '9') i--;
    if (i >= 0) digits = digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(dps - i - 1);
    else {
      digits = '1' + '0'.repeat(dps - 1);
      exponent++;
    }
  } else digits = digits.slice(0, dps);
  let split = 1;
  if (minFixed < exponent && exponent < dps) {
    if (exponent < 0) digits = '0'.repeat(-exponent) + digits;
    else {
      split = exponent + 1;
      if (split > dps) digits += '0'.repeat(split - dps);
    }
    exponent = 0;
  }
  digits = `${digits.slice(0, split)}.${digits.slice(split)}`.replace(/0+$/, '');
  if (digits.endsWith('.')) digits += '0';
  if (exponent === 0) return sign + digits;
  return `${sign}${digits}e${exponent > 0 ? '+' : ''}${exponent}`;
}

/** `repr(mpf)` at `prec` bits. */
export const mpfRepr = (x: Mpf, prec: number) => `mpf('${toStr(x, reprDigits(prec))}')`;

/** `repr(mpc)` at `prec` bits. */
export const mpcRepr = (real: Mpf, imag: Mpf, prec: number) =>
  `mpc(real='${toStr(real, reprDigits(prec))}', imag='${toStr(imag, reprDigits(prec))}')`;

// --- C's pow, correctly rounded (glibc's is; JavaScript's Math.pow is not always) ---

/** e^t * 2^bits for t given as `tm * 2^te`, with |t| below ~746. */
function expFixed(tm: bigint, te: number, bits: number): { man: bigint; exp: number } {
  const scaled = te >= -bits ? tm << BigInt(te + bits) : tm >> BigInt(-(te + bits));
  const ln2 = ln2Fixed(bits);
  // t = k ln2 + r with |r| < ln2, then e^r by its Taylor series.
  const k = scaled / ln2;
  const r = scaled - k * ln2;
  const one = 1n << BigInt(bits);
  let term = one;
  let sum = one;
  for (let n = 1n; term !== 0n; n++) {
    term = (term * r) / (one * n);
    sum += term;
  }
  return { man: sum, exp: Number(k) - bits };
}

/** `x ** y` for finite doubles, x > 0, as the correctly rounded C `pow`; Infinity on overflow. */
export function powPositive(x: number, y: number): number {
  const base = fromNumber(x) as Mpf & { kind: 'finite' };
  const exponent = fromNumber(y) as Mpf & { kind: 'finite' };
  if (exponent.man === 0n || (base.man === 1n && base.exp === 0)) return 1;
  const bits = 160;
  const ln = lnPositive(base.man, base.exp, bits) as Mpf & { kind: 'finite' };
  const sign = ln.negative !== exponent.negative ? -1n : 1n;
  const tm = sign * ln.man * exponent.man;
  const te = ln.exp + exponent.exp;
  const magnitude = bitLength(tm < 0n ? -tm : tm) + te;
  if (magnitude > 11) return sign > 0n ? Infinity : 0; // |t| >= 2048: far beyond a double's range
  const { man, exp } = expFixed(tm, te, bits);
  const rounded = roundTo(false, man, exp, 53) as Mpf & { kind: 'finite' };
  if (rounded.man === 0n) return 0;
  const top = bitLength(rounded.man) + rounded.exp;
  if (top > 1024) return Infinity;
  if (top < -1021) return Math.pow(x, y); // subnormal results: C's rounding differs; not reached by BFCL's numbers
  return Number(rounded.man) * 2 ** rounded.exp;
}

/** A finite value rounded to the nearest double. */
function toDouble(value: Mpf): number {
  if (value.kind !== 'finite') return value.kind === 'nan' ? NaN : value.negative ? -Infinity : Infinity;
  const rounded = roundTo(value.negative, value.man, value.exp, 53) as Mpf & { kind: 'finite' };
  const magnitude = Number(rounded.man) * 2 ** rounded.exp;
  return rounded.negative ? -magnitude : magnitude;
}

/** `[cos(x), sin(x)]` for a finite double, each correctly rounded as glibc's are (V8's may be an ulp off). */
export function cosSin(x: number): [number, number] {
  const bits = 200;
  const angle = fromNumber(x) as Mpf & { kind: 'finite' };
  const shift = angle.exp + bits;
  const scaled = (angle.negative ? -1n : 1n) * (shift >= 0 ? angle.man << BigInt(shift) : angle.man >> BigInt(-shift));
  const one = 1n << BigInt(bits);
  const twoPi = 2n * (16n * acotFixed(5n, bits) - 4n * acotFixed(239n, bits));
  const r = scaled - (scaled / twoPi) * twoPi;
  // Taylor series of cos and sin together: term_n = r^n / n!.
  let cos = 0n;
  let sin = 0n;
  let term = one;
  for (let n = 0n; term !== 0n; n++) {
    const k = n % 4n;
    if (k === 0n) cos += term;
    else if (k === 1n) sin += term;
    else if (k === 2n) cos -= term;
    else sin -= term;
    term = (term * r) / (one * (n + 1n));
  }
  const double = (v: bigint) => toDouble({ kind: 'finite', negative: v < 0n, man: v < 0n ? -v : v, exp: -bits });
  return [double(cos), double(sin)];
}
