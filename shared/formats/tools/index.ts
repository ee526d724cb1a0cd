import type { z } from 'zod';
import type { ToolFileFormat } from '../../contract/tools';
import { GraphFile } from '../../domain';
import { isObject } from '../../json';
import { TrellisError } from '../../errors';
import { parseBfclFunctions } from './bfcl';
import { parseJson, parseOpenAITools } from './openai';
import { bracketDepth, parseOpenApi } from './openapi';
import type { ParsedTools } from './parsed';

/** Nesting of `[` and `{` a parser is given at most: deeper text exhausts its stack or memory. */
const MAX_NESTING = 512;

/**
 * Tools from a file in one of the formats Trellis reads. `source`: where it came from (a URL), to
 * which an API description's relative server is resolved.
 */
export function parseTools(format: z.infer<typeof ToolFileFormat>, text: string, source?: string): ParsedTools {
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
      return parseOpenApi(text, source);
    case 'trellis': {
      const value = parseJson(text, 'a Trellis graph');
      const parsed = GraphFile.safeParse(value);
      if (!parsed.success) {
        const missing = isObject(value) ? Object.keys(GraphFile.shape).filter((key) => !(key in value)) : [];
        const issue = parsed.error.issues[0];
        const what = !isObject(value)
          ? 'it is not a JSON object'
          : missing.length
            ? `it has no ${missing.map((key) => `"${key}"`).join(', ')}`
            : `field "${issue?.path.join('.')}": ${issue?.message ?? ''}`;
        throw new TrellisError(
          'E4001',
          `This is not a Trellis graph as Graph › Export as Trellis JSON writes it: ${what}.`,
          'Choose the format the text is in (OpenAI tools, BFCL, OpenAPI), or export the graph again from Trellis.',
        );
      }
      return { tools: parsed.data.tools, edges: parsed.data.edges, warnings: [] };
    }
  }
}
