import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import { listMcpTools } from './mcp';
import { parseToolsOffThread } from './parse-off-thread';
import { tryRuntime } from './try-runtime';

export function toolsHandlers({ runtime }: Pick<BackendContext, 'runtime'>): HandlerMap {
  return {
    'tools.parse': ({ format, text }) => parseToolsOffThread(format, text),
    'tools.fromMcp': ({ command, args }) => listMcpTools({ command, args }),
    'tools.tryRuntime': (args) => tryRuntime(runtime, args),
  };
}
