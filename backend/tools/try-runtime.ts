import type { Args, Result } from '../../shared/contract';
import { resultValidator } from '../checks/argument-validator';
import { callTool } from '../executor/runtimes';
import type { ToolRuntime } from '../executor/tool-runtime';

/**
 * One call of a tool with the runtime it is given (the inspector's Try it, before anything is
 * saved): through the same sandbox, consent and runtimes a run uses, its result checked against
 * the tool's `returns` as a run's observation would be.
 */
export async function tryRuntime(
  runtime: ToolRuntime,
  { tool, args, allow, environment }: Args<'tools.tryRuntime'>,
): Promise<Result<'tools.tryRuntime'>> {
  if (allow) runtime.allow(allow.kind, allow.key);
  const started = performance.now();
  const world = environment ? { world: { code: environment.code, state: environment.initialState ?? null } } : {};
  const observation = await callTool(tool, args ?? {}, { ...runtime, ...world });
  const durationMs = performance.now() - started;
  const note = observation.note ? { note: observation.note } : {};
  if (!observation.ok)
    return {
      ok: false,
      error: observation.error,
      problems: [],
      durationMs,
      ...note,
      ...(observation.consent ? { consent: observation.consent } : {}),
    };
  const problems = resultValidator({ tools: [tool] })(tool.name, observation.result);
  return { ok: true, result: observation.result, problems, durationMs, ...note };
}
