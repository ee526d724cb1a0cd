import { z } from 'zod';
import { Environment, GraphEdge, Tool } from '../domain';
import { ConsentRequest } from '../runs/types';
import { ToolFileFormat } from '../formats/tools/file-formats';
import { method } from './define';

export { ToolFileFormat };

const ParsedTools = z.object({
  tools: z.array(Tool),
  edges: z.array(GraphEdge),
  warnings: z.array(z.string()),
  /** An API description's operations with their tags (what the chooser offers). */
  operations: z
    .array(z.object({ tool: z.string(), method: z.string(), path: z.string(), tags: z.array(z.string()) }))
    .optional(),
  /** The world the tools share, from a Trellis graph that has one. */
  environment: Environment.optional(),
});

export const toolsMethods = {
  'tools.parse': method({
    summary:
      'Read tools from OpenAI, Anthropic or Gemini tool declarations, an MCP tool list, BFCL functions, an OpenAPI or Swagger document, or a Trellis graph.',
    args: z.object({
      format: ToolFileFormat,
      text: z.string().max(50_000_000),
      /** Where the text came from (a URL): an API description's relative server is resolved against it. */
      source: z.string().max(2000).optional(),
    }),
    result: ParsedTools,
  }),
  'tools.tryRuntime': method({
    summary:
      'Call a tool once with its runtime (as given, saved or not) on these arguments: the result or error, checked against its returns schema.',
    args: z.object({
      tool: Tool,
      args: z.unknown(),
      /** What the user allowed after seeing the consent message of an earlier try (kept in their config). */
      allow: ConsentRequest.pick({ kind: true, key: true }).optional(),
      /** The graph's environment, for a tool that answers from it: the call runs on its initial state. */
      environment: Environment.nullable().optional(),
    }),
    result: z.object({
      ok: z.boolean(),
      result: z.unknown().optional(),
      error: z.string().optional(),
      /** How the runtime found the answer (a replay: exact, or the nearest arguments). */
      note: z.string().optional(),
      /** Where the result breaks the tool's returns schema. */
      problems: z.array(z.object({ path: z.string(), message: z.string() })),
      /** Set when the call needs the user's consent first (a host, an MCP server). */
      consent: ConsentRequest.optional(),
      durationMs: z.number(),
    }),
  }),
  'tools.setSecret': method({
    summary:
      "Set (or, empty, remove) a secret that HTTP runtimes send (an API key, a token): kept in the user's config folder on this machine, never in the workspace.",
    args: z.object({ name: z.string().min(1).max(200), value: z.string().max(10_000) }),
    result: z.object({ ok: z.literal(true) }),
  }),
  'tools.secretsSet': method({
    summary: 'Which of these secrets are set on this machine (their values are never sent back).',
    args: z.object({ names: z.array(z.string().max(200)).max(1000) }),
    result: z.object({ set: z.array(z.string()) }),
  }),
  'tools.fromMcp': method({
    summary: 'Start an MCP server over stdio (the user has seen the command and agreed), list its tools, stop it.',
    args: z.object({
      command: z.string().min(1),
      args: z.array(z.string()),
      /** The UI sends true only after showing the exact command line. */
      consent: z.literal(true, { error: 'the user must agree to start this command' }),
    }),
    result: ParsedTools.extend({ serverName: z.string() }),
  }),
};
