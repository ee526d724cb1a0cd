import path from 'node:path';
import { app, Menu } from 'electron';
import { setupBackend } from './backend';
import { setupIpc } from './ipc';
import { registerAppScheme, setupAppProtocol } from './protocol';
import { setupSecurity } from './security';
import { createMainWindow } from './window';

registerAppScheme();

async function start(): Promise<void> {
  await app.whenReady();
  // The UI has its own menus from the command registry; macOS keeps the standard app menu.
  if (process.platform !== 'darwin') Menu.setApplicationMenu(null);
  setupSecurity();
  setupAppProtocol();
  const workspace = process.env.TRELLIS_WORKSPACE ?? path.join(app.getPath('userData'), 'default.trellis');
  const backend = setupBackend();
  if (!(await backend.open(workspace))) {
    app.quit();
    return;
  }
  const stopIpc = setupIpc(backend);
  createMainWindow();
  app.on('window-all-closed', () => app.quit());
  // Quitting waits for the backend process to close the workspace (checkpointed, helpers stopped).
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    stopIpc();
    void backend.stop().finally(() => {
      closed = true;
      app.quit();
    });
  });
}

if (!app.requestSingleInstanceLock()) app.quit();
else void start();
