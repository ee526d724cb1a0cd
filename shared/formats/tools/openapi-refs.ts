import { TrellisError } from '../../errors';
import { isObject } from '../../json';
import { formatCount } from '../../text';

export type Doc = Record<string, unknown>;

const MAX_REF_DEPTH = 8;
/**
 * Schema nodes that inlining one operation's `$ref`s may produce: chained refs otherwise grow
 * exponentially (a few kilobytes can expand to billions), and big real APIs (OpenAI's, PagerDuty's)
 * nest their objects so deep that whole schemas would be megabytes per tool.
 */
const NODES_PER_OPERATION = 20_000;
/**
 * Schema nodes inlining may produce for the whole document: thousands of operations each at its
 * budget would still exhaust the reader's memory. The largest real descriptions tried (OpenAI's,
 * PagerDuty's, Twilio's) stay well under it.
 */
export const MAX_INLINED_NODES = 3_000_000;

export function resolvePointer(doc: Doc, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
}

/** A parameter, request body or response that may be a `$ref` to one: the object it names. */
export function followRef(doc: Doc, node: unknown): unknown {
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < MAX_REF_DEPTH; hops++)
    node = resolvePointer(doc, node.$ref);
  return node;
}

/** Counts every schema node the document's operations inline, and stops the read past MAX_INLINED_NODES. */
export class InlineBudget {
  used = 0;

  spend(nodes: number): void {
    this.used += nodes;
    if (this.used > MAX_INLINED_NODES)
      throw new TrellisError(
        'E4001',
        `The document's $refs expand to more than ${formatCount(MAX_INLINED_NODES)} schema nodes; Trellis does not inline that many.`,
        'Import a smaller part of the API, or flatten the chained schemas.',
      );
  }
}

/**
 * Inlines the local `$ref`s of one operation's schemas. A recursive schema stops at
 * MAX_REF_DEPTH, and once the operation's budget is spent the remaining refs stay untyped
 * objects that name what they stood for: the tool is still imported, its deepest schemas
 * summarized (`cut` says so).
 */
export function operationInliner(doc: Doc, total: InlineBudget) {
  let budget = NODES_PER_OPERATION;
  const state = { cut: false };
  const inline = (node: unknown, depth = 0): unknown => {
    budget--;
    if (Array.isArray(node)) return node.map((n) => inline(n, depth));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') {
      const name = node.$ref.split('/').pop();
      if (depth >= MAX_REF_DEPTH) return { type: 'object', description: `(recursive ${name})` };
      if (budget < 0) {
        state.cut = true;
        return { type: 'object', description: `(${name}, not expanded: the schema is too large)` };
      }
      return inline(resolvePointer(doc, node.$ref) ?? {}, depth + 1);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, depth)]));
  };
  /** Counts what this operation inlined towards the document's limit (once it is done). */
  const done = () => total.spend(NODES_PER_OPERATION - budget);
  return { inline, state, done };
}
