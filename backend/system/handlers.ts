import type { HandlerMap } from '../registry';
import type { BackendContext } from '../context';

export function systemHandlers(ctx: BackendContext): HandlerMap {
  return {
    'system.info': () => ({
      version: ctx.version,
      host: ctx.host,
      workspacePath: ctx.store.file,
      schemaVersion: ctx.store.schemaVersion(),
    }),
    'system.pickFile': async ({ title, extensions }) =>
      ctx.pickFile
        ? { path: await ctx.pickFile(title, extensions), supported: true }
        : { path: null, supported: false },
  };
}
