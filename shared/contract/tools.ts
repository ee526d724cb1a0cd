import { z } from 'zod';
import { GraphEdge, Tool } from '../domain';
import { method } from './define';

export const ToolFileFormat = z.enum(['openai', 'bfcl', 'openapi', 'trellis']);
export type ToolFileFormat = z.infer<typeof ToolFileFormat>;

const ParsedTools = z.object({ tools: z.array(Tool), edges: z.array(GraphEdge), warnings: z.array(z.string()) });

export const toolsMethods = {
  'tools.parse': method({
    summary: 'Read tools from an OpenAI tools file, BFCL functions, an OpenAPI 3 document or a Trellis graph.',
    args: z.object({ format: ToolFileFormat, text: z.string().max(50_000_000) }),
    result: ParsedTools,
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
