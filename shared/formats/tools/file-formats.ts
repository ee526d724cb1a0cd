import { z } from 'zod';

/** The tool files Trellis reads, each with its reader in TOOL_FORMATS (index.ts); the contract takes its enum from here. */
export const ToolFileFormat = z.enum(['openai', 'anthropic', 'gemini', 'mcp', 'bfcl', 'openapi', 'trellis']);
export type ToolFileFormat = z.infer<typeof ToolFileFormat>;
