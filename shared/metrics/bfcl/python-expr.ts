import { PythonSyntaxError, tokenize, type Token } from './python-tokens';
import { PyOther } from './values';

/** The Python expression nodes the BFCL decoder distinguishes; everything else is `other`. */
export type PyNode =
  | { t: 'const'; value: unknown; text: string }
  | { t: 'name'; id: string }
  | { t: 'attr'; value: PyNode; attr: string }
  | { t: 'call'; func: PyNode; args: PyNode[]; keywords: { arg: string | null; value: PyNode }[] }
  | { t: 'list' | 'tuple' | 'set'; elts: PyNode[] }
  | { t: 'dict'; keys: (PyNode | null)[]; values: PyNode[] }
  | { t: 'unary'; op: string; operand: PyNode }
  | { t: 'binop'; op: string; left: PyNode; right: PyNode }
  | { t: 'subscript'; value: PyNode; slice: PyNode }
  | { t: 'slice'; lower: PyNode | null; upper: PyNode | null; step: PyNode | null }
  | { t: 'other'; kind: string; text: string };

const BINARY_LEVELS = [['|'], ['^'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '//', '%', '@']];
const COMPARISONS = ['<', '>', '==', '>=', '<=', '!=', 'in', 'not', 'is'];
const MAX_DEPTH = 200;

