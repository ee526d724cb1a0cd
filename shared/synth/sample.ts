import type { PlanStep, ToolGraph } from '../domain';
import { dependencyEdges } from '../graph/topology';
import { planForGoals } from '../plans/deterministic';
import { seededRandom, type Random } from '../random';

/** MagicAgent's atomic plan shapes: a chain along G_depend, branches that join, or unrelated sub-tasks. */
export type SampleKind = 'serial' | 'parallel' | 'isolated';

export interface ChainSample {
  kind: SampleKind;
  /** The tools the sample is about, in the order the intent names them. */
  tools: string[];
  /** The plan that carries it out (producers a tool needs included). */
  steps: PlanStep[];
}

type Graph = Pick<ToolGraph, 'tools' | 'edges'>;

export { seededRandom, type Random };
export { fillArguments } from './arguments';
export { templateIntent } from './intent';

/** Tools fed by two or more different tools: each is the join of parallel branches (its producers). */
function joinTools(graph: Graph): string[] {
  const edges = dependencyEdges(graph);
  return graph.tools
    .map((t) => t.name)
    .filter((n) => new Set(edges.filter((e) => e.toTool === n && e.fromTool !== n).map((e) => e.fromTool)).size >= 2);
}

/** The weakly connected part of the dependency graph each tool is in, named by one of its tools. */
function componentOf(graph: Graph): (tool: string) => string {
  const parent = new Map(graph.tools.map((t) => [t.name, t.name]));
  const root = (n: string): string => {
    while (parent.get(n) !== n) n = parent.get(n)!;
    return n;
  };
  for (const e of dependencyEdges(graph))
    if (parent.has(e.fromTool) && parent.has(e.toTool)) parent.set(root(e.fromTool), root(e.toTool));
  return root;
}

/**
 * Why a graph cannot provide a kind of sample, or null when it can. A kind the graph lacks is not
 * a failed sample: there is nothing to draw, whatever the seed.
 */
export function unavailableReason(graph: Graph, kind: SampleKind): string | null {
  const edges = dependencyEdges(graph).filter((e) => e.fromTool !== e.toTool);
  if (kind === 'serial')
    return edges.length ? null : 'no dependency edge joins two tools, so there is no chain to walk';
  if (kind === 'parallel')
    return joinTools(graph).length
      ? null
      : 'no tool takes results from two different tools, so there are no branches that join';
  const root = componentOf(graph);
  return new Set(graph.tools.map((t) => root(t.name))).size >= 2
    ? null
    : 'every tool is linked to the others by dependency edges, so there are no unrelated sub-tasks';
}

/** Picks one item with probability proportional to its weight. */
function pick<T>(items: readonly T[], weight: (item: T) => number, random: Random): T | null {
  const total = items.reduce((n, i) => n + weight(i), 0);
  if (!items.length || total <= 0) return null;
  let r = random() * total;
  for (const item of items) if ((r -= weight(item)) <= 0) return item;
  return items[items.length - 1]!;
}

/**
 * Samples tool chains from a graph. `usage` counts how often each tool (and `A>B` edge) is
 * already covered; rarely used ones are favoured (weight 1 / (1 + uses)).
 */
export function sampleChain(
  graph: Graph,
  kind: SampleKind,
  random: Random,
  options: { maxLength?: number; usage?: ReadonlyMap<string, number> } = {},
): ChainSample | null {
  const maxLength = options.maxLength ?? 4;
  const favour = (key: string) => 1 / (1 + (options.usage?.get(key) ?? 0));
  const edges = dependencyEdges(graph);
  const next = new Map<string, string[]>();
  for (const e of edges)
    if (e.fromTool !== e.toTool) next.set(e.fromTool, [...new Set([...(next.get(e.fromTool) ?? []), e.toTool])]);
  const names = graph.tools.map((t) => t.name);

  if (kind === 'serial') {
    const starts = names.filter((n) => next.has(n));
    const start = pick(starts, favour, random);
    if (!start) return null;
    const chain: string[] = [start];
    const length = 2 + Math.floor(random() * Math.max(1, maxLength - 1));
    while (chain.length < length) {
      const from: string = chain[chain.length - 1]!;
      const candidates: string[] = (next.get(from) ?? []).filter((n) => !chain.includes(n));
      const step = pick(candidates, (n) => favour(n) * favour(`${from}>${n}`), random);
      if (!step) break;
      chain.push(step);
    }
    if (chain.length < 2) return null;
    return { kind, tools: chain, steps: planForGoals(graph, [chain[chain.length - 1]!]) };
  }

  if (kind === 'parallel') {
    const joins = joinTools(graph);
    const join = pick(joins, favour, random);
    if (!join) return null;
    const producers = [
      ...new Set(edges.filter((e) => e.toTool === join && e.fromTool !== join).map((e) => e.fromTool)),
    ];
    const a = pick(producers, favour, random)!;
    const b = pick(
      producers.filter((p) => p !== a),
      favour,
      random,
    )!;
    const steps = planForGoals(graph, [a, b, join]);
    return { kind, tools: [a, b, join], steps };
  }

  // Isolated: tools with no dependency path between them (different weakly connected parts).
  const root = componentOf(graph);
  const first = pick(names, favour, random);
  if (!first) return null;
  const others = names.filter((n) => root(n) !== root(first));
  const second = pick(others, favour, random);
  if (!second) return null;
  return { kind, tools: [first, second], steps: planForGoals(graph, [first, second]) };
}
