import { PythonSyntaxError } from '../bfcl/python-tokens';
import { ELLIPSIS, parsePythonExpression, type PyNode } from '../bfcl/python-expr';
import { isDict, PyFloat, PyOther, pyRepr, PyTuple, pyType, setOwn } from '../bfcl/values';
import { PyError, type BfclApi, type BfclApiClass, type PyMethod } from './api';
import { BFCL_API_CLASSES } from './apis';
import { add, floordiv, isFloat, mod, mul, NotJsonSerializable, num, pyJsonDumps, pyStr, sub, truediv } from './py-num';

/** What the leaderboard refuses to `eval`, by the called name (multi_turn_utils.py). */
const REFUSED = new Set(['kill', 'exit', 'quit', 'remove', 'unlink', 'popen', 'Popen', 'run']);

/** How a failed call's result begins, as the leaderboard writes it. */
export const EXECUTION_ERROR = 'Error during execution: ';

/** A deep copy that keeps Python's floats and tuples what they are (Python's `copy.deepcopy`). */
export function pyDeepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(pyDeepCopy) as T;
  if (value instanceof PyTuple) return new PyTuple(value.items.map(pyDeepCopy)) as T;
  if (value instanceof PyFloat || value instanceof PyOther) return value;
  if (isDict(value)) {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(copy, k, pyDeepCopy(v));
    return copy as T;
  }
  return value;
}

/**
 * The instances of one entry's API classes, kept across the steps and turns of one side (the
 * model's, or the ground truth's), and the leaderboard's `execute_multi_turn_func_call` over them:
 * each call string is evaluated as Python's `eval` would after the leaderboard binds every public
 * method name to its instance (the last class to declare a name wins), and its result written as
 * the leaderboard writes it — a string as it is, a dict as `json.dumps` (else `str`), anything else
 * as `str`, an exception as `Error during execution: <str(e)>`.
 */
export class BfclWorld {
  readonly instances = new Map<string, BfclApi>();
  private readonly owners = new Map<string, { className: string; api: BfclApi; method: PyMethod<BfclApi> }>();

  constructor(
    involvedClasses: readonly string[],
    initialConfig: Record<string, unknown>,
    longContext: boolean,
    classes: Readonly<Record<string, BfclApiClass>> = BFCL_API_CLASSES,
  ) {
    for (const className of involvedClasses) {
      const spec = Object.hasOwn(classes, className) ? classes[className] : undefined;
      if (!spec) throw new Error(`BFCL multi-turn has no API class named ${className}`);
      const api = spec.create();
      if (!spec.stateless) {
        const config = Object.hasOwn(initialConfig, className) ? initialConfig[className] : {};
        api.loadScenario(pyDeepCopy(isDict(config) ? config : {}), longContext);
      }
      this.instances.set(className, api);
      for (const [name, method] of Object.entries(spec.methods))
        this.owners.set(name, { className, api, method: method as PyMethod<BfclApi> });
    }
  }

  /** Runs the calls in order on these instances; one result string per call. */
  execute(calls: readonly string[]): string[] {
    return calls.map((call) => {
      try {
        const refused = this.refusedName(call);
        if (refused) throw new PyError(`Function call ${refused} is not allowed.`);
        return resultText(this.evaluate(parseCall(call)));
      } catch (error) {
        return EXECUTION_ERROR + errorText(error);
      }
    });
  }

  /** The name the leaderboard checks before `eval`: before the first `(`, after the instance's `.`. */
  private refusedName(call: string): string | null {
    const callee = call.split('(')[0]!;
    const bound = callee.replace(/^\s*([a-zA-Z_]\w*)\s*$/, (all, name: string) =>
      this.owners.has(name) ? `instance.${name}` : all,
    );
    const name = bound.includes('.') ? bound.split('.')[1]! : bound;
    return REFUSED.has(name) ? name : null;
  }

