import type { HandlerMap } from '../registry';
import { listMcpTools } from './mcp';
import { parseToolsOffThread } from './parse-off-thread';

export function toolsHandlers(): HandlerMap {
  return {
    'tools.parse': ({ format, text }) => parseToolsOffThread(format, text),
    'tools.fromMcp': ({ command, args }) => listMcpTools({ command, args }),
  };
}
