import type { PlanStep, ToolGraph } from '../domain';
import { findField } from '../graph';
import { dependencyEdges } from '../graph/topology';
import { argumentsFromIntent } from './intent-arguments';
import type { IntentContext } from '../text-values/dates';
import { pickFromIntent } from './intent-picks';
import { asRef } from './refs';

interface ParamSchema {
  type?: string;
  default?: unknown;
}

const fits = (value: unknown, type: string | undefined): boolean =>
  type === undefined ||
  (type === 'integer' ? Number.isInteger(value) : type === 'array' ? Array.isArray(value) : typeof value === type);

/**
 * The literal an earlier step was given for a parameter of the same name and type (the steps it
 * depends on first, then the latest other): `book_flight` takes the `passengers` its
 * `search_flights` got. References are not carried, so no step comes to depend on another's.
 */
function givenEarlier(
  steps: readonly PlanStep[],
  dependsOn: ReadonlySet<string>,
  param: string,
  schema: ParamSchema | undefined,
): unknown {
  const ordered = [...steps.filter((s) => dependsOn.has(s.id)), ...steps.filter((s) => !dependsOn.has(s.id)).reverse()];
  for (const step of ordered) {
    const value = step.args[param];
    if (value !== undefined && !asRef(value) && fits(value, schema?.type)) return value;
  }
  return undefined;
}

/**
 * A plan without a model: the goal tools plus, for each parameter another tool produces
 * (`G_depend`), a step of that producer, recursively; each step depends only on the steps
 * whose results it uses, so independent branches stay parallel. Arguments that a producer
 * fills are references to its result (an item field such as `rooms[].room_id` included, its
 * element picked by a name the intent says: `rooms[name=bedroom].room_id`);
 * others are taken from the intent where possible; a required one still unfilled takes the
 * value an earlier step was given for a parameter of that name, else its schema default.
 */
export function planForGoals(
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
  goals: readonly string[],
  intent = '',
  context: IntentContext = {},
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
    const args: Record<string, unknown> = argumentsFromIntent(tool, intent, context);
    const dependsOn = new Set<string>();
    for (const edge of edges) {
      if (edge.toTool !== name || args[edge.toParam] !== undefined) continue;
      if (!findField(tool.parameters, edge.toParam)?.required && !stepOf.has(edge.fromTool)) continue;
      const producer = include(edge.fromTool);
      if (!producer) continue;
      const path = pickFromIntent(tools.get(edge.fromTool)!, edge.fromPath, intent, graph.tools);
      args[edge.toParam] = { $ref: `${producer.id}.result.${path}` };
      dependsOn.add(producer.id);
    }
    visiting.delete(name);
    const properties = (tool.parameters.properties ?? {}) as Record<string, ParamSchema>;
    for (const param of (tool.parameters.required ?? []) as string[]) {
      if (args[param] !== undefined) continue;
      const earlier = givenEarlier(steps, dependsOn, param, properties[param]);
      if (earlier !== undefined) args[param] = earlier;
      else if (properties[param]?.default !== undefined) args[param] = properties[param].default;
    }
    const step: PlanStep = { id: `s${steps.length + 1}`, tool: name, args, dependsOn: [...dependsOn] };
    steps.push(step);
    stepOf.set(name, step);
    return step;
  };
  for (const goal of goals) include(goal);
  return steps;
}