  private evaluate(node: PyNode): unknown {
    switch (node.t) {
      case 'const':
        return node.value === ELLIPSIS ? new PyOther('ellipsis', 'Ellipsis') : node.value;
      case 'name':
        throw new PyError(`name '${node.id}' is not defined`, 'NameError');
      case 'list':
      case 'set':
        return node.elts.map((e) => this.evaluate(e));
      case 'tuple':
        return new PyTuple(node.elts.map((e) => this.evaluate(e)));
      case 'dict': {
        const dict: Record<string, unknown> = {};
        node.keys.forEach((k, i) => {
          if (!k) throw new PyError('a ** entry in a dict is not supported here', 'TypeError');
          const key = this.evaluate(k);
          setOwn(dict, typeof key === 'string' ? key : pyRepr(key), this.evaluate(node.values[i]!));
        });
        return dict;
      }
      case 'unary':
        return unary(node.op, this.evaluate(node.operand));
      case 'binop':
        return binary(node.op, this.evaluate(node.left), this.evaluate(node.right));
      case 'call':
        return this.call(node);
      case 'attr':
      case 'subscript':
      case 'slice':
      case 'other':
        throw new PyError(`cannot evaluate ${node.t === 'other' ? node.text : node.t} here`, 'TypeError');
    }
  }

  private call(node: Extract<PyNode, { t: 'call' }>): unknown {
    if (node.func.t !== 'name') {
      // `x.f(...)`: Python looks up `x` first.
      let base: PyNode = node.func;
      while (base.t === 'attr') base = base.value;
      return this.evaluate(base.t === 'name' ? base : node.func);
    }
    const owner = this.owners.get(node.func.id);
    if (!owner) throw new PyError(`name '${node.func.id}' is not defined`, 'NameError');
    const positional = node.args.map((a) => this.evaluate(a));
    const keywords = node.keywords.map((k) => ({ arg: k.arg, value: this.evaluate(k.value) }));
    const args = bindArguments(`${owner.className}.${node.func.id}`, owner.method, positional, keywords);
    return owner.method.run(owner.api, args);
  }
}

function parseCall(call: string): PyNode {
  let node: PyNode;
  try {
    node = parsePythonExpression(call);
  } catch (error) {
    if (error instanceof PythonSyntaxError) throw new PyError('invalid syntax (<string>, line 1)', 'SyntaxError');
    throw error;
  }
  const repeated = repeatedKeyword(node);
  // Python's compiler refuses the whole text, so no call in it runs.
  if (repeated) throw new PyError(`keyword argument repeated: ${repeated} (<string>, line 1)`, 'SyntaxError');
  return node;
}

/** The first keyword given twice in one call anywhere in the expression, as Python's compiler finds it. */
function repeatedKeyword(node: PyNode): string | null {
  const children: PyNode[] = [];
  switch (node.t) {
    case 'call': {
      const seen = new Set<string>();
      for (const k of node.keywords) {
        if (k.arg !== null && seen.has(k.arg)) return k.arg;
        if (k.arg !== null) seen.add(k.arg);
      }
      children.push(node.func, ...node.args, ...node.keywords.map((k) => k.value));
      break;
    }
    case 'list':
    case 'tuple':
    case 'set':
      children.push(...node.elts);
      break;
    case 'dict':
      children.push(...node.keys.filter((k): k is PyNode => k !== null), ...node.values);
      break;
    case 'unary':
      children.push(node.operand);
      break;
    case 'binop':
      children.push(node.left, node.right);
      break;
    default:
      break;
  }
  for (const child of children) {
    const found = repeatedKeyword(child);
    if (found) return found;
  }
  return null;
}

