import { maxWeightMatching } from './blossom';
import { WeightedGraph } from './weighted-graph';

/** Node texts compared pairwise: `similarity[i][j]` between predicted node i and gold node j. */
export type SimilarityMatrix = number[][];

/** The reference keeps only pairs more similar than this. */
export const MATCH_THRESHOLD = 0.6;

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function counts(text: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const w of words(text)) map.set(w, (map.get(w) ?? 0) + 1);
  return map;
}

/** Cosine similarity of two vectors, clipped at 0 as the reference does. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? Math.max(dot / Math.sqrt(na * nb), 0) : 0;
}

/**
 * Lexical stand-in for sentence embeddings when no model can embed: cosine of word-count
 * vectors. Deterministic, and labelled as lexical wherever its scores are shown.
 */
export function lexicalSimilarity(pred: string[], gold: string[]): SimilarityMatrix {
  const goldCounts = gold.map(counts);
  return pred.map((p) => {
    const pc = counts(p);
    return goldCounts.map((gc) => {
      let dot = 0;
      let np = 0;
      let ng = 0;
      for (const [w, n] of pc) {
        np += n * n;
        dot += n * (gc.get(w) ?? 0);
      }
      for (const n of gc.values()) ng += n * n;
      return np && ng ? dot / Math.sqrt(np * ng) : 0;
    });
  });
}

/** Similarity matrix from embedding vectors (one per predicted node, one per gold node). */
export function embeddingSimilarity(pred: number[][], gold: number[][]): SimilarityMatrix {
  return pred.map((p) => gold.map((g) => cosine(p, g)));
}

/**
 * One-to-one maximum-weight matching over pairs above the threshold (Hungarian algorithm on
 * the padded square matrix). Returns, for each predicted node, its gold node or −1.
 */
export function matchNodes(similarity: SimilarityMatrix, goldCount: number, threshold = MATCH_THRESHOLD): number[] {
  const predCount = similarity.length;
  const n = Math.max(predCount, goldCount);
  const weight = (i: number, j: number) => {
    const s = i < predCount && j < goldCount ? similarity[i]![j]! : 0;
    return s > threshold ? s : 0;
  };
  // Minimisation form of the Hungarian algorithm (1-indexed potentials u, v; p[j] = row of column j).
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Infinity);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = -weight(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0);
  }
  const match = new Array<number>(predCount).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = p[j]! - 1;
    if (i >= 0 && i < predCount && j - 1 < goldCount && weight(i, j - 1) > 0) match[i] = j - 1;
  }
  return match;
}

/**
 * The reference's node matching (`match_node` in WorfBench's graph_evaluator.py): networkx's
 * blossom `max_weight_matching` over the pairs above the threshold, the graph built pair by
 * pair in (predicted i, gold j) order. Where several matchings weigh the same (repeated node
 * texts), this returns the one networkx returns. `similarity(i, j)` compares predicted node i
 * with gold node j; returns, for each predicted node, its gold node or −1.
 */
export function matchNodesAsReference(
  predCount: number,
  goldCount: number,
  similarity: (i: number, j: number) => number,
  threshold = MATCH_THRESHOLD,
): number[] {
  const graph = new WeightedGraph<string>();
  for (let i = 0; i < predCount; i++)
    for (let j = 0; j < goldCount; j++) {
      const s = similarity(i, j);
      if (s > threshold) graph.addEdge(`p${i}`, `g${j}`, s);
    }
  const mate = maxWeightMatching(graph);
  return Array.from({ length: predCount }, (_, i) => {
    const partner = mate.get(`p${i}`);
    return partner === undefined ? -1 : Number(partner.slice(1));
  });
}
