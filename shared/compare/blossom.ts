/**
 * Maximum-weight matching on a general graph by Edmonds' blossom method with primal-dual
 * updates (Galil 1986), following networkx's `max_weight_matching` step for step. Which of
 * several optimal matchings comes out depends on the order the search meets vertices and
 * edges, so this keeps networkx's orders: vertices in insertion order, each vertex's
 * neighbours in the order its edges were added, blossoms in creation order. WorfBench's
 * reference matches nodes with networkx, and equal similarities (repeated node texts) are
 * only scored as it scores them when ties break the same way.
 */

import type { WeightedGraph } from './weighted-graph';

type Vertex = number;
type Edge = readonly [Vertex, Vertex];

class Blossom {
  /** Sub-blossoms, starting with the base and going round the blossom. */
  childs: Sub[] = [];
  /** `edges[i]` joins a vertex of `childs[i]` to a vertex of `childs[i + 1]` (wrapping). */
  edges: Edge[] = [];
  /** Least-slack edges to neighbouring S-blossoms, when computed. */
  bestEdges: Edge[] | null = null;
}
type Sub = Vertex | Blossom;

/** Python-style indexing: negative positions count from the end. */
const at = <T>(list: T[], i: number): T => list[i < 0 ? i + list.length : i]!;

/** Leaf vertices of a blossom, in the order of a depth-first walk that pops from the end. */
function leaves(b: Blossom): Vertex[] {
  const out: Vertex[] = [];
  const stack = [...b.childs];
  while (stack.length) {
    const t = stack.pop()!;
    if (t instanceof Blossom) stack.push(...t.childs);
    else out.push(t);
  }
  return out;
}

const NO_VERTEX = -1;
const S = 1;
const T = 2;
const BREADCRUMB = 4;

export interface MatchingOptions {
  /** Largest weight among the matchings of largest size (networkx's `maxcardinality`). */
  maxCardinality?: boolean;
}

/**
 * Maximum-weight matching of `graph`, as networkx's `max_weight_matching` finds it, ties
 * included. Returns each matched vertex key's partner.
 */
export function maxWeightMatching<K>(graph: WeightedGraph<K>, options: MatchingOptions = {}): Map<K, K> {
  const mate = new BlossomSearch(graph, options.maxCardinality ?? false).run();
  return new Map([...mate].map(([v, w]) => [graph.keys[v]!, graph.keys[w]!]));
}

/** One run of the primal-dual search; field names follow Galil's paper as networkx does. */
class BlossomSearch<K> {
  private readonly n: number;
  private readonly mate = new Map<Vertex, Vertex>();
  /** Top-level blossoms: 1 (S), 2 (T), null/absent (free); 5 while carrying a breadcrumb. */
  private readonly label = new Map<Sub, number | null>();
  private readonly labelEdge = new Map<Sub, Edge | null>();
  private readonly inBlossom: Sub[];
  /** Insertion-ordered: the delta-3 scan visits vertices, then blossoms as they were made. */
  private readonly blossomParent = new Map<Sub, Blossom | null>();
  private readonly blossomBase = new Map<Sub, Vertex>();
  private readonly bestEdge = new Map<Sub, Edge | null>();
  /** Twice each vertex's dual variable. */
  private readonly dual: number[];
  private readonly blossomDual = new Map<Blossom, number>();
  private readonly allowed = new Set<string>();
  private queue: Vertex[] = [];

  constructor(
    private readonly graph: WeightedGraph<K>,
    private readonly maxCardinality: boolean,
  ) {
    this.n = graph.size;
    this.inBlossom = Array.from({ length: this.n }, (_, v) => v);
    for (let v = 0; v < this.n; v++) {
      this.blossomParent.set(v, null);
      this.blossomBase.set(v, v);
    }
    this.dual = new Array<number>(this.n).fill(graph.maxWeight());
  }

  private slack(v: Vertex, w: Vertex): number {
    return this.dual[v]! + this.dual[w]! - 2 * this.graph.weight(v, w);
  }

  private allow(v: Vertex, w: Vertex) {
    this.allowed.add(`${v},${w}`).add(`${w},${v}`);
  }

  private isAllowed(v: Vertex, w: Vertex) {
    return this.allowed.has(`${v},${w}`);
  }

