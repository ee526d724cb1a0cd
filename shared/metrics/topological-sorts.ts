/**
 * Topological orders in the order networkx's `all_topological_sorts` yields them (Knuth and
 * Szwarcfiter's method): the ready vertices wait in a deque, the rightmost is placed next,
 * vertices it frees join on the right in edge order, and a vertex already tried at a position
 * moves to the left end. WorfBench's reference keeps the first 20 orders of that sequence, so
 * which orders a gold graph contributes depends on this order, not only on the graph.
 */

/** The reference stops with an error on a cycle or an edge to a node it does not have. */
export class TopologicalSortError extends Error {}

/**
 * Up to `limit` orders of the vertices 0..count-1 of the directed graph `edges`, as networkx
 * enumerates a DiGraph built with `add_nodes_from(range(count))` then `add_edges_from(edges)`.
 * An edge repeated counts once. Throws on a cycle (networkx's "Graph contains a cycle") and on
 * an endpoint outside 0..count-1 (the reference then indexes past its node list).
 */
export function networkxTopologicalSorts(count: number, edges: [number, number][], limit: number): number[][] {
  const successors = Array.from({ length: count }, () => [] as number[]);
  for (const [a, b] of edges) {
    if (a < 0 || b < 0 || a >= count || b >= count)
      throw new TopologicalSortError(`edge (${a},${b}) names a node the graph does not have`);
    if (!successors[a]!.includes(b)) successors[a]!.push(b);
  }
  const waiting = new Array<number>(count).fill(0);
  for (const next of successors) for (const b of next) waiting[b]!++;
  const ready = waiting.flatMap((n, v) => (n === 0 ? [v] : []));
  const sorts: number[][] = [];
  const sort: number[] = [];
  /** The first vertex placed at each position: when it is rightmost again, the position is done. */
  const bases: number[] = [];
  if (limit <= 0) return sorts;
  for (;;) {
    if (sort.length === count) {
      sorts.push([...sort]);
      if (sorts.length >= limit) return sorts;
      while (sort.length) {
        const q = sort.pop()!;
        for (const b of successors[q]!) waiting[b]!++;
        while (ready.length && waiting[ready[ready.length - 1]!]! > 0) ready.pop();
        ready.unshift(q);
        if (ready[ready.length - 1] === bases[bases.length - 1]) bases.pop();
        else break;
      }
    } else {
      if (!ready.length) throw new TopologicalSortError('the graph contains a cycle');
      const q = ready.pop()!;
      for (const b of successors[q]!) if (--waiting[b]! === 0) ready.push(b);
      sort.push(q);
      if (bases.length < sort.length) bases.push(q);
    }
    if (!bases.length) return sorts;
  }
}
