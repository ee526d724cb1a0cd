import type { JsonSchema, PlanStep, ToolGraph } from '../domain';
import { isObject } from '../json';
import { asRef } from '../plans/refs';
import type { Random } from '../random';
import { schemaValue } from '../json-schema/schema-values';
import { endInTrip, intoTrip, tripFrom, type Trip } from './trip-dates';

type Graph = Pick<ToolGraph, 'tools' | 'edges'>;

export interface FillOptions {
  /** Values a tool refused before (`Unknown city: Oslo`): drawn again while others remain. */
  avoid?: (tool: string, param: string, value: unknown) => boolean;
}

/** `check_in` → `check_out`, `start` → `end`, `start_date` → `end_date`: the parameter that must come later. */
const LATER: [RegExp, string][] = [
  [/(^|_)in($|_)/, '$1out$2'],
  [/(^|_)start($|_)/, '$1end$2'],
  [/(^|_)from($|_)/, '$1to$2'],
  [/(^|_)depart(ure)?($|_)/, '$1return$3'],
];

const DAY = 86_400_000;

/** Moves `end` after `start` (1–7 days for dates, 1–3 hours for times) when both are literal dates. */
function orderDates(start: unknown, end: unknown, random: Random): string | null {
  if (typeof start !== 'string' || typeof end !== 'string') return null;
  const from = Date.parse(start);
  const to = Date.parse(end);
  if (Number.isNaN(from) || Number.isNaN(to)) return null;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end);
  if (to > from && to - from <= 14 * DAY) return null;
  if (dateOnly) return new Date(from + (1 + Math.floor(random() * 7)) * DAY).toISOString().slice(0, 10);
  const later = new Date(from + (1 + Math.floor(random() * 3)) * (DAY / 24)).toISOString().replace('.000', '');
  return start.endsWith('Z') ? later : later.replace(/Z$/, '');
}

/**
 * Which parameter of one tool is which of another (shared-parameter edges), and which tools
 * speak of the same things: linked by a shared edge, or by a dependency (`search_flights` and
 * `book_flight` both take `passengers`).
 */
function sharedPartners(graph: Graph) {
  const partners = new Map<string, { tool: string; param: string }[]>();
  const linked = new Set<string>();
  for (const edge of graph.edges) {
    if (edge.kind !== 'shared') {
      linked.add(`${edge.fromTool}>${edge.toTool}`).add(`${edge.toTool}>${edge.fromTool}`);
      continue;
    }
    const a = { tool: edge.toolA, param: edge.paramA };
    const b = { tool: edge.toolB, param: edge.paramB };
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const key = `${x.tool}.${x.param}`;
      partners.set(key, [...(partners.get(key) ?? []), y]);
      linked.add(`${x.tool}>${y.tool}`);
    }
  }
  return { partners, linked };
}

/**
 * Gives every required parameter that neither a reference nor the planner filled a value that
 * its schema accepts (see `schemaValue`). A parameter another step already holds — by a shared
 * edge, or by the same name on a linked tool — takes that step's value, so a plan
 * speaks of one city, one date, one traveller. Its dates are one trip: the first date the plan
 * gives or draws starts it, later ones fall inside it, and an end (check-out, an event's end)
 * comes after its start and by the trip's last day.
 */
export function fillArguments(graph: Graph, steps: PlanStep[], random: Random, options: FillOptions = {}): PlanStep[] {
  const tools = new Map(graph.tools.map((t) => [t.name, t]));
  const { partners, linked } = sharedPartners(graph);
  const filled: PlanStep[] = [];
  const literal = (value: unknown) => value !== undefined && !asRef(value);
  const earlier = (tool: string, param: string): unknown => {
    for (const step of filled) {
      for (const p of partners.get(`${tool}.${param}`) ?? [])
        if (step.tool === p.tool && literal(step.args[p.param])) return step.args[p.param];
      if (linked.has(`${tool}>${step.tool}`) && literal(step.args[param])) return step.args[param];
    }
    return undefined;
  };
  let trip: Trip | null = null;
  for (const step of steps) {
    for (const value of Object.values(step.args)) trip ??= tripFrom(value, random);
    const tool = tools.get(step.tool);
    if (!tool) {
      filled.push(step);
      continue;
    }
    const properties = (isObject(tool.parameters.properties) ? tool.parameters.properties : {}) as Record<
      string,
      JsonSchema
    >;
    const required = new Set((tool.parameters.required as string[] | undefined) ?? []);
    const args = { ...step.args };
    for (const [name, schema] of Object.entries(properties)) {
      if (args[name] !== undefined || !required.has(name)) continue;
      const reused = earlier(step.tool, name);
      const avoid = options.avoid && ((value: unknown) => options.avoid!(step.tool, name, value));
      if (reused !== undefined) {
        args[name] = reused;
        continue;
      }
      const drawn = schemaValue(name, schema, random, avoid ? { avoid } : {});
      args[name] = trip ? intoTrip(drawn, trip, random) : drawn;
      trip ??= tripFrom(drawn, random);
    }
    for (const [name, value] of Object.entries(args)) {
      const later = LATER.map(([from, to]) => name.replace(from, to)).find((n) => n !== name && n in args);
      if (!later || step.args[later] !== undefined || earlier(step.tool, later) !== undefined) continue;
      // A start the run gives (a departure time) is on the trip's first days: the end is its last.
      const moved = trip
        ? endInTrip(literal(value) ? value : null, args[later], trip, random)
        : literal(value) && orderDates(value, args[later], random);
      if (moved) args[later] = moved;
    }
    filled.push({ ...step, args });
  }
  return filled;
}
