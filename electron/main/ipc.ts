import { BrowserWindow, ipcMain } from 'electron';
import { IPC_CHANNELS } from '../../shared/contract';
import { TrellisError } from '../../shared/errors';
import type { BackendHost } from './backend-host';
import { isAppUrl } from './security';

/** Contract calls over IPC, answered by the backend process; only frames showing our own UI are answered. */
export function setupIpc(backend: BackendHost): () => void {
  ipcMain.handle(IPC_CHANNELS.invoke, async (event, message: unknown) => {
    if (!isAppUrl(event.senderFrame?.url)) {
      const error = new TrellisError('E1004', 'Request from a frame that is not Trellis was dropped.');
      return { kind: 'response', id: -1, ok: false, error: error.toData() };
    }
    return backend.request(message);
  });
  const unsubscribe = backend.subscribe((message) => {
    for (const window of BrowserWindow.getAllWindows()) {
      try {
        window.webContents.send(IPC_CHANNELS.event, message);
      } catch {
        // An event Electron cannot clone is dropped: it must not throw through the link and end the main process.
      }
    }
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_CHANNELS.invoke);
  };
}
