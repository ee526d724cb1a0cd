import type { ArgumentValidator } from './trajectory';
import type { PlanStep, ToolGraph } from '../domain';
import { fieldAt, fieldCompatibility, findField } from '../graph';
import { dependencyEdges } from '../graph/topology';
import { ancestorsOf, orderSteps } from '../plans/order';
import { stepRefs } from '../plans/refs';
import { codesOf, problemMaker, type CodeRegistry, type Problem, type StepWhere } from '../domain/problem';

/** What plan validation finds, each code with its severity. */
export const PLAN_CODES = {
  'duplicate-id': { severity: 'error', description: 'Two steps have the same id.' },
  'unknown-tool': { severity: 'error', description: 'A step calls a tool the graph does not have.' },
  'no-runtime': {
    severity: 'warning',
    description: "A step's tool has no runtime: the plan is sound, its run fails there.",
  },
  'unknown-dependency': { severity: 'error', description: 'A step depends on a step that does not exist.' },
  cycle: { severity: 'error', description: 'The steps depend on each other in a cycle.' },
  'invalid-arguments': { severity: 'error', description: "A step's literal arguments break its tool's schema." },
  'unresolved-reference': { severity: 'error', description: 'An argument refers to a step that does not exist.' },
  'reference-not-earlier': {
    severity: 'error',
    description: 'An argument uses the result of a step the step does not depend on.',
  },
  'unknown-result-field': { severity: 'error', description: 'An argument refers to a result field the tool lacks.' },
  'incompatible-reference': { severity: 'error', description: 'A referenced result field cannot fill the argument.' },
  'dependency-order': {
    severity: 'error',
    description: "A graph's dependency edge is not honoured by the steps' order.",
  },
} as const satisfies CodeRegistry<string>;
export type PlanCode = keyof typeof PLAN_CODES;
export const PLAN_CODE_LIST = codesOf(PLAN_CODES);

/** Something wrong with one step of a plan (or the plan as a whole when the step is null). */
export type PlanProblem = Problem<PlanCode, StepWhere>;

/**
 * The problems that say the plan itself is wrong: its errors. `no-runtime` (a warning) is about
 * the graph's tools, not the plan: callers that judge a plan's quality (the command line's exit
 * codes) leave it out.
 */
export const planDefects = <P extends { severity: string }>(problems: readonly P[]): P[] =>
  problems.filter((p) => p.severity === 'error');

const make = problemMaker<PlanCode, StepWhere>(PLAN_CODES);

/**
 * Checks a plan against its tool graph: ids unique, tools known, `dependsOn` acyclic and
 * pointing at steps, arguments valid for the tool's parameter schema (ajv, injected),
 * references resolving to an existing result field of a step the step depends on (through
 * list items for a pick such as `rooms[].room_id` or `rooms[2].room_id`), with a compatible
 * type, and the graph's dependency edges honoured. A step whose tool has no runtime is named
 * too (`no-runtime`): the plan is sound, but its run fails there.
 */
