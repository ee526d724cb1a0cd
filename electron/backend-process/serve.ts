import { handleRequest, openWorkspace, type Backend } from '../../backend';
import { TrellisError } from '../../shared/errors';
import type { LinkPort } from '../link/peer';
import { errorResponse, HostPeer } from '../link/protocol';
import { linkedHelpers } from './linked-helpers';
import { sealedSecrets } from './sealed-secrets';

export interface ServeOptions {
  /** better-sqlite3 built for Electron's ABI, where the desktop app has one. */
  nativeBinding?: string | undefined;
}

/**
 * The backend process's end of the link: opens the workspace the main process names, answers
 * the windows' contract requests, passes events on, and asks the main process for what only it
 * can do (the native file dialog, starting the llama helper).
 */
export function serveBackend(port: LinkPort, options: ServeOptions = {}): HostPeer {
  let backend: Backend | null = null;
  let stopEvents = () => {};
  const host: HostPeer = new HostPeer(port, {
    open: ({ workspace, secretKey, configDir }) => {
      if (backend) throw new TrellisError('E9000', 'A workspace is already open in this backend process.');
      const opened = openWorkspace({
        workspace,
        host: 'electron',
        // The desktop app's own workspace: its first start shows the examples.
        seed: true,
        modelSpawner: spawnHelper,
        pickFile: (title, extensions) => host.call('pickFile', { title, extensions }),
        ...(secretKey ? { secrets: sealedSecrets(secretKey) } : {}),
        ...(configDir ? { configDir } : {}),
        ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      });
      if (!opened.ok) return { ok: false, error: opened.error.toData(), newestBackup: opened.newestBackup };
      const open = (backend = opened.backend);
      stopEvents = open.events.subscribe((name, payload) => host.tell('event', { name, payload }));
      return { ok: true, created: open.created };
    },
    request: ({ message }) =>
      backend
        ? handleRequest(backend, message)
        : errorResponse(message, new TrellisError('E9000', 'No workspace is open yet.').toData()),
    close: () => {
      stopEvents();
      backend?.close();
      backend = null;
      return null;
    },
  });
  const spawnHelper = linkedHelpers(host);
  return host;
}
