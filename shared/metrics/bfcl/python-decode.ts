import type { BfclCall } from './calls';
import { ELLIPSIS, parsePythonExpression, type PyNode } from './python-expr';
import { PythonSyntaxError } from './python-tokens';
import { unparse } from './python-unparse';
import { PyFloat, PyOther, PyTuple, pyRepr, pyType, setOwn } from './values';

/** A value the leaderboard's decoder cannot turn into data (it raises, so the line fails to decode). */
class Unsupported extends PythonSyntaxError {}

/** Python's `str.strip()` whitespace. */
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const strip = (s: string, chars: string) => s.replace(new RegExp(`^[${chars}]+|[${chars}]+$`, 'g'), '');

/**
 * Decodes a prompt-mode model's raw text the way the leaderboard does: strip backticks,
 * newlines and spaces, wrap in `[...]` where missing, parse as a Python expression whose items
 * are calls; keyword arguments become parameters (positional ones are ignored, as there).
 * Throws a `PythonSyntaxError` where the leaderboard's decoder fails.
 */
export function decodePythonCalls(text: string): BfclCall[] {
  let source = strip(text, '`\\n ');
  if (!source.startsWith('[')) source = `[${source}`;
  if (!source.endsWith(']')) source = `${source}]`;
  const body = parsePythonExpression(strip(strip(source, PY_SPACE), "'"));
  if (body.t === 'call') return [resolveCall(body)];
  if (body.t !== 'list' && body.t !== 'tuple' && body.t !== 'set')
    throw new Unsupported('the text is not a list of calls');
  return body.elts.map((e) => {
    if (e.t !== 'call') throw new Unsupported(`not a call: ${unparse(e)}`);
    return resolveCall(e);
  });
}

function resolveCall(node: Extract<PyNode, { t: 'call' }>): BfclCall {
  const parts: string[] = [];
  let func = node.func;
  while (func.t === 'attr') {
    parts.push(func.attr);
    func = func.value;
  }
  if (func.t === 'name') parts.push(func.id);
  const args: Record<string, unknown> = {};
  for (const k of node.keywords) setOwn(args, k.arg ?? 'None', resolve(k.value));
  return { name: parts.reverse().join('.'), args };
}

function resolve(node: PyNode): unknown {
  switch (node.t) {
    case 'const':
      return node.value === ELLIPSIS ? '...' : node.value;
    case 'unary':
      // The leaderboard negates the operand's constant whatever the operator (`+5` decodes as -5).
      if (node.operand.t !== 'const') throw new Unsupported(`cannot negate ${unparse(node.operand)}`);
      return negate(node.operand.value);
    case 'list':
      return node.elts.map(resolve);
    case 'tuple':
      return new PyTuple(node.elts.map(resolve));
    case 'dict': {
      const dict: Record<string, unknown> = {};
      node.keys.forEach((k, i) => {
        if (!k) throw new Unsupported('a ** entry in a dict');
        const key = resolve(k);
        if (Array.isArray(key) || pyType(key) === 'dict') throw new Unsupported('unhashable dict key');
        setOwn(dict, typeof key === 'string' ? key : pyRepr(key), resolve(node.values[i]!));
      });
      return dict;
    }
    case 'name':
      return node.id;
    case 'call':
      if (!node.keywords.length) return unparse(node);
      {
        // A call with keyword arguments inside a value decodes as `{name: {args}}`.
        const call = resolveCall(node);
        const nested: Record<string, unknown> = {};
        setOwn(nested, call.name, call.args);
        return nested;
      }
    case 'binop':
      return evaluate(node);
    case 'subscript':
      return `${unparse(node.value)}[${unparse(node.slice)}]`;
    default:
      throw new Unsupported(`unsupported value: ${unparse(node)}`);
  }
}

function negate(value: unknown): unknown {
  if (typeof value === 'number') return -value;
  if (typeof value === 'boolean') return value ? -1 : 0;
  if (value instanceof PyFloat) return new PyFloat(-value.value);
  if (value instanceof PyOther && value.typeName === 'complex') return new PyOther('complex', `(-${value.repr})`);
  throw new Unsupported(`bad operand type for unary -: '${pyType(value)}'`);
}

/** Python's arithmetic on literal operands (the leaderboard evaluates binary operations). */
function evaluate(node: PyNode): unknown {
  if (node.t === 'const') return node.value;
  if (node.t === 'unary' && node.op !== 'not') {
    const v = evaluate(node.operand);
    if (node.op === '+') return v;
    return node.op === '-' ? negate(v) : invert(v);
  }
  if (node.t === 'list') return node.elts.map(evaluate);
  if (node.t === 'tuple') return new PyTuple(node.elts.map(evaluate));
  if (node.t !== 'binop') throw new Unsupported(`cannot evaluate ${unparse(node)}`);
  return arithmetic(node.op, evaluate(node.left), evaluate(node.right));
}

function invert(v: unknown): unknown {
  if (typeof v === 'number' && Number.isInteger(v)) return -v - 1;
  if (typeof v === 'boolean') return v ? -2 : -1;
  throw new Unsupported(`bad operand type for unary ~: '${pyType(v)}'`);
}

const asNumber = (v: unknown): { n: number; float: boolean } | null => {
  if (typeof v === 'boolean') return { n: v ? 1 : 0, float: false };
  if (typeof v === 'number') return { n: v, float: !Number.isInteger(v) };
  if (v instanceof PyFloat) return { n: v.value, float: true };
  return null;
};

function arithmetic(op: string, a: unknown, b: unknown): unknown {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x && y) {
    const float = x.float || y.float;
    const out = (n: number, isFloat = float) => (isFloat ? new PyFloat(n) : n);
    if ((op === '/' || op === '//' || op === '%') && y.n === 0) throw new Unsupported('division by zero');
    switch (op) {
      case '+':
        return out(x.n + y.n);
      case '-':
        return out(x.n - y.n);
      case '*':
        return out(x.n * y.n);
      case '/':
        return out(x.n / y.n, true);
      case '//':
        return out(Math.floor(x.n / y.n));
      case '%':
        return out(x.n - y.n * Math.floor(x.n / y.n));
      case '**':
        return out(x.n ** y.n, float || y.n < 0);
    }
  }
  if (op === '+' && typeof a === 'string' && typeof b === 'string') return a + b;
  if (op === '+' && Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (op === '*' && (typeof a === 'string' || Array.isArray(a)) && y && !y.float) return repeat(a, y.n);
  if (op === '*' && (typeof b === 'string' || Array.isArray(b)) && x && !x.float) return repeat(b, x.n);
  throw new Unsupported(`unsupported operand types for ${op}: '${pyType(a)}' and '${pyType(b)}'`);
}

function repeat(value: string | unknown[], times: number): unknown {
  const n = Math.max(0, times);
  if (n * value.length > 1_000_000) throw new Unsupported('repetition too large');
  return typeof value === 'string' ? value.repeat(n) : Array.from({ length: n }, () => value).flat(1);
}
