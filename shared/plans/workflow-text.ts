/** A workflow in WorfBench's text form: node texts with START at 0 and END last, and directed edges. */
export interface Workflow {
  /** `nodes[0]` is `START`, the last is `END`; the user's nodes are 1..n in between. */
  nodes: string[];
  edges: [number, number][];
}

const NODE = /\d+[:.] (.+)/g;
const EDGE = /\(\s*(\d+|START)\s*,\s*(\d+|END)\s*\)/g;
const EDGE_HEADER = /Edges?\s*:/i;

/**
 * Parses `Node:\n1: …\n2: …\nEdge: (START,1) (1,2) (2,END)` with the reference's regular
 * expressions, read where they belong: nodes from the text before the edge list's header
 * (`Edge:` or `Edges:`), so that numbered lines after it are not taken for nodes, and edges
 * from the text after it; edges naming a node that does not exist are dropped.
 */
export function parseWorkflow(text: string): Workflow {
  const edgeAt = text.search(EDGE_HEADER);
  const nodePart = edgeAt >= 0 ? text.slice(0, edgeAt) : text;
  const edgePart = edgeAt >= 0 ? text.slice(edgeAt) : '';
  const inner = [...nodePart.matchAll(NODE)].map((m) => m[1]!.trim());
  const nodes = ['START', ...inner, 'END'];
  const end = nodes.length - 1;
  const index = (raw: string) => (raw === 'START' ? 0 : raw === 'END' ? end : Number(raw));
  const edges = [...edgePart.matchAll(EDGE)]
    .map((m): [number, number] => [index(m[1]!), index(m[2]!)])
    .filter(([a, b]) => a >= 0 && a <= end && b >= 0 && b <= end);
  return { nodes, edges };
}

/** Writes a workflow back in WorfBench's text form. */
export function workflowToText(workflow: Workflow): string {
  const end = workflow.nodes.length - 1;
  const name = (i: number) => (i === 0 ? 'START' : i === end ? 'END' : String(i));
  const nodes = workflow.nodes.slice(1, -1).map((text, i) => `${i + 1}: ${text}`);
  const edges = workflow.edges.map(([a, b]) => `(${name(a)},${name(b)})`).join(' ');
  return `Node:\n${nodes.join('\n')}\nEdge: ${edges}`;
}
