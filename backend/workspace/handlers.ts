import { backupDatabase, listBackups, timestampedBackupPath } from '../store/database';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

export function workspaceHandlers(ctx: BackendContext): HandlerMap {
  return {
    'workspace.backup': ({ destination }) =>
      backupDatabase(ctx.store.db, destination ?? timestampedBackupPath(ctx.store.file)),
    'workspace.listBackups': () => listBackups(ctx.store.file),
  };
}