  /** Labels the top-level blossom of `w` with `t`, reached from `v`. */
  private assignLabel(w: Vertex, t: number, v: Vertex | null): void {
    const b = this.inBlossom[w]!;
    this.label.set(w, t).set(b, t);
    const edge: Edge | null = v === null ? null : [v, w];
    this.labelEdge.set(w, edge).set(b, edge);
    this.bestEdge.set(w, null).set(b, null);
    if (t === S) {
      if (b instanceof Blossom) this.queue.push(...leaves(b));
      else this.queue.push(b);
    } else if (t === T) {
      // A T-blossom's base is its only vertex with an outside mate; that mate becomes S.
      const base = this.blossomBase.get(b)!;
      this.assignLabel(this.mate.get(base)!, S, base);
    }
  }

  /** Traces back from S-vertices v and w: the base of a new blossom, or NO_VERTEX for an augmenting path. */
  private scanBlossom(v: Vertex, w: Vertex): Vertex {
    const path: Sub[] = [];
    let base = NO_VERTEX;
    while (v !== NO_VERTEX) {
      let b = this.inBlossom[v]!;
      if (this.label.get(b)! & BREADCRUMB) {
        base = this.blossomBase.get(b)!;
        break;
      }
      path.push(b);
      this.label.set(b, S | BREADCRUMB);
      const edge = this.labelEdge.get(b);
      if (!edge) v = NO_VERTEX;
      else {
        b = this.inBlossom[edge[0]]!;
        v = this.labelEdge.get(b)![0];
      }
      if (w !== NO_VERTEX) [v, w] = [w, v];
    }
    for (const b of path) this.label.set(b, S);
    return base;
  }

  /** Makes a new S-blossom with the given base through the edge between S-vertices v and w. */
  private addBlossom(base: Vertex, v: Vertex, w: Vertex): void {
    const bb = this.inBlossom[base]!;
    let bv = this.inBlossom[v]!;
    let bw = this.inBlossom[w]!;
    const b = new Blossom();
    this.blossomBase.set(b, base);
    this.blossomParent.set(b, null);
    this.blossomParent.set(bb, b);
    const path = b.childs;
    const edges = b.edges;
    edges.push([v, w]);
    while (bv !== bb) {
      this.blossomParent.set(bv, b);
      path.push(bv);
      const edge = this.labelEdge.get(bv)!;
      edges.push(edge);
      bv = this.inBlossom[edge[0]]!;
    }
    path.push(bb);
    path.reverse();
    edges.reverse();
    while (bw !== bb) {
      this.blossomParent.set(bw, b);
      path.push(bw);
      const edge = this.labelEdge.get(bw)!;
      edges.push([edge[1], edge[0]]);
      bw = this.inBlossom[edge[0]]!;
    }
    this.label.set(b, S);
    this.labelEdge.set(b, this.labelEdge.get(bb)!);
    this.blossomDual.set(b, 0);
    for (const leaf of leaves(b)) {
      // T-vertices inside become S-vertices of the new blossom and join the queue.
      if (this.label.get(this.inBlossom[leaf]!) === T) this.queue.push(leaf);
      this.inBlossom[leaf] = b;
    }
    this.computeBestEdges(b, path);
  }

  /** The new blossom's least-slack edges to other S-blossoms, one per neighbour blossom. */
  private computeBestEdges(b: Blossom, path: Sub[]): void {
    const bestTo = new Map<Sub, Edge>();
    for (const bv of path) {
      let candidates: Edge[];
      if (bv instanceof Blossom && bv.bestEdges !== null) {
        candidates = bv.bestEdges;
        bv.bestEdges = null;
      } else {
        const from = bv instanceof Blossom ? leaves(bv) : [bv];
        candidates = from.flatMap((x) =>
          this.graph
            .neighbours(x)
            .filter((y) => y !== x)
            .map((y): Edge => [x, y]),
        );
      }
      for (const edge of candidates) {
        let [i, j] = edge;
        if (this.inBlossom[j] === b) [i, j] = [j, i];
        const bj = this.inBlossom[j]!;
        if (bj === b || this.label.get(bj) !== S) continue;
        const known = bestTo.get(bj);
        if (!known || this.slack(i, j) < this.slack(...known)) bestTo.set(bj, edge);
      }
      this.bestEdge.set(bv, null);
    }
    b.bestEdges = [...bestTo.values()];
    let best: Edge | null = null;
    let bestSlack = 0;
    for (const edge of b.bestEdges) {
      const s = this.slack(...edge);
      if (best === null || s < bestSlack) {
        best = edge;
        bestSlack = s;
      }
    }
    this.bestEdge.set(b, best);
  }

