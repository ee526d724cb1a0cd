import { z } from 'zod';
import type { RuntimeKindDescriptor } from './kind';

/** How an MCP server is started (stdio): the consent shows all of it. */
export const McpServerCommand = z.object({
  command: z.string(),
  args: z.array(z.string()),
  /** Adds to the safe variables a server inherits. */
  env: z.record(z.string(), z.string()).optional(),
  /** The server's folder. */
  cwd: z.string().optional(),
});
export type McpServerCommand = z.infer<typeof McpServerCommand>;

/** What an MCP server declares of a tool's behaviour (its `annotations`): hints, not guarantees. */
export const McpToolAnnotations = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});
export type McpToolAnnotations = z.infer<typeof McpToolAnnotations>;

export const McpRuntime = z.object({
  kind: z.literal('mcp'),
  /**
   * How to start the server again; Trellis shows all of it (environment and folder too) and
   * asks before it does.
   */
  server: McpServerCommand,
  tool: z.string(),
  /** As the server listed them, kept with the link to it. */
  annotations: McpToolAnnotations.optional(),
});

export const mcp = {
  kind: 'mcp',
  schema: McpRuntime,
  label: 'MCP server tool',
  noun: "an MCP server's tool",
  template: (tool) => ({ kind: 'mcp', server: { command: '', args: [] }, tool: tool.name }),
  consent: { keyForm: 'COMMAND LINE' },
  usesModel: false,
  recorded: false,
} as const satisfies RuntimeKindDescriptor<typeof McpRuntime>;
