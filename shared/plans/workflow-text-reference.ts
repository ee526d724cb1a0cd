import type { Workflow } from './workflow-text';

/*
 * The reference's reading of a workflow text (`workflow_to_graph_list` in WorfBench's
 * node_eval.py), with Python's regular-expression semantics: `\d` is any Unicode decimal
 * digit, `.` anything but a newline, `\s` and `strip()` Python's whitespace.
 */
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const S = `[${PY_SPACE}]*`;
const NODE = /\p{Nd}+[:.] ([^\n]+)/gu;
const EDGE = new RegExp(`\\(${S}(\\p{Nd}+|START)${S},${S}(\\p{Nd}+|END)${S}\\)`, 'gu');
const STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'gu');
const DIGIT = /\p{Nd}/u;

/** Python's `int()` of a run of decimal digits of any script (each script's digits run 0 to 9). */
function decimalValue(digits: string): number {
  let value = 0;
  for (const ch of digits) {
    let zero = ch.codePointAt(0)!;
    while (DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
    value = value * 10 + ((ch.codePointAt(0)! - zero) % 10);
  }
  return value;
}

/** Why the reference leaves a prediction out: it scores 0 and 0, and still counts in the mean. */
export type ReferenceSkip = 'no "Node" in the text' | 'no edge in the text';

/**
 * A workflow text as the reference reads it: `Node` must occur in it (case-sensitive) and at
 * least one edge, else it is skipped; nodes are every match of the node pattern anywhere in the
 * text (numbered lines after the edge list too), edges every match of the edge pattern
 * wherever it stands (under `Edges:` or no header at all). START is 0 and END the last index;
 * edges are kept as written, also those naming nodes that do not exist.
 */
export function parseWorkflowAsReference(text: string): Workflow | { skipped: ReferenceSkip } {
  if (!text.includes('Node')) return { skipped: 'no "Node" in the text' };
  const inner = [...text.matchAll(NODE)].map((m) => m[1]!.replace(STRIP, ''));
  const nodes = ['START', ...inner, 'END'];
  const end = nodes.length - 1;
  const index = (raw: string) => (raw === 'START' ? 0 : raw === 'END' ? end : decimalValue(raw));
  const edges = [...text.matchAll(EDGE)].map((m): [number, number] => [index(m[1]!), index(m[2]!)]);
  if (!edges.length) return { skipped: 'no edge in the text' };
  return { nodes, edges };
}
