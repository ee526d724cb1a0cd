import type { PlanStep, Tool, ToolGraph } from '../domain';
import { findField } from '../graph';
import { dependencyEdges } from '../graph/topology';

/** Tools an intent names: `book_flight`, or its words in order (`book flight`, `Book the flight` does not count). */
export function toolsNamedIn(intent: string, graph: Pick<ToolGraph, 'tools'>): string[] {
  const text = ` ${intent.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  return graph.tools
    .filter((t) => text.includes(` ${t.name.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `))
    .map((t) => t.name);
}

/**
 * Fills literal arguments from the intent where they are unambiguous (a heuristic): ISO dates
 * for date parameters, "from X to Y" for origin/destination, "in X" for city, and a number
 * next to a counted noun (2 guests, 3 passengers) for integer parameters.
 */
export function argumentsFromIntent(tool: Tool, intent: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const properties = (tool.parameters.properties ?? {}) as Record<string, { type?: string; format?: string }>;
  const dates = intent.match(/\d{4}-\d{2}-\d{2}/g) ?? [];
  const route = /from ([A-Z][\p{L}-]+(?: [A-Z][\p{L}-]+)?) to ([A-Z][\p{L}-]+(?: [A-Z][\p{L}-]+)?)/u.exec(intent);
  const place = /\b(?:in|to|at|for) ([A-Z][\p{L}-]+(?: [A-Z][\p{L}-]+)?)/u.exec(intent);
  for (const [name, schema] of Object.entries(properties)) {
    const lower = name.toLowerCase();
    if (schema.format === 'date' && dates.length)
      args[name] = lower.includes('out') || lower.includes('end') ? (dates[1] ?? dates[0]) : dates[0];
    else if (route && /^(origin|from)(_city)?$/.test(lower)) args[name] = route[1];
    else if (route && /^(destination|to)(_city)?$/.test(lower)) args[name] = route[2];
    else if (place && /city|location|place/.test(lower) && schema.type === 'string') args[name] = place[1];
    else if (schema.type === 'integer') {
      const noun = lower.replace(/s$/, '');
      const count = new RegExp(`(\\d+) (?:\\w+ )?${noun}`, 'i').exec(intent);
      if (count) args[name] = Number(count[1]);
    }
  }
  return args;
}

/**
 * A plan without a model: the goal tools plus, for each parameter another tool produces
 * (`G_depend`), a step of that producer, recursively; each step depends only on the steps
 * whose results it uses, so independent branches stay parallel. Arguments that a producer
 * fills are references to its result; others are taken from the intent where possible.
 */
export function planForGoals(
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
  goals: readonly string[],
  intent = '',
): PlanStep[] {
  const tools = new Map(graph.tools.map((t) => [t.name, t]));
  const edges = dependencyEdges(graph);
  const steps: PlanStep[] = [];
  const stepOf = new Map<string, PlanStep>();
  const visiting = new Set<string>();

  const include = (name: string): PlanStep | null => {
    const existing = stepOf.get(name);
    if (existing) return existing;
    const tool = tools.get(name);
    if (!tool || visiting.has(name)) return null; // unknown tool, or a cycle in G_depend
    visiting.add(name);
    const args: Record<string, unknown> = argumentsFromIntent(tool, intent);
    const dependsOn = new Set<string>();
    for (const edge of edges) {
      if (edge.toTool !== name || args[edge.toParam] !== undefined) continue;
      if (!findField(tool.parameters, edge.toParam)?.required && !stepOf.has(edge.fromTool)) continue;
      const producer = include(edge.fromTool);
      if (!producer) continue;
      args[edge.toParam] = { $ref: `${producer.id}.result.${edge.fromPath}` };
      dependsOn.add(producer.id);
    }
    visiting.delete(name);
    const step: PlanStep = { id: `s${steps.length + 1}`, tool: name, args, dependsOn: [...dependsOn] };
    steps.push(step);
    stepOf.set(name, step);
    return step;
  };
  for (const goal of goals) include(goal);
  return steps;
}
