import { PyError, type BfclApi, type BfclApiClass } from '../../../../shared/metrics/bfcl-multi-turn/api';
import { NotJsonSerializable, pyJsonDumps, pyStr } from '../../../../shared/metrics/bfcl-multi-turn/py-num';
import { parsePythonExpression, type PyNode } from '../../../../shared/metrics/bfcl/python-expr';
import { PyFloat, PyTuple, isDict, pyRepr, setOwn } from '../../../../shared/metrics/bfcl/values';

/**
 * Runs one call string in one class's instance as the leaderboard's executor does: Python binds the
 * arguments (with its TypeError texts), the result is written as `str`, `json.dumps` of a dict, or
 * `str(value)`, and an exception as `Error during execution: ...`. Stands in for the executor in tests.
 */
export function runCall(apiClass: BfclApiClass, api: BfclApi, call: string): string {
  try {
    const node = parsePythonExpression(call);
    if (node.t !== 'call' || node.func.t !== 'name') throw new Error(`not a call: ${call}`);
    const name = node.func.id;
    const method = Object.hasOwn(apiClass.methods, name) ? apiClass.methods[name] : undefined;
    if (!method) throw new PyError(`name '${name}' is not defined`, 'NameError');
    const args = bind(
      `${apiClass.name}.${name}()`,
      method.params.map((p) => ({ name: p.name, default: p.default, optional: 'default' in p })),
      node.args.map(literal),
      node.keywords.map((k) => [k.arg!, literal(k.value)] as const),
    );
    return written(method.run(api, args));
  } catch (error) {
    if (error instanceof PyError) return `Error during execution: ${error.message}`;
    throw error;
  }
}

function written(result: unknown): string {
  if (typeof result === 'string') return result;
  if (isDict(result)) {
    try {
      return pyJsonDumps(result);
    } catch (error) {
      if (error instanceof NotJsonSerializable) return pyRepr(result);
      throw error;
    }
  }
  return pyStr(result);
}

interface Param {
  name: string;
  default: unknown;
  optional: boolean;
}

const names = (list: string[]) => {
  const quoted = list.map((n) => `'${n}'`);
  if (quoted.length === 1) return quoted[0]!;
  if (quoted.length === 2) return `${quoted[0]} and ${quoted[1]}`;
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
};

/** CPython 3.11's argument binding: keywords first, then too many positionals, then missing ones. */
function bind(qualname: string, params: Param[], positional: unknown[], keywords: (readonly [string, unknown])[]) {
  const args: Record<string, unknown> = {};
  positional.slice(0, params.length).forEach((v, i) => setOwn(args, params[i]!.name, v));
  for (const [key, value] of keywords) {
    if (!params.some((p) => p.name === key))
      throw new PyError(`${qualname} got an unexpected keyword argument '${key}'`, 'TypeError');
    if (Object.hasOwn(args, key))
      throw new PyError(`${qualname} got multiple values for argument '${key}'`, 'TypeError');
    setOwn(args, key, value);
  }
  if (positional.length > params.length) {
    const max = params.length + 1;
    const min = params.filter((p) => !p.optional).length + 1;
    const takes =
      min === max ? `${max} positional argument${max === 1 ? '' : 's'}` : `from ${min} to ${max} positional arguments`;
    const given = positional.length + 1;
    throw new PyError(`${qualname} takes ${takes} but ${given} ${given === 1 ? 'was' : 'were'} given`, 'TypeError');
  }
  const missing = params.filter((p) => !p.optional && !Object.hasOwn(args, p.name)).map((p) => p.name);
  if (missing.length)
    throw new PyError(
      `${qualname} missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${names(missing)}`,
      'TypeError',
    );
  for (const p of params) if (!Object.hasOwn(args, p.name)) setOwn(args, p.name, p.default);
  return args;
}

/** A literal argument as Python evaluates it (str keys only in dicts). */
function literal(node: PyNode): unknown {
  switch (node.t) {
    case 'const':
      return node.value;
    case 'unary': {
      const v = literal(node.operand);
      if (node.op === '+') return v;
      if (typeof v === 'number') return -v;
      if (v instanceof PyFloat) return new PyFloat(-v.value);
      break;
    }
    case 'list':
      return node.elts.map(literal);
    case 'tuple':
      return new PyTuple(node.elts.map(literal));
    case 'dict': {
      const dict: Record<string, unknown> = {};
      node.keys.forEach((k, i) => {
        const key = k && literal(k);
        if (typeof key !== 'string') throw new Error('only str keys are supported here');
        setOwn(dict, key, literal(node.values[i]!));
      });
      return dict;
    }
  }
  throw new Error(`unsupported argument: ${JSON.stringify(node)}`);
}
