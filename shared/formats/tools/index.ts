import type { z } from 'zod';
import type { ToolFileFormat } from '../../contract/tools';
import { GraphFile } from '../../domain';
import { TrellisError } from '../../errors';
import { parseBfclFunctions } from './bfcl';
import { parseJson, parseOpenAITools } from './openai';
import { bracketDepth, parseOpenApi } from './openapi';
import type { ParsedTools } from './parsed';

/** Nesting of `[` and `{` a parser is given at most: deeper text exhausts its stack or memory. */
const MAX_NESTING = 512;

/** Tools from a file in one of the formats Trellis reads. */
export function parseTools(format: z.infer<typeof ToolFileFormat>, text: string): ParsedTools {
  if (bracketDepth(text) > MAX_NESTING)
    throw new TrellisError(
      'E4001',
      `The document nests brackets more than ${MAX_NESTING} deep; it is not a tools file Trellis can read.`,
    );
  switch (format) {
    case 'openai':
      return parseOpenAITools(text);
    case 'bfcl':
      return parseBfclFunctions(text);
    case 'openapi':
      return parseOpenApi(text);
    case 'trellis': {
      const parsed = GraphFile.safeParse(parseJson(text, 'a Trellis graph'));
      if (!parsed.success)
        throw new TrellisError('E4001', `Not a Trellis graph file: ${parsed.error.issues[0]?.message ?? ''}`);
      return { tools: parsed.data.tools, edges: parsed.data.edges, warnings: [] };
    }
  }
}
