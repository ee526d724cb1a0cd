import type { BackendContext } from '../context';
import { listMcpTools } from '../mcp/list-tools';
import type { HandlerMap } from '../registry';
import { parseToolsOffThread } from './parse-off-thread';
import { tryRuntime } from './try-runtime';

export function toolsHandlers({ runtime }: Pick<BackendContext, 'runtime'>): HandlerMap<'tools'> {
  return {
    'tools.parse': ({ format, text, source }) => parseToolsOffThread(format, text, undefined, source),
    'tools.fromMcp': ({ command, args }) => listMcpTools(runtime.mcp, { command, args }),
    'tools.tryRuntime': (args) => tryRuntime(runtime, args),
    'tools.setSecret': ({ name, value }) => {
      runtime.secrets.set(name, value);
      return { ok: true as const };
    },
    'tools.secretsSet': ({ names }) => ({ set: runtime.secrets.which(names) }),
  };
}
