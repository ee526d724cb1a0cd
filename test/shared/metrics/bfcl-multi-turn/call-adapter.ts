import { PyError, type BfclApi, type BfclApiClass } from '../../../../shared/metrics/bfcl-multi-turn/api';
import { NotJsonSerializable, pyJsonDumps, pyStr } from '../../../../shared/metrics/bfcl-multi-turn/py-num';
import { parsePythonExpression, type PyNode } from '../../../../shared/metrics/bfcl/python-expr';
import { isDict, PyFloat, pyRepr, PyTuple, setOwn } from '../../../../shared/metrics/bfcl/values';

/**
 * Runs one call string in one API instance as the leaderboard's executor does (bind the
 * arguments as Python would, write the result as a string), for the class checks.
 */
export function runCall<T extends BfclApi>(api: BfclApiClass<T>, instance: T, call: string): string {
  try {
    const node = parse(call);
    if (node.t !== 'call' || node.func.t !== 'name') throw new PyError('invalid syntax (<string>, line 1)');
    const name = node.func.id;
    const method = Object.hasOwn(api.methods, name) ? api.methods[name] : undefined;
    if (!method) throw new PyError(`name '${name}' is not defined`, 'NameError');
    const args = bind(
      `${api.name}.${name}()`,
      method.params.map((p) => ({ name: p.name, default: p.default, optional: 'default' in p })),
      node.args.map(literal),
      node.keywords.map((k) => [k.arg ?? '', literal(k.value)] as const),
    );
    return resultText(method.run(instance, args));
  } catch (error) {
    if (error instanceof PyError) return `Error during execution: ${error.message}`;
    throw error;
  }
}

function parse(call: string): PyNode {
  try {
    return parsePythonExpression(call);
  } catch {
    throw new PyError('invalid syntax (<string>, line 1)', 'SyntaxError');
  }
}

/** The executor's text for a result: a str as is, a dict as `json.dumps` (or `str` if it can't), else `str`. */
export function resultText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isDict(value)) {
    try {
      return pyJsonDumps(value);
    } catch (error) {
      if (error instanceof NotJsonSerializable) return pyRepr(value);
      throw error;
    }
  }
  return pyStr(value);
}

/** A literal argument's value. */
function literal(node: PyNode): unknown {
  switch (node.t) {
    case 'const':
      return node.value;
    case 'unary': {
      const value = literal(node.operand);
      if (node.op !== '-') return value;
      return value instanceof PyFloat ? new PyFloat(-value.value) : -(value as number);
    }
    case 'list':
      return node.elts.map(literal);
    case 'tuple':
      return new PyTuple(node.elts.map(literal));
    case 'dict': {
      const dict: Record<string, unknown> = {};
      node.keys.forEach((k, i) => setOwn(dict, literal(k!) as string, literal(node.values[i]!)));
      return dict;
    }
    default:
      throw new Error(`not a literal: ${node.t}`);
  }
}

interface Param {
  name: string;
  default: unknown;
  optional: boolean;
}

/** Python's argument binding, with its TypeError messages in its order of checks. */
function bind(
  fn: string,
  params: Param[],
  positional: unknown[],
  keywords: (readonly [string, unknown])[],
): Record<string, unknown> {
  const bound: Record<string, unknown> = {};
  positional.slice(0, params.length).forEach((v, i) => setOwn(bound, params[i]!.name, v));
  for (const [key, value] of keywords) {
    if (!params.some((p) => p.name === key))
      throw new PyError(`${fn} got an unexpected keyword argument '${key}'`, 'TypeError');
    if (Object.hasOwn(bound, key)) throw new PyError(`${fn} got multiple values for argument '${key}'`, 'TypeError');
    setOwn(bound, key, value);
  }
  if (positional.length > params.length) {
    const most = params.length + 1;
    const least = params.filter((p) => !p.optional).length + 1;
    const takes =
      least === most
        ? `${most} positional argument${most === 1 ? '' : 's'}`
        : `from ${least} to ${most} positional arguments`;
    const given = positional.length + 1;
    throw new PyError(`${fn} takes ${takes} but ${given} ${given === 1 ? 'was' : 'were'} given`, 'TypeError');
  }
  const missing = params.filter((p) => !p.optional && !Object.hasOwn(bound, p.name)).map((p) => `'${p.name}'`);
  if (missing.length) {
    const names =
      missing.length === 1
        ? missing[0]
        : missing.length === 2
          ? missing.join(' and ')
          : `${missing.slice(0, -1).join(', ')}, and ${missing[missing.length - 1]}`;
    throw new PyError(
      `${fn} missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${names}`,
      'TypeError',
    );
  }
  for (const p of params) if (!Object.hasOwn(bound, p.name)) setOwn(bound, p.name, p.default);
  return bound;
}

/** A value the harness wrote as tagged JSON (floats, tuples, dicts in order) back as values.ts's. */
export function decodeTagged(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(decodeTagged);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if ('$float' in o) return new PyFloat(Number((o.$float as string).replace(/^(-?)inf$/, '$1Infinity')));
  if ('$tuple' in o) return new PyTuple((o.$tuple as unknown[]).map(decodeTagged));
  if ('$dict' in o) {
    const dict: Record<string, unknown> = {};
    for (const [k, x] of o.$dict as [unknown, unknown][]) setOwn(dict, String(decodeTagged(k)), decodeTagged(x));
    return dict;
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) setOwn(out, k, decodeTagged(x));
  return out;
}
