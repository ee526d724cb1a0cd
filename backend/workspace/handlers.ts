import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

/** Backups of the open workspace file. */
export function workspaceHandlers({ store }: BackendContext): HandlerMap<'workspace'> {
  return {
    'workspace.backup': ({ destination }) => store.backup(destination),
    'workspace.listBackups': () => store.listBackups(),
  };
}