/** Python's names for a list of missing parameters: `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`. */
function nameList(names: string[]): string {
  const quoted = names.map((n) => `'${n}'`);
  if (quoted.length <= 2) return quoted.join(' and ');
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Binds a call's arguments to a method's parameters as CPython 3.11 does, with its TypeError messages in its order. */
export function bindArguments(
  qualname: string,
  method: PyMethod<BfclApi>,
  positional: unknown[],
  keywords: { arg: string | null; value: unknown }[],
): Record<string, unknown> {
  const params = method.params.filter((p) => !p.variadic);
  const extraArgs = method.params.find((p) => p.variadic === 'args');
  const extraKwargs = method.params.find((p) => p.variadic === 'kwargs');
  const bound: Record<string, unknown> = {};
  positional.slice(0, params.length).forEach((value, i) => setOwn(bound, params[i]!.name, value));
  if (extraArgs) setOwn(bound, extraArgs.name, new PyTuple(positional.slice(params.length)));
  const kwargs: Record<string, unknown> = {};
  for (const { arg, value } of keywords) {
    if (arg === null) throw new PyError(`${qualname}() argument after ** must be a mapping`, 'TypeError');
    const param = params.find((p) => p.name === arg);
    if (!param) {
      if (!extraKwargs) throw new PyError(`${qualname}() got an unexpected keyword argument '${arg}'`, 'TypeError');
      setOwn(kwargs, arg, value);
      continue;
    }
    if (Object.hasOwn(bound, arg))
      throw new PyError(`${qualname}() got multiple values for argument '${arg}'`, 'TypeError');
    setOwn(bound, arg, value);
  }
  if (extraKwargs) setOwn(bound, extraKwargs.name, kwargs);
  // Python checks the keywords first, then the count of positional arguments, then what is missing.
  if (positional.length > params.length && !extraArgs) {
    const required = params.filter((p) => !('default' in p)).length;
    const takes =
      required === params.length
        ? plural(params.length + 1, 'positional argument')
        : `from ${required + 1} to ${params.length + 1} positional arguments`;
    const given = positional.length + 1;
    throw new PyError(`${qualname}() takes ${takes} but ${given} ${given === 1 ? 'was' : 'were'} given`, 'TypeError');
  }
  const missing = params.filter((p) => !Object.hasOwn(bound, p.name) && !('default' in p)).map((p) => p.name);
  if (missing.length)
    throw new PyError(
      `${qualname}() missing ${plural(missing.length, 'required positional argument')}: ${nameList(missing)}`,
      'TypeError',
    );
  for (const p of params) if (!Object.hasOwn(bound, p.name)) setOwn(bound, p.name, p.default);
  return bound;
}

function unary(op: string, value: unknown): unknown {
  if (op === 'not') return !truthy(value);
  if (typeof value !== 'number' && !(value instanceof PyFloat) && typeof value !== 'boolean')
    throw new PyError(`bad operand type for unary ${op}: '${pyType(value)}'`, 'TypeError');
  // Negated directly: `-0.0` is a float of its own (0 - 0.0 would be 0.0).
  if (op === '-') return isFloat(value) ? new PyFloat(-num(value)) : -num(value) || 0;
  if (op === '+') return isFloat(value) ? new PyFloat(num(value)) : num(value);
  if (op === '~') return ~num(value);
  throw new PyError(`cannot evaluate unary ${op}`, 'TypeError');
}

const truthy = (v: unknown): boolean =>
  !(
    v === null ||
    v === false ||
    v === 0 ||
    v === '' ||
    (v instanceof PyFloat && v.value === 0) ||
    (Array.isArray(v) && !v.length) ||
    (isDict(v) && !Object.keys(v).length)
  );

function binary(op: string, left: unknown, right: unknown): unknown {
  const numeric = (v: unknown) => typeof v === 'number' || v instanceof PyFloat || typeof v === 'boolean';
  if (numeric(left) && numeric(right)) {
    if (op === '+') return add(left, right);
    if (op === '-') return sub(left, right);
    if (op === '*') return mul(left, right);
    if (op === '/') return truediv(left, right);
    if (op === '//') return floordiv(left, right);
    if (op === '%') return mod(left, right);
  }
  if (op === '+' && typeof left === 'string' && typeof right === 'string') return left + right;
  if (op === '+' && Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  throw new PyError(`unsupported operand type(s) for ${op}: '${pyType(left)}' and '${pyType(right)}'`, 'TypeError');
}

/** How the leaderboard writes a call's result. */
export function resultText(result: unknown): string {
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

/** Python's `str(exception)` for what a method threw. */
function errorText(error: unknown): string {
  if (error instanceof PyError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
