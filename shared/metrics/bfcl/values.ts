/**
 * Values as the BFCL checker sees them: Python's types, not JavaScript's. An integer-valued JS
 * number is an `int`, a `PyFloat` (or any non-integer number) a `float`, so `10` and `10.0`
 * stay apart once decoded from text.
 */

/** A float written as such (`10.0`, `1e3`), kept apart from an int of the same value. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A Python tuple (`(1, 2)`): equal to another tuple, never to a list. */
export class PyTuple {
  constructor(readonly items: unknown[]) {}
}

/** A decoded value of a type the checker never expects (bytes, complex): only equal to itself. */
export class PyOther {
  constructor(
    readonly typeName: string,
    readonly repr: string,
  ) {}
}

export type PyTypeName = 'str' | 'int' | 'float' | 'bool' | 'NoneType' | 'list' | 'tuple' | 'dict' | string;

/** Own-property lookups only: a parameter named `constructor` or `__proto__` is just a name. */
export const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

export const getOwn = (object: Record<string, unknown>, key: string): unknown =>
  hasOwn(object, key) ? object[key] : undefined;

/** Sets an own property, even for `__proto__`. */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

export const isDict = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof PyFloat || v instanceof PyTuple || v instanceof PyOther);

/** Python's `type(value).__name__`. */
export function pyType(v: unknown): PyTypeName {
  if (typeof v === 'string') return 'str';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  if (v === null || v === undefined) return 'NoneType';
  if (v instanceof PyFloat) return 'float';
  if (v instanceof PyTuple) return 'tuple';
  if (v instanceof PyOther) return v.typeName;
  if (Array.isArray(v)) return 'list';
  return 'dict';
}

/** The numeric value of an int, float or bool (Python compares them by value: `True == 1 == 1.0`). */
function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof PyFloat) return v.value;
  return undefined;
}

/** Python's `==`. */
export function pyEquals(a: unknown, b: unknown): boolean {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== undefined || y !== undefined) return x === y;
  const ta = pyType(a);
  if (ta !== pyType(b)) return false;
  if (ta === 'str' || ta === 'NoneType') return a === b || (a == null && b == null);
  if (a instanceof PyOther) return a.repr === (b as PyOther).repr;
  if (a instanceof PyTuple) return sameItems(a.items, (b as PyTuple).items);
  if (Array.isArray(a)) return sameItems(a, b as unknown[]);
  const da = a as Record<string, unknown>;
  const db = b as Record<string, unknown>;
  const keys = Object.keys(da);
  return keys.length === Object.keys(db).length && keys.every((k) => hasOwn(db, k) && pyEquals(da[k], db[k]));
}

const sameItems = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((v, i) => pyEquals(v, b[i]));

/** Python's `value in options` for a list. */
export const pyIn = (value: unknown, options: readonly unknown[]) => options.some((o) => pyEquals(value, o));

/** Python's `repr(float)`: `10.0`, `1e-07`, `1.5e+16`. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const abs = Math.abs(x);
  if (abs !== 0 && (abs >= 1e16 || abs < 1e-4)) {
    const [mantissa, exponent] = x.toExponential().split('e') as [string, string];
    const sign = exponent.startsWith('-') ? '-' : '+';
    return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
  }
  if (Object.is(x, -0)) return '-0.0';
  return Number.isInteger(x) ? `${x}.0` : String(x);
}

/** Characters `str.isprintable()` refuses (the space aside), which `repr` writes as escapes. */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

const REPR_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Python's `repr(str)`: single quotes unless the text holds one and no double quote; the backslash,
 * the quote, tab, newline and return escaped, and every other character that is not printable
 * written as its code in hex (`\x07`, `\xa0`, `\u2028`, `\U000e0001`).
 */
export function stringRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = Array.from(s, (c) => {
    if (c === quote) return `\\${c}`;
    if (hasOwn(REPR_ESCAPES, c)) return REPR_ESCAPES[c];
    if (c === ' ' || !NOT_PRINTABLE.test(c)) return c;
    const cp = c.codePointAt(0)!;
    const hex = cp.toString(16);
    if (cp < 0x100) return `\\x${hex.padStart(2, '0')}`;
    return cp < 0x10000 ? `\\u${hex.padStart(4, '0')}` : `\\U${hex.padStart(8, '0')}`;
  });
  return quote + body.join('') + quote;
}

/** Python's `repr(value)`, for messages a user compares with the leaderboard's. */
export function pyRepr(v: unknown): string {
  if (typeof v === 'string') return stringRepr(v);
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : floatRepr(v);
  if (v === null || v === undefined) return 'None';
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (v instanceof PyOther) return v.repr;
  if (v instanceof PyTuple)
    return v.items.length === 1 ? `(${pyRepr(v.items[0])},)` : `(${v.items.map(pyRepr).join(', ')})`;
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${stringRepr(k)}: ${pyRepr(x)}`)
    .join(', ')}}`;
}
