import { z } from 'zod';
import { Environment, EnvironmentCall, GoalVerdict } from '../domain';
import { method } from './define';

/** One call into an environment: what it answered and the state before and after. */
export const EnvironmentTry = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.string().optional(),
  before: z.unknown(),
  after: z.unknown(),
});
export type EnvironmentTry = z.infer<typeof EnvironmentTry>;

/** What an environment's code declares when it runs, or why it does not run. */
export const EnvironmentCheck = z.union([
  z.object({ ok: z.literal(true), tools: z.array(z.string()), goal: z.boolean() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type EnvironmentCheck = z.infer<typeof EnvironmentCheck>;

export const environmentsMethods = {
  'environments.check': method({
    summary:
      "Run an environment's code (as typed, saved or not) without calling a tool: the tools and the goal it declares, or why it does not run (a SyntaxError, a throw at the top level).",
    args: z.object({ code: z.string() }),
    result: EnvironmentCheck,
  }),
  'environments.try': method({
    summary:
      "Call one tool of an environment (as given, saved or not) on these arguments, from `state` (the environment's initial state when left out): the result or error, and the state before and after.",
    args: z.object({
      environment: Environment,
      tool: z.string(),
      args: z.unknown(),
      state: z.unknown().optional(),
    }),
    result: EnvironmentTry,
  }),
  'environments.goal': method({
    summary: "Run an environment's goal check on a state and the calls that led to it.",
    args: z.object({ environment: Environment, state: z.unknown(), calls: z.array(EnvironmentCall) }),
    /** null when the environment declares no goal. */
    result: GoalVerdict.nullable(),
  }),
};