  /** Dissolves a top-level blossom; during a stage a T-blossom's children are relabelled. */
  private expandBlossom(b: Blossom, endStage: boolean): void {
    for (const s of b.childs) {
      this.blossomParent.set(s, null);
      if (s instanceof Blossom) {
        if (endStage && this.blossomDual.get(s) === 0) this.expandBlossom(s, endStage);
        else for (const v of leaves(s)) this.inBlossom[v] = s;
      } else this.inBlossom[s] = s;
    }
    if (!endStage && this.label.get(b) === T) this.relabelExpandedT(b);
    this.label.delete(b);
    this.labelEdge.delete(b);
    this.bestEdge.delete(b);
    this.blossomParent.delete(b);
    this.blossomBase.delete(b);
    this.blossomDual.delete(b);
  }

  private relabelExpandedT(b: Blossom): void {
    const entryEdge = this.labelEdge.get(b)!;
    const entryChild = this.inBlossom[entryEdge[1]]!;
    // Go round the blossom from the entry child to the base, the even-length way.
    let j = b.childs.indexOf(entryChild);
    let step: number;
    if (j & 1) {
      j -= b.childs.length;
      step = 1;
    } else step = -1;
    let [v, w] = entryEdge;
    while (j !== 0) {
      let p: Vertex;
      let q: Vertex;
      if (step === 1) [p, q] = at(b.edges, j);
      else [q, p] = at(b.edges, j - 1);
      this.label.set(w, null);
      this.label.set(q, null);
      this.assignLabel(w, T, v);
      this.allow(p, q);
      j += step;
      if (step === 1) [v, w] = at(b.edges, j);
      else [w, v] = at(b.edges, j - 1);
      this.allow(v, w);
      j += step;
    }
    // The base child becomes T without passing the label on to its mate.
    const bw = at(b.childs, j);
    this.label.set(w, T).set(bw, T);
    this.labelEdge.set(w, [v, w]).set(bw, [v, w]);
    this.bestEdge.set(bw, null);
    j += step;
    while (at(b.childs, j) !== entryChild) {
      const bv = at(b.childs, j);
      if (this.label.get(bv) === S) {
        j += step;
        continue;
      }
      let reached: Vertex;
      if (bv instanceof Blossom) {
        const all = leaves(bv);
        reached = all.find((x) => this.label.get(x)) ?? all[all.length - 1]!;
      } else reached = bv;
      if (this.label.get(reached)) {
        // Reachable from an S-vertex outside: this child becomes a T-blossom.
        this.label.set(reached, null);
        this.label.set(this.mate.get(this.blossomBase.get(bv)!)!, null);
        this.assignLabel(reached, T, this.labelEdge.get(reached)![0]);
      }
      j += step;
    }
  }

  /** Swaps matched and unmatched edges on the alternating path inside b from vertex v to its base. */
  private augmentBlossom(b: Blossom, v: Vertex): void {
    let t: Sub = v;
    while (this.blossomParent.get(t) !== b) t = this.blossomParent.get(t)!;
    if (t instanceof Blossom) this.augmentBlossom(t, v);
    const i = b.childs.indexOf(t);
    let j = i;
    let step: number;
    if (i & 1) {
      j -= b.childs.length;
      step = 1;
    } else step = -1;
    while (j !== 0) {
      j += step;
      t = at(b.childs, j);
      let w: Vertex;
      let x: Vertex;
      if (step === 1) [w, x] = at(b.edges, j);
      else [x, w] = at(b.edges, j - 1);
      if (t instanceof Blossom) this.augmentBlossom(t, w);
      j += step;
      t = at(b.childs, j);
      if (t instanceof Blossom) this.augmentBlossom(t, x);
      this.mate.set(w, x).set(x, w);
    }
    b.childs = [...b.childs.slice(i), ...b.childs.slice(0, i)];
    b.edges = [...b.edges.slice(i), ...b.edges.slice(0, i)];
    this.blossomBase.set(b, this.blossomBase.get(b.childs[0]!)!);
  }

  /** Augments along the path through the edge between S-vertices v and w. */
  private augmentMatching(v: Vertex, w: Vertex): void {
    for (let [s, j] of [
      [v, w],
      [w, v],
    ] as [Vertex, Vertex][]) {
      for (;;) {
        const bs = this.inBlossom[s]!;
        if (bs instanceof Blossom) this.augmentBlossom(bs, s);
        this.mate.set(s, j);
        const edge = this.labelEdge.get(bs);
        if (!edge) break;
        const bt = this.inBlossom[edge[0]]!;
        [s, j] = this.labelEdge.get(bt)!;
        if (bt instanceof Blossom) this.augmentBlossom(bt, j);
        this.mate.set(j, s);
      }
    }
  }

