import type { ElkNode } from 'elkjs/lib/elk-api.js';

/**
 * What the layout worker is sent: the tools' names, and their sizes and the edges as flat typed
 * arrays whose buffers are moved to the worker, not copied.
 */
export interface LayoutRequest {
  id: number;
  layoutOptions: Record<string, string>;
  names: string[];
  /** Width, height per tool, in the order of `names`. */
  sizes: Float64Array;
  /** Edge id (its index in the graph), source tool index, target tool index per edge. */
  edges: Int32Array;
}
/** `positions` holds name index, x, y per tool. */
export type LayoutAnswer = { id: number; positions: Float64Array } | { id: number; error: string };

/** The ELK graph of a request: the same graph, ids included, as one built on the main thread. */
export function elkGraph({ layoutOptions, names, sizes, edges }: LayoutRequest): ElkNode {
  const children = names.map((name, i) => ({ id: name, width: sizes[i * 2]!, height: sizes[i * 2 + 1]! }));
  const elkEdges = [];
  for (let i = 0; i < edges.length; i += 3)
    elkEdges.push({ id: `e${edges[i]}`, sources: [names[edges[i + 1]!]!], targets: [names[edges[i + 2]!]!] });
  return { id: 'root', layoutOptions, children, edges: elkEdges };
}
