import { isObject } from '../json';

/** A result value seen again as a later call's argument, in how many recorded runs. */
export interface ValueFlow {
  fromTool: string;
  fromPath: string;
  toTool: string;
  toParam: string;
  runs: number;
}

/** One call of a run as recorded: its tool, arguments and (when it answered) result. */
export interface CallInRun {
  tool: string;
  args: unknown;
  result?: unknown;
}

/** Values too common to say one came from the other (`true`, `1`, `"ok"`); short ids like `r1` do. */
const telling = (value: unknown): value is string | number =>
  (typeof value === 'string' && (value.length >= 4 || (value.length >= 2 && /\d/.test(value)))) ||
  (typeof value === 'number' && (!Number.isInteger(value) || Math.abs(value) >= 100));

/** The leaves of a result with their field paths, elements as `list[].key`. */
function leaves(value: unknown, path: string, out: Map<string | number, Set<string>>) {
  if (Array.isArray(value)) for (const item of value) leaves(item, `${path}[]`, out);
  else if (isObject(value))
    for (const [key, inner] of Object.entries(value)) leaves(inner, path ? `${path}.${key}` : key, out);
  else if (telling(value) && path) out.set(value, (out.get(value) ?? new Set()).add(path.replace(/\[\]$/, '')));
}

/**
 * Where runs passed a value from one tool's result into a later call of another tool: the
 * strongest evidence that a person would draw that edge. Each flow is counted once per run.
 */
export function valueFlows(runs: readonly (readonly CallInRun[])[]): ValueFlow[] {
  const counted = new Map<string, ValueFlow>();
  for (const calls of runs) {
    const seen = new Set<string>();
    const produced: { tool: string; values: Map<string | number, Set<string>> }[] = [];
    for (const call of calls) {
      if (isObject(call.args))
        for (const [param, arg] of Object.entries(call.args))
          for (const value of Array.isArray(arg) ? arg : [arg]) {
            if (!telling(value)) continue;
            for (const source of produced) {
              if (source.tool === call.tool) continue;
              for (const fromPath of source.values.get(value) ?? []) {
                const key = `${source.tool}.${fromPath}->${call.tool}.${param}`;
                if (seen.has(key)) continue;
                seen.add(key);
                const flow = counted.get(key) ?? {
                  fromTool: source.tool,
                  fromPath,
                  toTool: call.tool,
                  toParam: param,
                  runs: 0,
                };
                flow.runs++;
                counted.set(key, flow);
              }
            }
          }
      if (call.result !== undefined) {
        const values = new Map<string | number, Set<string>>();
        leaves(call.result, '', values);
        produced.push({ tool: call.tool, values });
      }
    }
  }
  return [...counted.values()].sort((a, b) => b.runs - a.runs);
}