  /** Scans the queue's S-vertices; true when the matching was augmented. */
  private grow(): boolean {
    while (this.queue.length) {
      const v = this.queue.pop()!;
      for (const w of this.graph.neighbours(v)) {
        if (w === v) continue;
        const bv = this.inBlossom[v]!;
        const bw = this.inBlossom[w]!;
        if (bv === bw) continue; // an edge inside a blossom
        let slack = 0;
        if (!this.isAllowed(v, w)) {
          slack = this.slack(v, w);
          if (slack <= 0) this.allow(v, w);
        }
        if (this.isAllowed(v, w)) {
          if (this.label.get(bw) == null) this.assignLabel(w, T, v);
          else if (this.label.get(bw) === S) {
            const base = this.scanBlossom(v, w);
            if (base !== NO_VERTEX) this.addBlossom(base, v, w);
            else {
              this.augmentMatching(v, w);
              return true;
            }
          } else if (this.label.get(w) == null) {
            // w sits inside a T-blossom: note that it is reachable, for a later expansion.
            this.label.set(w, T);
            this.labelEdge.set(w, [v, w]);
          }
        } else if (this.label.get(bw) === S) {
          const best = this.bestEdge.get(bv);
          if (best == null || slack < this.slack(...best)) this.bestEdge.set(bv, [v, w]);
        } else if (this.label.get(w) == null) {
          const best = this.bestEdge.get(w);
          if (best == null || slack < this.slack(...best)) this.bestEdge.set(w, [v, w]);
        }
      }
    }
    return false;
  }

  /** Moves the duals by the smallest allowed step; false when the optimum is reached. */
  private adjustDuals(): boolean {
    let type = -1;
    let delta = 0;
    let deltaEdge: Edge | null = null;
    let deltaBlossom: Blossom | null = null;
    if (!this.maxCardinality) {
      type = 1;
      delta = Math.min(...this.dual);
    }
    for (let v = 0; v < this.n; v++) {
      const edge = this.bestEdge.get(v);
      if (this.label.get(this.inBlossom[v]!) != null || edge == null) continue;
      const d = this.slack(...edge);
      if (type === -1 || d < delta) [delta, type, deltaEdge] = [d, 2, edge];
    }
    for (const [b, parent] of this.blossomParent) {
      const edge = this.bestEdge.get(b);
      if (parent !== null || this.label.get(b) !== S || edge == null) continue;
      const d = this.slack(...edge) / 2;
      if (type === -1 || d < delta) [delta, type, deltaEdge] = [d, 3, edge];
    }
    for (const [b, z] of this.blossomDual) {
      if (this.blossomParent.get(b) === null && this.label.get(b) === T && (type === -1 || z < delta))
        [delta, type, deltaBlossom] = [z, 4, b];
    }
    if (type === -1) {
      // Largest cardinality reached: a last update keeps the duals verifiable.
      type = 1;
      delta = Math.max(0, Math.min(...this.dual));
    }
    for (let v = 0; v < this.n; v++) {
      const l = this.label.get(this.inBlossom[v]!);
      if (l === S) this.dual[v]! -= delta;
      else if (l === T) this.dual[v]! += delta;
    }
    for (const [b, z] of this.blossomDual) {
      if (this.blossomParent.get(b) !== null) continue;
      if (this.label.get(b) === S) this.blossomDual.set(b, z + delta);
      else if (this.label.get(b) === T) this.blossomDual.set(b, z - delta);
    }
    if (type === 1) return false;
    if (type === 2 || type === 3) {
      const [v, w] = deltaEdge!;
      this.allow(v, w);
      this.queue.push(v);
    } else this.expandBlossom(deltaBlossom!, false);
    return true;
  }

  run(): Map<Vertex, Vertex> {
    if (!this.n) return this.mate;
    for (;;) {
      // A stage: label from every single vertex, search until an augmenting path is found.
      this.label.clear();
      this.labelEdge.clear();
      this.bestEdge.clear();
      for (const b of this.blossomDual.keys()) b.bestEdges = null;
      this.allowed.clear();
      this.queue = [];
      for (let v = 0; v < this.n; v++)
        if (!this.mate.has(v) && this.label.get(this.inBlossom[v]!) == null) this.assignLabel(v, S, null);
      // Substages: grow the labelled forest, and where it is stuck move the duals.
      let augmented: boolean;
      do augmented = this.grow();
      while (!augmented && this.adjustDuals());
      if (!augmented) return this.mate;
      for (const b of [...this.blossomDual.keys()]) {
        if (!this.blossomDual.has(b)) continue; // expanded with its parent
        if (this.blossomParent.get(b) === null && this.label.get(b) === S && this.blossomDual.get(b) === 0)
          this.expandBlossom(b, true);
      }
    }
  }
}
