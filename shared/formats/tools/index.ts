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
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new TrellisError(
          'E4001',
          `This is not a Trellis graph as Export graph writes it (field "${issue?.path.join('.') || '(top)'}": ${issue?.message ?? ''}). ` +
            'Choose the format the text is in, or export the graph again from Trellis.',
        );
      }
      return { tools: parsed.data.tools, edges: parsed.data.edges, warnings: [] };
    }
  }
}