/** Parses one Python expression (`ast.parse(text, mode="eval")` for the subset BFCL decodes). */
export function parsePythonExpression(source: string): PyNode {
  const tokens = tokenize(source);
  let p = 0;
  let depth = 0;
  const peek = (): Token => tokens[p]!;
  const is = (text: string) => peek().kind !== 'string' && peek().text === text;
  const take = (text: string) => (is(text) ? (p++, true) : false);
  const expect = (text: string) => {
    if (!take(text)) throw new PythonSyntaxError(`expected '${text}' but found '${peek().text || 'end of input'}'`);
  };
  const other = (kind: string, from: number): PyNode => ({
    t: 'other',
    kind,
    text: tokens
      .slice(from, p)
      .map((t) => t.text)
      .join(' '),
  });

  const expression = (): PyNode => {
    if (++depth > MAX_DEPTH) throw new PythonSyntaxError('too many nested parentheses');
    const from = p;
    let node: PyNode;
    if (is('lambda')) {
      while (!is(':') && peek().kind !== 'end') p++;
      expect(':');
      expression();
      node = other('lambda', from);
    } else {
      node = disjunction();
      if (take('if')) {
        disjunction();
        expect('else');
        expression();
        node = other('ifexp', from);
      } else if (take(':=')) {
        expression();
        node = other('namedexpr', from);
      }
    }
    depth--;
    return node;
  };
  const disjunction = (): PyNode => {
    const from = p;
    let node = conjunction();
    while (take('or')) node = (conjunction(), other('boolop', from));
    return node;
  };
  const conjunction = (): PyNode => {
    const from = p;
    let node = inversion();
    while (take('and')) node = (inversion(), other('boolop', from));
    return node;
  };
  const inversion = (): PyNode => (take('not') ? { t: 'unary', op: 'not', operand: inversion() } : comparison());
  const comparison = (): PyNode => {
    const from = p;
    let node = binary(0);
    while (peek().kind !== 'string' && COMPARISONS.includes(peek().text)) {
      if (take('not')) expect('in');
      else if (take('is')) take('not');
      else p++;
      binary(0);
      node = other('compare', from);
    }
    return node;
  };
  const binary = (level: number): PyNode => {
    if (level === BINARY_LEVELS.length) return unary();
    let node = binary(level + 1);
    while (peek().kind === 'op' && BINARY_LEVELS[level]!.includes(peek().text)) {
      const op = tokens[p++]!.text;
      node = { t: 'binop', op, left: node, right: binary(level + 1) };
    }
    return node;
  };
  const unary = (): PyNode => {
    if (peek().kind === 'op' && ['-', '+', '~'].includes(peek().text)) {
      const op = tokens[p++]!.text;
      return { t: 'unary', op, operand: unary() };
    }
    return power();
  };
  const power = (): PyNode => {
    const base = primary();
    return take('**') ? { t: 'binop', op: '**', left: base, right: unary() } : base;
  };
  const primary = (): PyNode => {
    let node = atom();
    for (;;) {
      if (take('.')) {
        const name = peek();
        if (name.kind !== 'name') throw new PythonSyntaxError('invalid syntax after "."');
        p++;
        node = { t: 'attr', value: node, attr: name.value as string };
      } else if (take('(')) node = callArguments(node);
      else if (take('[')) {
        node = { t: 'subscript', value: node, slice: subscriptList() };
        expect(']');
      } else return node;
    }
  };
  const callArguments = (func: PyNode): PyNode => {
    const args: PyNode[] = [];
    const keywords: { arg: string | null; value: PyNode }[] = [];
    while (!take(')')) {
      const from = p;
      if (take('**')) keywords.push({ arg: null, value: expression() });
      else if (take('*')) args.push((expression(), other('starred', from)));
      else if (peek().kind === 'name' && tokens[p + 1]?.text === '=' && tokens[p + 1]?.kind === 'op') {
        // A repeated keyword parses: "keyword argument repeated" is CPython's compiler's error
        // (Python/compile.c), not its parser's, and ast.parse only parses.
        // `if=1`, `True=1` are the parser's errors (invalid_kwarg); told by the text as written.
        if (KEYWORDS.has(tokens[p]!.text) || CONSTANTS.has(tokens[p]!.text))
          throw new PythonSyntaxError(`invalid keyword argument: ${tokens[p]!.text}`);
        const arg = tokens[p]!.value as string;
        p += 2;
        keywords.push({ arg, value: expression() });
      } else {
        if (keywords.length) throw new PythonSyntaxError('positional argument follows keyword argument');
        const value = expression();
        if (is('for')) throw new PythonSyntaxError('generator expressions are not decoded');
        args.push(value);
      }
      if (!is(')')) expect(',');
    }
    return { t: 'call', func, args, keywords };
  };
  const subscriptList = (): PyNode => {
    const items: PyNode[] = [];
    let comma = false;
    do {
      if (is(']')) break;
      items.push(sliceItem());
      comma = is(',');
    } while (take(','));
    return items.length === 1 && !comma ? items[0]! : { t: 'tuple', elts: items };
  };
  const sliceItem = (): PyNode => {
    const bound = () => (is(':') || is(']') || is(',') ? null : expression());
    const lower = bound();
    if (!take(':')) {
      if (!lower) throw new PythonSyntaxError('invalid syntax in subscript');
      return lower;
    }
    const upper = bound();
    const step = take(':') ? bound() : null;
    return { t: 'slice', lower, upper, step };
  };
  /** Items of a bracketed display up to `close`; `hadComma` tells a one-item tuple from parentheses. */
  const items = (close: string) => {
    const elts: PyNode[] = [];
    let hadComma = false;
    while (!take(close)) {
      const from = p;
      elts.push(take('*') ? (expression(), other('starred', from)) : expression());
      if (is('for')) throw new PythonSyntaxError('comprehensions are not decoded');
      if (!is(close)) {
        expect(',');
        hadComma = true;
      }
    }
    return { elts, hadComma };
  };
  const atom = (): PyNode => {
    const token = peek();
    if (token.kind === 'number') return (p++, { t: 'const', value: token.value, text: token.text });
    if (token.kind === 'string') return strings();
    if (token.kind === 'name') {
      p++;
      if (KEYWORDS.has(token.text)) throw new PythonSyntaxError(`invalid syntax: ${token.text}`);
      if (CONSTANTS.has(token.text)) return { t: 'const', value: CONSTANTS.get(token.text), text: token.text };
      return { t: 'name', id: token.value as string };
    }
    if (take('...')) return { t: 'const', value: ELLIPSIS, text: '...' };
    if (take('[')) return { t: 'list', elts: items(']').elts };
    if (take('(')) {
      if (take(')')) return { t: 'tuple', elts: [] };
      const { elts, hadComma } = items(')');
      return elts.length === 1 && !hadComma ? elts[0]! : { t: 'tuple', elts };
    }
    if (take('{')) return dictOrSet();
    throw new PythonSyntaxError(token.kind === 'end' ? 'unexpected end of input' : `invalid syntax at '${token.text}'`);
  };
  const dictOrSet = (): PyNode => {
    if (take('}')) return { t: 'dict', keys: [], values: [] };
    const keys: (PyNode | null)[] = [];
    const values: PyNode[] = [];
    const elts: PyNode[] = [];
    while (!take('}')) {
      if (take('**')) {
        keys.push(null);
        values.push(expression());
      } else {
        const first = expression();
        if (take(':')) {
          keys.push(first);
          values.push(expression());
        } else elts.push(first);
      }
      if (is('for')) throw new PythonSyntaxError('comprehensions are not decoded');
      if (keys.length && elts.length) throw new PythonSyntaxError('invalid syntax');
      if (!is('}')) expect(',');
    }
    return elts.length ? { t: 'set', elts } : { t: 'dict', keys, values };
  };
  const strings = (): PyNode => {
    const parts: Token[] = [];
    while (peek().kind === 'string') parts.push(tokens[p++]!);
    const bytes = parts.map((t) => t.prefix!.includes('b'));
    if (bytes.some((b) => b !== bytes[0])) throw new PythonSyntaxError('cannot mix bytes and nonbytes literals');
    const text = parts.map((t) => t.text).join(' ');
    if (parts.some((t) => t.prefix!.includes('f'))) return { t: 'other', kind: 'joinedstr', text };
    const value = parts.map((t) => t.value as string).join('');
    return { t: 'const', value: bytes[0] ? new PyOther('bytes', `b${text}`) : value, text };
  };

  const node = expression();
  if (peek().kind !== 'end') {
    if (is(',')) {
      // A bare tuple at the top level: `f(a=1), g(b=2)`.
      const elts = [node];
      while (take(',') && peek().kind !== 'end') elts.push(expression());
      if (peek().kind === 'end') return { t: 'tuple', elts };
    }
    throw new PythonSyntaxError(`invalid syntax at '${peek().text}'`);
  }
  return node;
}

/** Python's `...`, which the decoder turns into the string `"..."`. */
export const ELLIPSIS = Symbol('Ellipsis');
const CONSTANTS = new Map<string, unknown>([
  ['True', true],
  ['False', false],
  ['None', null],
]);
const KEYWORDS = new Set([
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);
