import os from 'node:os';
import path from 'node:path';
import { listFolder, type BrowseRoot } from '../files/browse';
import type { HandlerMap } from '../registry';
import { TrellisError } from '../../shared/errors';
import type { BackendContext } from '../context';
import { setTraceGrouping, traceGroupingOf } from '../otlp/grouping';
import type { TraceGrouping } from '../../shared/formats/otlp/groups';

export function systemHandlers(ctx: BackendContext): HandlerMap<'system'> {
  // What the file browser may show (as Jupyter shows its folder): the workspace's folder and the home folder.
  const browseRoots = (): BrowseRoot[] => [
    { name: 'Workspace folder', path: path.dirname(path.resolve(ctx.store.file)) },
    { name: 'Home', path: os.homedir() },
  ];
  const traceReceiverState = () => {
    const listening = ctx.traceEndpoint.get();
    return {
      listening,
      configurable: Boolean(ctx.desktopTraces),
      port: listening ? Number(new URL(listening.endpoint).port) : (ctx.desktopTraces?.setting().port ?? 0),
      grouping: traceGroupingOf(ctx.store),
    };
  };
  return {
    'system.info': () => ({
      version: ctx.version,
      host: ctx.host,
      workspacePath: ctx.store.file,
      schemaVersion: ctx.store.schemaVersion(),
    }),
    'system.traceReceiver': traceReceiverState,
    'system.setTraceReceiver': async ({ enabled, port }) => {
      if (!ctx.desktopTraces)
        throw new TrellisError(
          'E1002',
          'This host receives traces as it was started; it cannot be turned on or off here.',
          'Restart trellis serve with --traces on or --traces off.',
        );
      await ctx.desktopTraces.apply({ enabled, port });
      return traceReceiverState();
    },
    'system.setTraceGrouping': ({ grouping }) => {
      setTraceGrouping(ctx.store, grouping as TraceGrouping);
      return traceReceiverState();
    },
    'system.pickFile': async ({ title, extensions }) =>
      ctx.pickFile
        ? { path: await ctx.pickFile(title, extensions), supported: true }
        : { path: null, supported: false },
    'system.listFolder': ({ path: requested }) =>
      listFolder(requested ?? path.dirname(path.resolve(ctx.store.file)), browseRoots()),
  };
}
