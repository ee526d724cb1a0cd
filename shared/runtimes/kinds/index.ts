import { z } from 'zod';
import { environment, EnvironmentRuntime } from './environment';
import { fixed, FixedRuntime } from './fixed';
import { http, HttpRuntime } from './http';
import type { RuntimeKindDescriptor, ToolSignature } from './kind';
import { llmSimulated, SimulatedRuntime } from './llm-simulated';
import { mcp, McpRuntime } from './mcp';
import { mock, MockRuntime } from './mock';
import { replay, ReplayRuntime } from './replay';

export type { RuntimeKindDescriptor, ToolSignature } from './kind';
export { McpServerCommand, McpToolAnnotations } from './mcp';
export { HttpArgumentPlace, HttpAuth } from './http';
export { MAX_RECORDINGS, Recording } from './replay';

/** A tool's runtime: one of the kinds below, told apart by `kind`. */
export const ToolRuntime = z.discriminatedUnion('kind', [
  MockRuntime,
  FixedRuntime,
  SimulatedRuntime,
  McpRuntime,
  HttpRuntime,
  ReplayRuntime,
  EnvironmentRuntime,
]);
export type ToolRuntime = z.infer<typeof ToolRuntime>;

export type RuntimeKind = ToolRuntime['kind'];
/** The runtime of one kind: `RuntimeOf<'mcp'>` has `server` and `tool`. */
export type RuntimeOf<K extends RuntimeKind> = Extract<ToolRuntime, { kind: K }>;

type Registry = { [K in RuntimeKind]: RuntimeKindDescriptor<z.ZodObject<{ kind: z.ZodLiteral<K> } & z.ZodRawShape>> };

/**
 * Every tool-runtime kind, in the order the inspector offers them. What the contract, the CLI,
 * consent and the inspector list of kinds is read from here.
 */
export const RUNTIME_KINDS = {
  mock,
  fixed,
  'llm-simulated': llmSimulated,
  mcp,
  http,
  replay,
  environment,
} as const satisfies Registry;

export const RUNTIME_KIND_NAMES = Object.keys(RUNTIME_KINDS) as RuntimeKind[];

type Kinds = typeof RUNTIME_KINDS;

/** Kinds whose calls the user must approve first; each is also a consent kind. */
export type ConsentingKind = { [K in RuntimeKind]: Kinds[K]['consent'] extends null ? never : K }[RuntimeKind];
export const CONSENTING_KINDS = RUNTIME_KIND_NAMES.filter((k) => RUNTIME_KINDS[k].consent) as ConsentingKind[];

/** Kinds written by the user (not made from recordings): a tool's own, kept when recordings are made. */
export type WrittenKind = { [K in RuntimeKind]: Kinds[K]['recorded'] extends true ? never : K }[RuntimeKind];
export const isWrittenKind = (kind: RuntimeKind): kind is WrittenKind => !RUNTIME_KINDS[kind].recorded;
export const WRITTEN_KINDS = RUNTIME_KIND_NAMES.filter(isWrittenKind);

/** Whether a runtime's calls go to the model. */
export const usesModel = (runtime: ToolRuntime | null): boolean =>
  runtime !== null && RUNTIME_KINDS[runtime.kind].usesModel;

/** A new runtime of a kind for a tool, to edit from. */
export function newRuntime<K extends RuntimeKind>(kind: K, tool: ToolSignature): RuntimeOf<K> {
  const template: (tool: ToolSignature) => ToolRuntime = RUNTIME_KINDS[kind].template;
  return template(tool) as RuntimeOf<K>;
}