export function validatePlan(
  steps: readonly PlanStep[],
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
  validate?: ArgumentValidator,
): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const add = (step: string | null, code: PlanCode, path: string, message: string) =>
    problems.push(make(code, { at: 'step', step, path }, message));
  const tools = new Map(graph.tools.map((t) => [t.name, t]));
  const byId = new Map<string, PlanStep>();
  for (const step of steps) {
    if (byId.has(step.id)) add(step.id, 'duplicate-id', 'id', `Two steps are named ${step.id}.`);
    byId.set(step.id, step);
  }
  for (const step of steps) {
    for (const dep of step.dependsOn)
      if (!byId.has(dep))
        add(step.id, 'unknown-dependency', 'dependsOn', `${step.id} depends on ${dep}, which is not a step.`);
  }
  if (!orderSteps(steps))
    add(null, 'cycle', 'dependsOn', 'The steps depend on each other in a cycle; a plan must be a DAG.');
  const edges = dependencyEdges(graph);

  for (const step of steps) {
    const tool = tools.get(step.tool);
    if (!tool) {
      add(step.id, 'unknown-tool', 'tool', `${step.tool} is not a tool of this graph.`);
      continue;
    }
    // The plan itself may be right; its run still fails at this step (the call answers an error).
    if (!tool.runtime)
      add(
        step.id,
        'no-runtime',
        'tool',
        `${step.tool} has no runtime, so this step will fail; choose one in the Graph workspace's tool inspector.`,
      );
    const ancestors = ancestorsOf(steps, step.id);
    const refs = stepRefs(step);
    const refParams = new Set(refs.map((r) => r.param.split(/[.[]/)[0]!));
    for (const { param, ref } of refs) {
      const source = byId.get(ref.step);
      if (!source) {
        add(step.id, 'unresolved-reference', `args.${param}`, `${param} refers to ${ref.step}, which is not a step.`);
        continue;
      }
      if (!ancestors.has(ref.step))
        add(
          step.id,
          'reference-not-earlier',
          `args.${param}`,
          `${param} uses ${ref.step}'s result, but ${step.id} does not depend on ${ref.step}.`,
        );
      const sourceTool = tools.get(source.tool);
      if (!sourceTool || !ref.path) continue;
      // Picks (`rooms[].room_id`, `rooms[2].room_id`) are typed by the list's items.
      const found = fieldAt(sourceTool.returns, ref.path);
      if ('problem' in found) {
        const why = found.problem.startsWith('no field') ? '' : ` (${found.problem})`;
        add(step.id, 'unknown-result-field', `args.${param}`, `${source.tool} has no result field ${ref.path}${why}.`);
        continue;
      }
      const from = found.field;
      const to = findField(tool.parameters, param);
      const verdict = to ? fieldCompatibility(from, to) : null;
      if (verdict?.level === 'incompatible')
        add(
          step.id,
          'incompatible-reference',
          `args.${param}`,
          `${source.tool}.${ref.path} cannot fill ${param}: ${verdict.reason}`,
        );
    }
    // A missing argument a dependency edge produces is said once, by the edge (what to add).
    const unproduced = new Set(
      edges
        .filter(
          (e) =>
            e.toTool === step.tool &&
            step.args[e.toParam] === undefined &&
            !steps.some((s) => s.tool === e.fromTool && s.id !== step.id),
        )
        .map((e) => e.toParam),
    );
    // Referenced arguments are checked above; the schema checks the literal ones.
    for (const problem of validate?.(step.tool, step.args) ?? []) {
      const param = problem.path.replace(/^\$\.?/, '').split(/[.[]/)[0]!;
      if (refParams.has(param)) continue;
      if (unproduced.has(param) && problem.path === `$.${param}` && findField(tool.parameters, param)?.required)
        continue;
      // Shown after its path (`args.to`): the message need not name the field again.
      const field = problem.path.replace(/^\$\.?/, '');
      const message =
        field && problem.message.startsWith(`${field} `) ? problem.message.slice(field.length + 1) : problem.message;
      add(step.id, 'invalid-arguments', `args${problem.path.slice(1)}`, message);
    }
    for (const edge of edges) {
      if (edge.toTool !== step.tool) continue;
      const producers = steps.filter((s) => s.tool === edge.fromTool && s.id !== step.id);
      const value = step.args[edge.toParam];
      if (producers.length && !producers.some((p) => ancestors.has(p.id)) && !refParams.has(edge.toParam))
        add(
          step.id,
          'dependency-order',
          `args.${edge.toParam}`,
          `${edge.toParam} comes from ${edge.fromTool}.${edge.fromPath}, but ${step.id} does not depend on a ${edge.fromTool} step.`,
        );
      else if (!producers.length && value === undefined && findField(tool.parameters, edge.toParam)?.required)
        add(
          step.id,
          'dependency-order',
          `args.${edge.toParam}`,
          `${edge.toParam} is produced by ${edge.fromTool}; add a ${edge.fromTool} step before ${step.id} or give the value.`,
        );
    }
  }
  return problems;
}
