import { GraphFile } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';
import { parseBfclFunctions } from '../../shared/formats/tools/bfcl';
import { listMcpTools } from './mcp';
import { parseJson, parseOpenAITools } from '../../shared/formats/tools/openai';
import { parseOpenApi } from '../../shared/formats/tools/openapi';
import type { HandlerMap } from '../registry';

export function toolsHandlers(): HandlerMap {
  return {
    'tools.parse': ({ format, text }) => {
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
    },
    'tools.fromMcp': ({ command, args }) => listMcpTools({ command, args }),
  };
}
