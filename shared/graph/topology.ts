import type { DependencyEdge, SharedParamEdge, ToolGraph } from '../domain';

export const dependencyEdges = (graph: Pick<ToolGraph, 'edges'>): DependencyEdge[] =>
  graph.edges.filter((e): e is DependencyEdge => e.kind === 'dependency');

export const sharedEdges = (graph: Pick<ToolGraph, 'edges'>): SharedParamEdge[] =>
  graph.edges.filter((e): e is SharedParamEdge => e.kind === 'shared');

/** Tool-level `G_depend`: tool → the tools its outputs feed. */
export function dependencyAdjacency(graph: Pick<ToolGraph, 'tools' | 'edges'>): Map<string, Set<string>> {
  const next = new Map(graph.tools.map((t) => [t.name, new Set<string>()]));
  // Edges to missing tools are the checks' business; topology ignores them.
  for (const edge of dependencyEdges(graph)) if (next.has(edge.toTool)) next.get(edge.fromTool)?.add(edge.toTool);
  return next;
}

/** Cycles of `G_depend` as tool lists (strongly connected components with more than one tool, or a self-loop). */
export function dependencyCycles(graph: Pick<ToolGraph, 'tools' | 'edges'>): string[][] {
  const next = dependencyAdjacency(graph);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  // Iterative Tarjan: a thousand-tool chain must not overflow the call stack.
  for (const root of next.keys()) {
    if (index.has(root)) continue;
    const work: [string, Iterator<string>][] = [];
    const visit = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push([node, next.get(node)!.values()]);
    };
    visit(root);
    while (work.length) {
      const [node, children] = work[work.length - 1]!;
      const step = children.next();
      if (!step.done) {
        const child = step.value;
        if (!index.has(child)) visit(child);
        else if (onStack.has(child)) low.set(node, Math.min(low.get(node)!, index.get(child)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || next.get(node)!.has(node)) cycles.push(component.reverse());
      }
    }
  }
  return cycles;
}

/** Number of tools on the longest chain of `G_depend`; null when it has a cycle. */
export function longestDependencyChain(graph: Pick<ToolGraph, 'tools' | 'edges'>): number | null {
  const next = dependencyAdjacency(graph);
  const indegree = new Map([...next.keys()].map((k) => [k, 0]));
  for (const targets of next.values()) for (const t of targets) indegree.set(t, (indegree.get(t) ?? 0) + 1);
  const depth = new Map([...next.keys()].map((k) => [k, 1]));
  const queue = [...indegree].filter(([, d]) => d === 0).map(([k]) => k);
  let seen = 0;
  while (queue.length) {
    const node = queue.shift()!;
    seen++;
    for (const target of next.get(node)!) {
      depth.set(target, Math.max(depth.get(target)!, depth.get(node)! + 1));
      indegree.set(target, indegree.get(target)! - 1);
      if (indegree.get(target) === 0) queue.push(target);
    }
  }
  if (seen < next.size) return null;
  return next.size ? Math.max(...depth.values()) : 0;
}

/** Connected components of `G_share` with two or more tools, largest first. */
export function sharedComponents(graph: Pick<ToolGraph, 'tools' | 'edges'>): string[][] {
  const parent = new Map(graph.tools.map((t) => [t.name, t.name]));
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const edge of sharedEdges(graph)) {
    if (parent.has(edge.toolA) && parent.has(edge.toolB)) parent.set(find(edge.toolA), find(edge.toolB));
  }
  const groups = new Map<string, string[]>();
  for (const name of parent.keys()) groups.set(find(name), [...(groups.get(find(name)) ?? []), name]);
  return [...groups.values()].filter((g) => g.length > 1).sort((a, b) => b.length - a.length);
}

export interface GraphSummaryFigures {
  tools: number;
  dependencyEdges: number;
  sharedEdges: number;
  longestChain: number | null;
  sharedComponents: number;
}

export function summarizeGraph(graph: Pick<ToolGraph, 'tools' | 'edges'>): GraphSummaryFigures {
  return {
    tools: graph.tools.length,
    dependencyEdges: dependencyEdges(graph).length,
    sharedEdges: sharedEdges(graph).length,
    longestChain: longestDependencyChain(graph),
    sharedComponents: sharedComponents(graph).length,
  };
}
