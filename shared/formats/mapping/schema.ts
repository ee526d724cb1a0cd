import { z } from 'zod';
import { TurnRole } from '../../domain';
import { MESSAGE_SHAPES, type MessageShape } from '../messages/types';
import { isPath } from './path';

/** A path as `path.ts` reads it: `messages`, `data.runs[*]`, `content[0].text`, `$.model`. */
export const MappingPath = z
  .string()
  .trim()
  .min(1, 'a path cannot be empty (use "$" for the value itself)')
  .max(500)
  .refine(isPath, { message: 'not a path: write field names joined by dots, with [*] for every element' });

/** How text written by the model holds its calls when no field does. */
export const TEXT_CALL_STYLES = {
  react: 'ReAct (Action: / Action Input:)',
  json: 'JSON in the text ({"name": …, "arguments": …})',
  tool_call_tag: '<tool_call>…</tool_call> tags',
} as const;
export type TextCallStyle = keyof typeof TEXT_CALL_STYLES;

const CallsFromField = z.object({
  from: z.literal('field'),
  /** The field of an assistant message holding its calls (an array or one call): `tool_calls`. */
  path: MappingPath,
  /** Inside one call: its tool's name (`function.name`), arguments (`function.arguments`) and id. */
  name: MappingPath,
  args: MappingPath,
  id: MappingPath.optional(),
});

const CallsFromText = z.object({
  from: z.literal('text'),
  style: z.enum(Object.keys(TEXT_CALL_STYLES) as [TextCallStyle, ...TextCallStyle[]]),
});

/** A value a field may equal (success when it is one of those listed). */
const Scalar = z.union([z.string(), z.number(), z.boolean()]);

/**
 * Where a file's runs, turns, calls, results and outcome are, for a file no reader claims, or on
 * top of one a reader claims (then only `outcome`, `model`, `taskId` and `harness` count, and
 * `messages` is left out). Saved by name in a workspace, written to a small JSON or YAML file a
 * colleague can use, and taken by `trellis import --mapping FILE`. Paths: see `path.ts`.
 */
export const TrajectoryMapping = z
  .object({
    trellisMapping: z.literal(1),
    name: z.string().trim().min(1, 'a mapping needs a name').max(100),
    /** Where the runs are in a record: "$" (the default) when each record is one run. */
    runs: MappingPath.default('$'),
    /**
     * Inside a run: the array of its messages ("$": the run is that array; with `runs` "$" too, the
     * file's records are one run's messages, as a JSON array or JSONL of messages holds them).
     * Absent: a reader reads the turns, the mapping adds the rest.
     */
    messages: MappingPath.optional(),
    /**
     * The messages are a provider's (OpenAI Chat or Responses, Anthropic, Gemini, Bedrock,
     * LangChain): Trellis's message layer reads them whole (`detect`: each in the shape it is
     * written in), so `role`, `roles`, `content`, `calls` and `results` are not used.
     */
    shape: z.enum(['detect', ...(Object.keys(MESSAGE_SHAPES) as MessageShape[])]).optional(),
    /** Inside a message: the field naming who speaks, and which of its values mean which role. */
    role: MappingPath.default('role'),
    roles: z.partialRecord(TurnRole, z.array(z.string()).max(50)).default({}),
    /** Inside a message: its text (strings, or parts with `text`, are joined). */
    content: MappingPath.default('content'),
    calls: z.discriminatedUnion('from', [CallsFromField, CallsFromText]).optional(),
    /**
     * Where results are. Without `in`: tool messages are results, `callId` the field naming the call
     * each answers (absent: results answer calls in order). With `in`: a message holds its own
     * results beside its calls (API-Bank's API entries, a step with its observation): `in` is
     * that field, one result or a list, and inside each result `content` is its text (the whole
     * result when absent) and `callId` the call it answers.
     */
    results: z
      .object({ callId: MappingPath.optional(), in: MappingPath.optional(), content: MappingPath.optional() })
      .optional(),
    /** Inside a run: the field giving the verdict, and which of its values mean success. */
    outcome: z
      .object({
        path: MappingPath,
        success: z.union([z.array(Scalar).min(1), z.object({ atLeast: z.number() })]),
      })
      .optional(),
    /** Inside a run: a system prompt kept apart from the messages (as Anthropic's `system`): the first turn. */
    system: MappingPath.optional(),
    /** Inside a run: the tools it declares (OpenAI, Anthropic or flat `{name, description, parameters}` definitions). */
    tools: MappingPath.optional(),
    model: MappingPath.optional(),
    taskId: MappingPath.optional(),
    /** What wrote the runs, kept as the trajectories' `harness` (the mapping's name otherwise). */
    harness: z.string().trim().min(1).max(100).optional(),
  })
  .strict();

export type TrajectoryMapping = z.infer<typeof TrajectoryMapping>;
export type MappingInput = z.input<typeof TrajectoryMapping>;

/** True when the mapping finds the turns itself (rather than adding fields to a reader's). */
export const mapsTurns = (mapping: TrajectoryMapping): mapping is TrajectoryMapping & { messages: string } =>
  mapping.messages !== undefined;

/** True when the file's records together are one run's messages (a bare list of messages). */
export const recordsAreMessages = (mapping: TrajectoryMapping): boolean =>
  mapping.runs === '$' && mapping.messages === '$';

/** Why a value is not a mapping, one line per problem with where: `outcome.path: …`. */
export function mappingProblems(value: unknown): string[] {
  const parsed = TrajectoryMapping.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
}
