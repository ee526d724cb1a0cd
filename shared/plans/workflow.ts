import { lexicalSimilarity } from '../compare/node-matching';
import { parseWorkflow, workflowToText } from './workflow-text';
import type { PlanStep, ToolGraph } from '../domain';
import { orderSteps } from './order';
import { asRef } from './refs';

const summarize = (value: unknown): string => {
  const ref = asRef(value);
  if (ref) return `${ref.step}.${ref.path}`;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** WorfBench's text form of a plan: one node per step (`tool: arg=value, …`), edges from dependsOn. */
export function planToWorkflowText(steps: readonly PlanStep[]): string {
  const ordered = orderSteps(steps) ?? [...steps];
  const index = new Map(ordered.map((s, i) => [s.id, i + 1]));
  const end = ordered.length + 1;
  const nodes = [
    'START',
    ...ordered.map((s) => {
      const args = Object.entries(s.args).map(([k, v]) => `${k}=${summarize(v)}`);
      return args.length ? `${s.tool}: ${args.join(', ')}` : s.tool;
    }),
    'END',
  ];
  const edges: [number, number][] = [];
  const hasChildren = new Set(ordered.flatMap((s) => s.dependsOn));
  for (const s of ordered) {
    const deps = s.dependsOn.filter((d) => index.has(d));
    if (!deps.length) edges.push([0, index.get(s.id)!]);
    for (const d of deps) edges.push([index.get(d)!, index.get(s.id)!]);
    if (!hasChildren.has(s.id)) edges.push([index.get(s.id)!, end]);
  }
  return workflowToText({ nodes, edges });
}

/**
 * Reads a workflow in WorfBench's text form as a plan on a graph: each node becomes a step of
 * the tool it names (its first word, or else the tool whose name and description are most
 * alike), `key=value` pairs after a colon become arguments, edges become `dependsOn`.
 */
export function workflowTextToPlan(
  text: string,
  graph: Pick<ToolGraph, 'tools'>,
): { steps: PlanStep[]; unmatched: string[] } {
  const workflow = parseWorkflow(text);
  const inner = workflow.nodes.slice(1, -1);
  const names = new Set(graph.tools.map((t) => t.name));
  const profiles = graph.tools.map((t) => `${t.name.replace(/[_-]/g, ' ')} ${t.description}`);
  const unmatched: string[] = [];
  const steps = inner.map((node, i): PlanStep => {
    const [head = '', rest = ''] = node.split(/:(.*)/s);
    const first = head.trim().split(/\s+/)[0] ?? '';
    let tool = names.has(first) ? first : '';
    if (!tool) {
      const scores = lexicalSimilarity([node], profiles)[0] ?? [];
      const best = scores.reduce((b, s, j) => (s > (scores[b] ?? 0) ? j : b), 0);
      tool = (scores[best] ?? 0) > 0 ? graph.tools[best]!.name : first;
      if (!names.has(tool)) unmatched.push(node);
    }
    const args: Record<string, unknown> = {};
    if (names.has(first))
      for (const pair of rest.split(',')) {
        // Only the first `=` ends the name: a value may hold more (`s1.rooms[name=bedroom].room_id`).
        const [k, v] = pair.split(/=(.*)/s);
        if (k?.trim() && v !== undefined) args[k.trim()] = parseValue(v.trim());
      }
    return { id: `s${i + 1}`, tool, args, dependsOn: [] };
  });
  const end = workflow.nodes.length - 1;
  for (const [a, b] of workflow.edges)
    if (a > 0 && b < end && a !== b && steps[b - 1] && steps[a - 1]) steps[b - 1]!.dependsOn.push(`s${a}`);
  return { steps, unmatched };
}

function parseValue(raw: string): unknown {
  const ref = /^(s\d+)\.(.+)$/.exec(raw);
  if (ref) return { $ref: `${ref[1]}.result.${ref[2]}` };
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
