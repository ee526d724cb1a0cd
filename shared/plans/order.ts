import type { PlanStep } from '../domain';

/** Steps in an order that respects `dependsOn` (Kahn's algorithm), or null when there is a cycle. */
export function orderSteps(steps: readonly PlanStep[]): PlanStep[] | null {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const indegree = new Map(steps.map((s) => [s.id, s.dependsOn.filter((d) => byId.has(d)).length]));
  const ordered: PlanStep[] = [];
  const ready = steps.filter((s) => indegree.get(s.id) === 0);
  while (ready.length) {
    const step = ready.shift()!;
    ordered.push(step);
    for (const next of steps)
      if (next.dependsOn.includes(step.id)) {
        indegree.set(next.id, indegree.get(next.id)! - 1);
        if (indegree.get(next.id) === 0) ready.push(next);
      }
  }
  return ordered.length === steps.length ? ordered : null;
}

/** Every step a step depends on, directly or through others. */
export function ancestorsOf(steps: readonly PlanStep[], id: string): Set<string> {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const stack = [...(byId.get(id)?.dependsOn ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    if (seen.has(next) || next === id) continue;
    seen.add(next);
    stack.push(...(byId.get(next)?.dependsOn ?? []));
  }
  return seen;
}
