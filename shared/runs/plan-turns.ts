import type { PlanStep, Turn } from '../domain';
import { resolveRefs } from '../plans';
import { callResults, isErrorResult } from './results';

/** A value as text for a message, cut at 160 characters (JSON for values that are not text). */
export function shortText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** The assistant turn that calls a plan step, its references resolved from the results so far. */
export function planCallTurn(step: PlanStep, turns: readonly Turn[]): Turn {
  const deps = step.dependsOn.length ? ` using ${step.dependsOn.join(', ')}` : '';
  return {
    role: 'assistant',
    thought: `Step ${step.id}: ${step.tool}${deps}.`,
    toolCalls: [{ id: step.id, name: step.tool, args: resolveRefs(step.args, callResults(turns)) }],
  };
}

/** The answer that ends a plan run: how many steps succeeded and what the last one returned. */
export function planSummary(plan: readonly PlanStep[], turns: readonly Turn[]): string {
  const results = callResults(turns);
  const failed = plan.filter((s) => isErrorResult(results.get(s.id)));
  const last = plan.at(-1);
  return (
    `Plan complete: ${plan.length - failed.length} of ${plan.length} steps succeeded` +
    (failed.length ? ` (failed: ${failed.map((s) => s.id).join(', ')})` : '') +
    (last ? `. ${last.tool} returned ${shortText(results.get(last.id))}` : '.')
  );
}
