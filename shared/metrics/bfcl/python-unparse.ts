import type { PyNode } from './python-expr';
import { ELLIPSIS } from './python-expr';
import { pyRepr } from './values';

const PRECEDENCE: Record<string, number> = {
  '|': 1,
  '^': 2,
  '&': 3,
  '<<': 4,
  '>>': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '//': 6,
  '%': 6,
  '@': 6,
  '**': 8,
};

/** Python's `ast.unparse` for the nodes the decoder turns back into text (`data['sales']`, `now()`). */
export function unparse(node: PyNode, context = 0): string {
  switch (node.t) {
    case 'const':
      return node.value === ELLIPSIS ? '...' : pyRepr(node.value);
    case 'name':
      return node.id;
    case 'attr':
      return `${unparse(node.value, 9)}.${node.attr}`;
    case 'call': {
      const args = [
        ...node.args.map((a) => unparse(a)),
        ...node.keywords.map((k) => (k.arg === null ? `**${unparse(k.value)}` : `${k.arg}=${unparse(k.value)}`)),
      ];
      return `${unparse(node.func, 9)}(${args.join(', ')})`;
    }
    case 'list':
      return `[${node.elts.map((e) => unparse(e)).join(', ')}]`;
    case 'set':
      return `{${node.elts.map((e) => unparse(e)).join(', ')}}`;
    case 'tuple':
      return node.elts.length === 1
        ? `(${unparse(node.elts[0]!)},)`
        : `(${node.elts.map((e) => unparse(e)).join(', ')})`;
    case 'dict':
      return `{${node.keys.map((k, i) => (k ? `${unparse(k)}: ${unparse(node.values[i]!)}` : `**${unparse(node.values[i]!)}`)).join(', ')}}`;
    case 'unary': {
      const text = node.op === 'not' ? `not ${unparse(node.operand, 7)}` : `${node.op}${unparse(node.operand, 7)}`;
      return context > 7 || (node.op === 'not' && context > 0) ? `(${text})` : text;
    }
    case 'binop': {
      const level = PRECEDENCE[node.op]!;
      const right = node.op === '**' ? level : level + 1;
      const left = node.op === '**' ? level + 1 : level;
      const text = `${unparse(node.left, left)} ${node.op} ${unparse(node.right, right)}`;
      return context > level ? `(${text})` : text;
    }
    case 'subscript': {
      const slice = node.slice.t === 'tuple' ? node.slice.elts.map((e) => unparse(e)).join(', ') : unparse(node.slice);
      return `${unparse(node.value, 9)}[${slice}]`;
    }
    case 'slice':
      return `${node.lower ? unparse(node.lower) : ''}:${node.upper ? unparse(node.upper) : ''}${node.step ? `:${unparse(node.step)}` : ''}`;
    case 'other':
      return node.text;
  }
}
