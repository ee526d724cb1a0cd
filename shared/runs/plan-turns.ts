import { countOf } from '../text';
import type { PlanStep, ToolCall, Turn } from '../domain';
import { resolveRefs, stepRefs, unresolvedPicks } from '../plans';
import { callResults, isErrorResult } from './results';

/** A value as text for a message, cut at 160 characters (JSON for values that are not text). */
export function shortText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/**
 * The assistant turn that calls a plan step, its references resolved from the results so far.
 * A pick into a list that found no element stays a reference, and the thought says why: the
 * step then fails when executed (`unfilledCallError`) unless the user edits the call first.
 */
export function planCallTurn(step: PlanStep, turns: readonly Turn[]): Turn {
  const deps = step.dependsOn.length ? ` using ${step.dependsOn.join(', ')}` : '';
  const results = callResults(turns);
  const unpicked = unresolvedPicks(step.args, results).map(
    ({ param, ref, reason }) => ` ${param} could not be picked from ${ref.step}.result.${ref.path}: ${reason}.`,
  );
  return {
    role: 'assistant',
    thought: `Step ${step.id}: ${step.tool}${deps}.${unpicked.join('')}`,
    toolCalls: [{ id: step.id, name: step.tool, args: resolveRefs(step.args, results) }],
  };
}

/**
 * Why a call cannot run: an argument is still a reference (a pick into a list that found no
 * element when the call was made). Null when every argument has a value.
 */
export function unfilledCallError(call: ToolCall, turns: readonly Turn[]): string | null {
  const left = stepRefs({ args: call.args as PlanStep['args'] });
  if (!left.length) return null;
  const results = callResults(turns);
  const reasons = new Map(unresolvedPicks(call.args, results).map((u) => [u.param, u.reason]));
  const why = left.map(({ param, ref }) => {
    const source = results.get(ref.step);
    const reason = isErrorResult(source)
      ? `${ref.step} failed`
      : (reasons.get(param) ?? 'it was not filled when the call was made');
    return `${param} needs one element of ${ref.step}.result.${ref.path}, but ${reason}`;
  });
  return `${call.name} was not called: ${why.join('; ')}. Edit the call's arguments (pause before it with a breakpoint), or fix ${[...new Set(left.map((l) => l.ref.step))].join(', ')}.`;
}

/** The answer that ends a plan run: how many steps succeeded and what the last one returned. */
export function planSummary(plan: readonly PlanStep[], turns: readonly Turn[]): string {
  const results = callResults(turns);
  const failed = plan.filter((s) => isErrorResult(results.get(s.id)));
  const last = plan.at(-1);
  return (
    `Plan complete: ${plan.length - failed.length} of ${countOf(plan.length, 'step')} succeeded` +
    (failed.length ? ` (failed: ${failed.map((s) => s.id).join(', ')})` : '') +
    (last ? `. ${last.tool} returned ${shortText(results.get(last.id))}` : '.')
  );
}
