import type { JsonSchema, PlanStep, ToolGraph } from '../domain';
import { dependencyEdges } from '../graph/topology';
import { planForGoals } from '../plans/deterministic';
import { seededRandom } from '../random';

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
export type Random = () => number;

export { seededRandom };

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
    // A tool fed by two or more different tools: its producers are the branches, it is the join.
    const joins = names.filter(
      (n) => new Set(edges.filter((e) => e.toTool === n && e.fromTool !== n).map((e) => e.fromTool)).size >= 2,
    );
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
  const parent = new Map(names.map((n) => [n, n]));
  const root = (n: string): string => {
    while (parent.get(n) !== n) n = parent.get(n)!;
    return n;
  };
  for (const e of edges)
    if (parent.has(e.fromTool) && parent.has(e.toTool)) parent.set(root(e.fromTool), root(e.toTool));
  const first = pick(names, favour, random);
  if (!first) return null;
  const others = names.filter((n) => root(n) !== root(first));
  const second = pick(others, favour, random);
  if (!second) return null;
  return { kind, tools: [first, second], steps: planForGoals(graph, [first, second]) };
}

const CITIES = ['Lisbon', 'Kyoto', 'Paris', 'Oslo', 'Lima', 'Nairobi'];

/** A plausible literal for a parameter: from its enum, its format, its name, or its type. */
export function exampleValue(name: string, schema: JsonSchema, random: Random): unknown {
  const choose = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  if (Array.isArray(schema.enum) && schema.enum.length) return choose(schema.enum);
  const lower = name.toLowerCase();
  switch (schema.type) {
    case 'integer':
      return 1 + Math.floor(random() * 3);
    case 'number':
      return Math.round(random() * 1000) / 10;
    case 'boolean':
      return random() < 0.5;
    case 'array':
      return [];
    case 'object':
      return {};
  }
  if (schema.format === 'date') return `2027-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;
  if (schema.format === 'date-time') return `2027-05-1${Math.floor(random() * 9)}T09:00:00`;
  if (/city|destination|origin|location|place/.test(lower)) return choose(CITIES);
  if (/currency/.test(lower)) return choose(['EUR', 'USD', 'GBP', 'JPY']);
  if (/country|nationality/.test(lower)) return choose(['PT', 'JP', 'FR', 'US']);
  if (/name/.test(lower)) return choose(['Ana Silva', 'Kenji Mori', 'Lea Martin']);
  if (/email/.test(lower)) return 'traveller@example.com';
  return `${lower.replace(/_/g, ' ')} ${1 + Math.floor(random() * 9)}`;
}

/** Gives every required parameter that no earlier step fills a value, so the plan can run. */
export function fillArguments(graph: Graph, steps: PlanStep[], random: Random): PlanStep[] {
  const tools = new Map(graph.tools.map((t) => [t.name, t]));
  return steps.map((step) => {
    const tool = tools.get(step.tool);
    if (!tool) return step;
    const properties = (tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((tool.parameters.required as string[] | undefined) ?? []);
    const args = { ...step.args };
    for (const [name, schema] of Object.entries(properties))
      if (args[name] === undefined && required.has(name)) args[name] = exampleValue(name, schema, random);
    return { ...step, args };
  });
}

/** The intent of a sample, from templates over the tools' descriptions. */
export function templateIntent(graph: Pick<ToolGraph, 'tools'>, sample: ChainSample, steps: PlanStep[]): string {
  const describe = (name: string) => {
    const tool = graph.tools.find((t) => t.name === name);
    const text = (tool?.description ?? name).replace(/\.$/, '');
    const step = steps.find((s) => s.tool === name);
    const literals = Object.entries(step?.args ?? {})
      .filter(([, v]) => typeof v !== 'object')
      .map(([k, v]) => `${k.replace(/_/g, ' ')} ${String(v)}`);
    return `${text.charAt(0).toLowerCase()}${text.slice(1)}${literals.length ? ` (${literals.join(', ')})` : ''}`;
  };
  const [first, ...rest] = sample.tools;
  switch (sample.kind) {
    case 'serial':
      return `Please ${describe(first!)}, then ${rest.map(describe).join(', then ')}.`;
    case 'parallel':
      return `Please ${describe(sample.tools[0]!)} and ${describe(sample.tools[1]!)}, and with both results ${describe(sample.tools[2]!)}.`;
    case 'isolated':
      return `Two separate things: ${describe(first!)}; and also ${rest.map(describe).join('; and also ')}.`;
  }
}
