import os from 'node:os';
import path from 'node:path';
import { listFolder, type BrowseRoot } from '../files/browse';
import type { HandlerMap } from '../registry';
import type { BackendContext } from '../context';

export function systemHandlers(ctx: BackendContext): HandlerMap {
  // What the file browser may show (as Jupyter shows its folder): the workspace's folder and the home folder.
  const browseRoots = (): BrowseRoot[] => [
    { name: 'Workspace folder', path: path.dirname(path.resolve(ctx.store.file)) },
    { name: 'Home', path: os.homedir() },
  ];
  return {
    'system.info': () => ({
      version: ctx.version,
      host: ctx.host,
      workspacePath: ctx.store.file,
      schemaVersion: ctx.store.schemaVersion(),
    }),
    'system.traceReceiver': () => ctx.traceEndpoint.get(),
    'system.pickFile': async ({ title, extensions }) =>
      ctx.pickFile
        ? { path: await ctx.pickFile(title, extensions), supported: true }
        : { path: null, supported: false },
    'system.listFolder': ({ path: requested }) =>
      listFolder(requested ?? path.dirname(path.resolve(ctx.store.file)), browseRoots()),
  };
}
