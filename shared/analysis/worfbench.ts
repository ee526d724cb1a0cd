import { matchNodes, type SimilarityMatrix } from './node-matching';
import type { Workflow } from './workflow-text';

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
  /** Reproduce the reference implementation's quirks, to compare with published tables. */
  compat?: boolean;
}

const MAX_GOLD_ORDERS = 20;
const RAW_ORDER_FROM = 10;

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
  const chain = f1Chain(pred, gold, similarity, options);
  let f1Graph: number | null;
  let error: string | undefined;
  try {
    f1Graph = f1GraphScore(pred, gold, similarity, options);
  } catch (e) {
    f1Graph = null;
    error = (e as Error).message;
  }
  return { ...chain, f1Graph, ...(error ? { error } : {}) };
}

function f1Chain(pred: Workflow, gold: Workflow, similarity: SimilarityMatrix, { compat = false }: WorfBenchOptions) {
  const predInner = pred.nodes.length - 2;
  const goldInner = gold.nodes.length - 2;
  // Inner nodes only: predicted i (1..n) ↔ gold j (1..m), mapped to gold node numbers.
  const inner = similarity.slice(1, -1).map((row) => row.slice(1, -1));
  const mapped = matchNodes(inner, goldInner).map((j) => (j < 0 ? -1 : j + 1));
  const matchedNodes = mapped.filter((j) => j > 0).length;
  const rawOrder = compat && gold.nodes.length >= RAW_ORDER_FROM;
  const orders = rawOrder ? [gold.nodes.map((_, i) => i)] : topologicalOrders(gold, MAX_GOLD_ORDERS);
  const goldLength = rawOrder ? gold.nodes.length : goldInner;
  let best = { f1Chain: 0, precisionChain: 0, recallChain: 0 };
  if (predInner === 0 || goldLength === 0) return { ...best, matchedNodes };
  for (const order of orders.length ? orders : [gold.nodes.slice(1, -1).map((_, i) => i + 1)]) {
    const position = new Map(order.map((node, at) => [node, at]));
    const positions = mapped.filter((j) => j > 0 && position.has(j)).map((j) => position.get(j)!);
    let k = longestIncreasing(positions);
    if (compat) k = Math.max(k, 1); // the reference's DP starts at 1
    const p = k / predInner;
    const r = k / goldLength;
    if (f1(p, r) > best.f1Chain) best = { f1Chain: f1(p, r), precisionChain: p, recallChain: r };
  }
  return { ...best, matchedNodes };
}

function f1GraphScore(
  pred: Workflow,
  gold: Workflow,
  similarity: SimilarityMatrix,
  { compat = false }: WorfBenchOptions,
) {
  const match = matchNodes(similarity, gold.nodes.length);
  const matchedPred = match.flatMap((j, i) => (j >= 0 ? [i] : []));
  if (!matchedPred.length) {
    if (compat) throw new Error('no node matched (the reference implementation raises an error here)');
    return 0;
  }
  let cp: number;
  let cg: number;
  if (compat) {
    // The reference compares raw index pairs, without translating them through the matching.
    const matchedGold = new Set(match.filter((j) => j >= 0));
    const predSet = new Set(matchedPred);
    const goldEdges = new Set(
      gold.edges.filter(([a, b]) => matchedGold.has(a) && matchedGold.has(b)).map(([a, b]) => `${a},${b}`),
    );
    const common = pred.edges.filter(([a, b]) => predSet.has(a) && predSet.has(b) && goldEdges.has(`${a},${b}`));
    cp = largestComponent([...predSet], common);
    cg = largestComponent([...matchedGold], common);
  } else {
    const goldEdges = new Set(gold.edges.map(([a, b]) => `${a},${b}`));
    const common = pred.edges.filter(
      ([a, b]) => match[a]! >= 0 && match[b]! >= 0 && goldEdges.has(`${match[a]},${match[b]}`),
    );
    cp = cg = largestComponent(matchedPred, common);
  }
  return f1(cp / pred.nodes.length, cg / gold.nodes.length);
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
