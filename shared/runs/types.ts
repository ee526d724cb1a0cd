import { z } from 'zod';
import { ToolCall, TurnRole } from '../domain';
import { CONSENTING_KINDS } from '../runtimes/kinds';

/** How a run makes its turns: by following a plan, by asking the model, or by replaying a recording. */
export const RunMode = z.enum(['plan', 'agent', 'replay']);
export type RunMode = z.infer<typeof RunMode>;

/** The modes a run can be started in; a replay is opened from a recorded trajectory instead. */
export const StartMode = RunMode.exclude(['replay']);
export type StartMode = z.infer<typeof StartMode>;

export const RunStatus = z.enum(['ready', 'paused', 'running', 'finished', 'stopped', 'needs-consent']);
export type RunStatus = z.infer<typeof RunStatus>;

/** Where a run pauses by itself: before calling a tool, on an error, or on an argument value. */
export const Breakpoint = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tool'), tool: z.string() }),
  z.object({ kind: z.literal('error') }),
  z.object({ kind: z.literal('argument'), param: z.string().min(1), pattern: z.string().min(1) }),
]);
export type Breakpoint = z.infer<typeof Breakpoint>;

/** What Step does next, shown to the user before they press it. */
export const NextAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('call'), stepId: z.string().optional(), tool: z.string().optional() }),
  z.object({ kind: z.literal('execute'), call: ToolCall }),
  z.object({ kind: z.literal('answer') }),
  z.object({ kind: z.literal('replay'), role: TurnRole }),
  z.object({ kind: z.literal('done') }),
]);
export type NextAction = z.infer<typeof NextAction>;

/**
 * What a consent covers: a call of a runtime kind that asks first (starting an MCP server, calling
 * an HTTP endpoint), or sending to a model server.
 */
export const ConsentKind = z.enum([...CONSENTING_KINDS, 'model']);
export type ConsentKind = z.infer<typeof ConsentKind>;

/**
 * Something Trellis must ask the user about before it happens: an MCP server started (its command,
 * arguments, environment and folder), an HTTP endpoint called (method, URL, headers), a model
 * server sent prompts. `key` names exactly that (a hash covers what it does not spell out), so
 * any change asks again; `details` show all of it, control characters made visible.
 */
export const ConsentRequest = z.object({
  kind: ConsentKind,
  key: z.string(),
  message: z.string(),
  details: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type ConsentRequest = z.infer<typeof ConsentRequest>;

/** A result that does not match its tool's `returns` schema, on the observation turn. */
/**
 * What a run noticed on one of its turns: a result its returns schema does not allow, or a model
 * turn whose prompt and answer did not fit the model's context.
 */
export const ResultWarning = z.object({
  kind: z.enum(['result-schema', 'context']),
  turnIndex: z.number().int(),
  path: z.string(),
  message: z.string(),
});
export type ResultWarning = z.infer<typeof ResultWarning>;
