import { z } from 'zod';
import type { RuntimeKindDescriptor } from './kind';

/**
 * One recorded call of a tool: its arguments and what it answered (a result, or an error), and
 * the answer's text as recorded where writing the result out again would not give it back
 * (spaces, `1.0`, key order, plain text), so an exact replay answers the recorded text itself.
 */
export const Recording = z.object({
  args: z.unknown(),
  result: z.unknown().optional(),
  error: z.string().optional(),
  text: z.string().optional(),
});
export type Recording = z.infer<typeof Recording>;

/** The most recordings a replay runtime keeps per tool (distinct arguments, most frequent first). */
export const MAX_RECORDINGS = 200;

/**
 * Answers with what the tool answered in recorded trajectories: the recording with the same
 * arguments, else the nearest one (marked so in the turn). Kept in the graph itself, so the
 * graph file runs anywhere, and the runs do not change when trajectories are edited or deleted.
 */
export const ReplayRuntime = z.object({
  kind: z.literal('replay'),
  recordings: z.array(Recording).max(MAX_RECORDINGS),
  /** Where the recordings came from, and what was left out, for the inspector. */
  source: z.object({
    trajectories: z.number().int(),
    calls: z.number().int(),
    /** Distinct argument sets left out by the cap (the least frequent). */
    dropped: z.number().int(),
  }),
});

export const replay = {
  kind: 'replay',
  schema: ReplayRuntime,
  label: 'Replay of recorded calls',
  noun: 'replay of recorded calls',
  template: () => ({ kind: 'replay', recordings: [], source: { trajectories: 0, calls: 0, dropped: 0 } }),
  consent: null,
  usesModel: false,
  recorded: true,
} as const satisfies RuntimeKindDescriptor<typeof ReplayRuntime>;
