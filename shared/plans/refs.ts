import type { PlanStep } from '../domain';
import { readFieldPath, type PathRead } from '../graph/field-paths';

/**
 * An argument that takes an earlier step's result: `{"$ref": "s2.result.flight_id"}`, or one
 * element's field of a list it returned: `s1.result.rooms[].room_id` (the first element),
 * `rooms[2].room_id` (by index), `rooms[name=bedroom].room_id` (the first that matches).
 */
export interface StepRef {
  step: string;
  /** Path inside the step's result (empty for the whole result); see `shared/graph/field-paths`. */
  path: string;
}

const REF = /^([A-Za-z0-9_-]+)\.result(?:\.(.+))?$/;

export function asRef(value: unknown): StepRef | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  const raw = (value as { $ref?: unknown }).$ref;
  if (keys.length !== 1 || typeof raw !== 'string') return null;
  const match = REF.exec(raw);
  return match ? { step: match[1]!, path: match[2] ?? '' } : null;
}

/** Every reference in a step's arguments, with the argument path it fills. */
export function stepRefs(step: Pick<PlanStep, 'args'>): { param: string; ref: StepRef }[] {
  const found: { param: string; ref: StepRef }[] = [];
  const visit = (value: unknown, path: string) => {
    const ref = asRef(value);
    if (ref) found.push({ param: path, ref });
    else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${path}[${i}]`));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) visit(v, path ? `${path}.${k}` : k);
  };
  visit(step.args, '');
  return found;
}

/** The value a reference points to, or why a pick into a list found no element. */
export function resolveRef(ref: StepRef, results: ReadonlyMap<string, unknown>): PathRead {
  return readFieldPath(results.get(ref.step), ref.path);
}

/**
 * Replaces references by the values they point to in earlier results. A missing field becomes
 * undefined (JSON drops it); a pick into a list that finds no element (empty list, index past
 * the end, no match) stays the reference it was, so the call shows what it needed and the run
 * fails that step with the reason (see `unresolvedPicks`) instead of calling the tool without it.
 */
export function resolveRefs(args: unknown, results: ReadonlyMap<string, unknown>): unknown {
  const ref = asRef(args);
  if (ref) {
    const read = resolveRef(ref, results);
    return read.ok ? read.value : args;
  }
  if (Array.isArray(args)) return args.map((v) => resolveRefs(v, results));
  if (args && typeof args === 'object')
    return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, resolveRefs(v, results)]));
  return args;
}

/** References in arguments that picked no element of a list, each with the argument and the reason. */
export function unresolvedPicks(
  args: unknown,
  results: ReadonlyMap<string, unknown>,
): { param: string; ref: StepRef; reason: string }[] {
  return stepRefs({ args: args as PlanStep['args'] }).flatMap(({ param, ref }) => {
    const read = resolveRef(ref, results);
    return read.ok ? [] : [{ param, ref, reason: read.reason }];
  });
}
