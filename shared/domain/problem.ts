import { z } from 'zod';

/** How bad a problem is; the same three words in every checker, panel and command. */
export const Severity = z.enum(['error', 'warning', 'info']);
export type Severity = z.infer<typeof Severity>;

/** A turn of a trajectory, and the JSON path inside it (`$.toolCalls[0].args.room_id`). */
export const TurnWhere = z.object({ at: z.literal('turn'), turn: z.number().int().min(0), path: z.string() });
/** Tools of a graph (and the edge, by index, when the problem is an edge's). */
export const GraphWhere = z.object({
  at: z.literal('graph'),
  tools: z.array(z.string()),
  edge: z.number().int().min(0).optional(),
});
/** A step of a plan (null: the plan as a whole), and the field of the step (`args.flight_id`, `dependsOn`). */
export const StepWhere = z.object({ at: z.literal('step'), step: z.string().nullable(), path: z.string() });
/** An exported record as it is written; its message names the message or turn. */
export const RecordWhere = z.object({ at: z.literal('record') });

/** Where a problem is, in the words of the thing checked. */
export const Where = z.discriminatedUnion('at', [TurnWhere, GraphWhere, StepWhere, RecordWhere]);
export type Where = z.infer<typeof Where>;
export type TurnWhere = z.infer<typeof TurnWhere>;
export type GraphWhere = z.infer<typeof GraphWhere>;
export type StepWhere = z.infer<typeof StepWhere>;
export type RecordWhere = z.infer<typeof RecordWhere>;

/** One thing a check found wrong: what (its code), how bad, in words, and where. */
export const Problem = z.object({ code: z.string(), severity: Severity, message: z.string(), where: Where });
export interface Problem<Code extends string = string, At extends Where = Where> {
  code: Code;
  severity: Severity;
  message: string;
  where: At;
}

/** What a code means: its severity and one line for docs, the UI and the command line. */
export interface CodeDescriptor {
  severity: Severity;
  description: string;
  /** The check guesses (e.g. which values a user could have typed); its messages say so. */
  heuristic?: boolean;
}

/** A checker's codes, one descriptor each. */
export type CodeRegistry<Code extends string> = Readonly<Record<Code, CodeDescriptor>>;

/** The codes of a registry as a tuple, for `z.enum`. */
export const codesOf = <Code extends string>(registry: CodeRegistry<Code>) =>
  Object.keys(registry) as [Code, ...Code[]];

/** Makes a checker's problems: the severity comes from the code's descriptor, never from the call site. */
export const problemMaker =
  <Code extends string, At extends Where>(registry: CodeRegistry<Code>) =>
  (code: Code, where: At, message: string): Problem<Code, At> => ({
    code,
    severity: registry[code].severity,
    message,
    where,
  });
