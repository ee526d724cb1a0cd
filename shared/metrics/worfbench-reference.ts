import { matchNodesAsReference, type SimilarityMatrix } from '../compare/node-matching';
import { networkxTopologicalSorts, TopologicalSortError } from './topological-sorts';
import type { Workflow } from '../plans/workflow-text';

/*
 * WorfBench's scores exactly as its reference computes them (zjunlp/WorFBench,
 * evaluator/graph_evaluator.py `t_eval_nodes`, `t_eval_plan`, `t_eval_graph`), quirks included,
 * so that `--compat` numbers can be set beside published tables.
 */

/** The reference keeps this many orders of networkx's enumeration. */
const REFERENCE_ORDERS = 20;
/** From this many nodes (START and END counted) the reference uses the node list as it is. */
const RAW_NODE_LIST_FROM = 10;
/** Node texts the reference leaves out of chains, wherever they stand. */
const FRAME = new Set(['START', 'END']);

/** An input on which the reference stops with an exception instead of a score. */
export class ReferenceFailure extends Error {
  constructor(what: string) {
    super(`${what} (the reference implementation stops with an error here)`);
  }
}

export interface ReferenceChainScore {
  f1Chain: number;
  precisionChain: number;
  recallChain: number;
  /** Predicted nodes matched to a gold node in the best-scoring gold order. */
  matchedNodes: number;
}

/**
 * Gold node sequences the chain is scored against: the first 20 of networkx's topological
 * orders with START and END (by text) taken out, or the whole node list, START and END
 * included, for a gold graph of 10 nodes or more.
 */
export function referenceGoldOrders(gold: Workflow): number[][] {
  if (gold.nodes.length >= RAW_NODE_LIST_FROM) return [gold.nodes.map((_, i) => i)];
  try {
    return networkxTopologicalSorts(gold.nodes.length, gold.edges, REFERENCE_ORDERS).map((order) =>
      order.filter((i) => !FRAME.has(gold.nodes[i]!)),
    );
  } catch (error) {
    if (error instanceof TopologicalSortError) throw new ReferenceFailure(`gold graph: ${error.message}`);
    throw error;
  }
}

/**
 * F1 chain as `t_eval_nodes` computes it: for each gold order, the nodes are matched afresh
 * (the order decides how ties break), the longest chain of matched nodes in increasing gold
 * position is counted from 1 (so never below 1), and the best F1 over the orders is kept.
 */
export function chainAsReference(pred: Workflow, gold: Workflow, similarity: SimilarityMatrix): ReferenceChainScore {
  const orders = referenceGoldOrders(gold);
  const predNodes = pred.nodes.flatMap((text, i) => (FRAME.has(text) ? [] : [i]));
  if (!predNodes.length) throw new ReferenceFailure('the prediction has no node');
  let best: ReferenceChainScore = { f1Chain: 0, precisionChain: 0, recallChain: 0, matchedNodes: 0 };
  for (const order of orders) {
    if (!order.length) throw new ReferenceFailure('the gold workflow has no node');
    const mapped = matchNodesAsReference(
      predNodes.length,
      order.length,
      (i, j) => similarity[predNodes[i]!]![order[j]!]!,
    );
    const chain = mapped.map(() => 1);
    for (let i = 0; i < mapped.length; i++)
      for (let j = 0; j < i; j++)
        if (mapped[i] !== -1 && mapped[j] !== -1 && mapped[i]! > mapped[j]!)
          chain[i] = Math.max(chain[i]!, chain[j]! + 1);
    const k = Math.max(...chain);
    const recall = k / order.length;
    const precision = k / predNodes.length;
    const f1 = (2 * recall * precision) / (recall + precision);
    if (f1 > best.f1Chain)
      best = {
        f1Chain: f1,
        precisionChain: precision,
        recallChain: recall,
        matchedNodes: mapped.filter((j) => j >= 0).length,
      };
  }
  return best;
}

/**
 * F1 graph as `t_eval_graph` computes it: all nodes (START and END too) matched once; an edge
 * is common when the same index pair is an edge of both graphs between matched nodes, without
 * translating it through the matching; the largest connected component over the common edges
 * is measured among the matched predicted and among the matched gold nodes.
 */
export function graphAsReference(pred: Workflow, gold: Workflow, similarity: SimilarityMatrix): number {
  const match = matchNodesAsReference(pred.nodes.length, gold.nodes.length, (i, j) => similarity[i]![j]!);
  const matchedPred = match.flatMap((j, i) => (j >= 0 ? [i] : []));
  const matchedGold = match.filter((j) => j >= 0);
  if (!matchedPred.length) throw new ReferenceFailure('no node matched');
  const predSet = new Set(matchedPred);
  const goldSet = new Set(matchedGold);
  const goldEdges = new Set(
    gold.edges.filter(([a, b]) => goldSet.has(a) && goldSet.has(b)).map(([a, b]) => `${a},${b}`),
  );
  const common = pred.edges.filter(([a, b]) => predSet.has(a) && predSet.has(b) && goldEdges.has(`${a},${b}`));
  const precision = largestComponent(matchedPred, common) / pred.nodes.length;
  const recall = largestComponent(matchedGold, common) / gold.nodes.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Size of the largest connected component of the undirected graph of `nodes` and `edges`. */
function largestComponent(nodes: number[], edges: [number, number][]): number {
  const parent = new Map<number, number>();
  const find = (n: number): number => {
    if (!parent.has(n)) parent.set(n, n);
    while (parent.get(n) !== n) n = parent.get(n)!;
    return n;
  };
  for (const n of nodes) find(n);
  for (const [a, b] of edges) parent.set(find(a), find(b));
  const sizes = new Map<number, number>();
  for (const n of parent.keys()) sizes.set(find(n), (sizes.get(find(n)) ?? 0) + 1);
  return Math.max(0, ...sizes.values());
}
