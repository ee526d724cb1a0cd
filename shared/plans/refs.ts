import type { PlanStep } from '../domain';

/** An argument that takes an earlier step's result: `{"$ref": "s2.result.flight_id"}`. */
export interface StepRef {
  step: string;
  /** Dotted path inside the step's result (empty for the whole result). */
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

/** Reads a dotted path (`top_place.lat`, `flights.0.id`) from a value. */
export function readPath(value: unknown, path: string): unknown {
  if (!path) return value;
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Replaces references by the values they point to in earlier results; unresolved ones become undefined. */
export function resolveRefs(args: unknown, results: ReadonlyMap<string, unknown>): unknown {
  const ref = asRef(args);
  if (ref) return readPath(results.get(ref.step), ref.path);
  if (Array.isArray(args)) return args.map((v) => resolveRefs(v, results));
  if (args && typeof args === 'object')
    return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, resolveRefs(v, results)]));
  return args;
}
