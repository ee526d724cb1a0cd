import { matchNodes, type SimilarityMatrix } from '../compare/node-matching';
import { chainAsReference, graphAsReference, ReferenceFailure } from './worfbench-reference';
import type { Workflow } from '../plans/workflow-text';

/** How nodes were compared: sentence embeddings from a model, or the lexical stand-in. */
export type NodeMatcher = 'embedding' | 'lexical';

export interface WorkflowScore {
  f1Chain: number;
  /** Null when compat mode reproduces the reference's error (no node matched). */
  f1Graph: number | null;
  precisionChain: number;
  recallChain: number;
  /** Predicted nodes (START/END excluded) matched to a gold node. */
  matchedNodes: number;
  error?: string;
}

export interface WorfBenchOptions {
  /**
   * Score as the reference implementation does, quirks included, to compare with published
   * tables (see worfbench-reference.ts); the workflows should then be read with
   * `parseWorkflowAsReference`.
   */
  compat?: boolean;
}

const MAX_GOLD_ORDERS = 20;

const f1 = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);

/**
 * Scores a predicted workflow against a gold one with WorfBench's F1 chain and F1 graph.
 * `similarity` compares every predicted node with every gold node, START and END included
 * (index 0 and last), so one matrix serves both metrics.
 */
export function scoreWorkflow(
  pred: Workflow,
  gold: Workflow,
  similarity: SimilarityMatrix,
  options: WorfBenchOptions = {},
): WorkflowScore {
  if (options.compat) return scoreAsReference(pred, gold, similarity);
  return { ...f1Chain(pred, gold, similarity), f1Graph: f1GraphScore(pred, gold, similarity) };
}

/** Both scores as the reference computes them; where it would stop with an error, the item says so. */
function scoreAsReference(pred: Workflow, gold: Workflow, similarity: SimilarityMatrix): WorkflowScore {
  const errors: string[] = [];
  const attempt = <T>(score: () => T, failed: T): T => {
    try {
      return score();
    } catch (error) {
      if (!(error instanceof ReferenceFailure)) throw error;
      errors.push(error.message);
      return failed;
    }
  };
  const chain = attempt(() => chainAsReference(pred, gold, similarity), {
    f1Chain: 0,
    precisionChain: 0,
    recallChain: 0,
    matchedNodes: 0,
  });
  const f1Graph = attempt<number | null>(() => graphAsReference(pred, gold, similarity), null);
  return { ...chain, f1Graph, ...(errors.length ? { error: errors.join('; ') } : {}) };
}

/**
 * Corrected F1 chain: one matching of the inner nodes, the longest increasing run of matched
 * gold positions (0 when nothing matches) over every topological order (the first 20 in
 * lexicographic order), whatever the gold graph's size.
 */
function f1Chain(pred: Workflow, gold: Workflow, similarity: SimilarityMatrix) {
  const predInner = pred.nodes.length - 2;
  const goldInner = gold.nodes.length - 2;
  // Inner nodes only: predicted i (1..n) ↔ gold j (1..m), mapped to gold node numbers.
  const inner = similarity.slice(1, -1).map((row) => row.slice(1, -1));
  const mapped = matchNodes(inner, goldInner).map((j) => (j < 0 ? -1 : j + 1));
  const matchedNodes = mapped.filter((j) => j > 0).length;
  const orders = topologicalOrders(gold, MAX_GOLD_ORDERS);
  let best = { f1Chain: 0, precisionChain: 0, recallChain: 0 };
  if (predInner === 0 || goldInner === 0) return { ...best, matchedNodes };
  for (const order of orders.length ? orders : [gold.nodes.slice(1, -1).map((_, i) => i + 1)]) {
    const position = new Map(order.map((node, at) => [node, at]));
    const positions = mapped.filter((j) => j > 0 && position.has(j)).map((j) => position.get(j)!);
    const k = longestIncreasing(positions);
    const p = k / predInner;
    const r = k / goldInner;
    if (f1(p, r) > best.f1Chain) best = { f1Chain: f1(p, r), precisionChain: p, recallChain: r };
  }
  return { ...best, matchedNodes };
}

/** Corrected F1 graph: edges are common when they join the same nodes once translated through the matching. */
function f1GraphScore(pred: Workflow, gold: Workflow, similarity: SimilarityMatrix) {
  const match = matchNodes(similarity, gold.nodes.length);
  const matchedPred = match.flatMap((j, i) => (j >= 0 ? [i] : []));
  if (!matchedPred.length) return 0;
  const goldEdges = new Set(gold.edges.map(([a, b]) => `${a},${b}`));
  const common = pred.edges.filter(
    ([a, b]) => match[a]! >= 0 && match[b]! >= 0 && goldEdges.has(`${match[a]},${match[b]}`),
  );
  const size = largestComponent(matchedPred, common);
  return f1(size / pred.nodes.length, size / gold.nodes.length);
}

/** Size of the largest connected component of `nodes`, edges taken as undirected. */
function largestComponent(nodes: number[], edges: [number, number][]): number {
  const parent = new Map(nodes.map((n) => [n, n]));
  const find = (n: number): number => {
    while (parent.get(n) !== n) n = parent.get(n)!;
    return n;
  };
  for (const [a, b] of edges) if (parent.has(a) && parent.has(b)) parent.set(find(a), find(b));
  const sizes = new Map<number, number>();
  for (const n of nodes) sizes.set(find(n), (sizes.get(find(n)) ?? 0) + 1);
  return Math.max(0, ...sizes.values());
}

/** Length of the longest strictly increasing subsequence (patience sorting). */
export function longestIncreasing(values: number[]): number {
  const tails: number[] = [];
  for (const v of values) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = v;
  }
  return tails.length;
}

/** Up to `limit` topological orders of the gold graph's own nodes (START and END left out). */
export function topologicalOrders(workflow: Workflow, limit: number): number[][] {
  const end = workflow.nodes.length - 1;
  const inner = workflow.nodes.slice(1, -1).map((_, i) => i + 1);
  const edges = workflow.edges.filter(([a, b]) => a > 0 && a < end && b > 0 && b < end && a !== b);
  const indegree = new Map(inner.map((n) => [n, 0]));
  for (const [, b] of edges) indegree.set(b, indegree.get(b)! + 1);
  const orders: number[][] = [];
  const order: number[] = [];
  const visit = () => {
    if (orders.length >= limit) return;
    if (order.length === inner.length) {
      orders.push([...order]);
      return;
    }
    for (const n of inner) {
      if (indegree.get(n) !== 0 || order.includes(n)) continue;
      order.push(n);
      for (const [a, b] of edges) if (a === n) indegree.set(b, indegree.get(b)! - 1);
      visit();
      for (const [a, b] of edges) if (a === n) indegree.set(b, indegree.get(b)! + 1);
      order.pop();
    }
  };
  visit();
  return orders;
}
