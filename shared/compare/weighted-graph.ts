type Vertex = number;

/** An undirected weighted graph whose vertex and neighbour orders are insertion orders. */
export class WeightedGraph<K> {
  readonly keys: K[] = [];
  private readonly index = new Map<K, Vertex>();
  /** Per vertex: neighbour → weight, in the order the edges were first added. */
  private readonly adjacency: Map<Vertex, number>[] = [];

  private vertex(key: K): Vertex {
    let v = this.index.get(key);
    if (v === undefined) {
      v = this.keys.length;
      this.index.set(key, v);
      this.keys.push(key);
      this.adjacency.push(new Map());
    }
    return v;
  }

  /** Adds an edge (its endpoints too, in order); adding it again only changes its weight. */
  addEdge(u: K, v: K, weight: number): void {
    const a = this.vertex(u);
    const b = this.vertex(v);
    this.adjacency[a]!.set(b, weight);
    this.adjacency[b]!.set(a, weight);
  }

  get size(): number {
    return this.keys.length;
  }

  neighbours(v: Vertex): Vertex[] {
    return [...this.adjacency[v]!.keys()];
  }

  weight(v: Vertex, w: Vertex): number {
    return this.adjacency[v]!.get(w)!;
  }

  /** The largest weight of an edge that is not a self-loop, and 0 when there is none larger. */
  maxWeight(): number {
    let max = 0;
    this.adjacency.forEach((edges, v) => {
      for (const [w, weight] of edges) if (v !== w && weight > max) max = weight;
    });
    return max;
  }
}
