import { z } from 'zod';

/**
 * A world a graph's tools share: JavaScript run in the sandbox (QuickJS, as mocks are) that
 * declares `tools` — tool name → `(state, args) => result`, reading and changing `state` — and,
 * optionally, `goal(state, calls)` → `{ success: boolean, reason: string }`, the run's verdict from
 * the world it left. Every run (and every experiment run) starts from a copy of `initialState`.
 *
 * ```js
 * const tools = {
 *   add_item(state, args) { state.cart.push(args.item); return { count: state.cart.length }; },
 * };
 * function goal(state, calls) {
 *   return { success: state.cart.includes('milk'), reason: `the cart holds ${state.cart.join(', ')}` };
 * }
 * ```
 */
export const Environment = z.object({
  code: z.string().max(2_000_000),
  /** The world every run starts in (JSON). */
  initialState: z.unknown(),
  /** Where it came from, when it was not written here: "BFCL GorillaFileSystem". */
  source: z.string().max(200).optional(),
});
export type Environment = z.infer<typeof Environment>;

/** A call as the goal check sees it: the tool, its arguments, and what it answered. */
export const EnvironmentCall = z.object({
  name: z.string(),
  args: z.unknown(),
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.string().optional(),
});
export type EnvironmentCall = z.infer<typeof EnvironmentCall>;

/** The goal check's verdict on a run. */
export const GoalVerdict = z.object({ success: z.boolean(), reason: z.string() });
export type GoalVerdict = z.infer<typeof GoalVerdict>;
