import type { z } from 'zod';
import type { JsonSchema } from '../../json-schema/schema';

/**
 * What a runtime template reads of a tool. Not the domain's `Tool`: a tool is made of runtimes,
 * so the kinds sit under the domain and name only the fields they need.
 */
export interface ToolSignature {
  name: string;
  parameters: JsonSchema;
  returns: JsonSchema;
}

/** A runtime's schema: an object told apart from the others by its `kind`. */
export type RuntimeSchema = z.ZodObject<{ kind: z.ZodLiteral<string> } & z.ZodRawShape>;

/**
 * What every layer asks of one tool-runtime kind. The backend's call, the inspector's editor and
 * the CLI's flag live in their own layers, each a `Record<RuntimeKind, …>` over these.
 */
export interface RuntimeKindDescriptor<S extends RuntimeSchema> {
  kind: z.infer<S>['kind'];
  /** Its runtime as saved in the graph (and its exported JSON). */
  schema: S;
  /** Its name in the inspector's picker. */
  label: string;
  /** What it is, as a list of the kinds says it: "mock code", "an HTTP endpoint". */
  noun: string;
  /** A runtime of this kind to edit from, for a tool. */
  template(tool: ToolSignature): z.infer<S>;
  /**
   * Whether a call must be approved first (consent of the runtime's own kind, kept in the user's
   * config), and how `--allow` spells its key; null when it starts and calls nothing outside.
   */
  consent: { keyForm: string } | null;
  /** Whether the model answers its calls (so a remote model server must be approved first). */
  usesModel: boolean;
  /**
   * Whether it is made from recorded trajectories rather than written: recordings made again
   * replace it, while a written runtime is kept unless asked.
   */
  recorded: boolean;
}
