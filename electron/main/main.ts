import path from 'node:path';
import { app, dialog, Menu, safeStorage } from 'electron';
import { formatError } from '../../shared/errors';
import { openWorkspace, type Backend } from '../../backend';
import { setupIpc } from './ipc';
import { utilityHelper } from './utility-helper';
import { electronSqliteBinding } from './native-binding';
import { registerAppScheme, setupAppProtocol } from './protocol';
import { setupSecurity } from './security';
import { createMainWindow } from './window';

registerAppScheme();

/** API keys are kept encrypted by the OS keychain, never in plain text in the workspace. */
const safeSecrets = {
  protect: (plain: string) => safeStorage.encryptString(plain).toString('base64'),
  reveal: (stored: string) => safeStorage.decryptString(Buffer.from(stored, 'base64')),
};

/** Opens the workspace; on a damaged or too-new file, offers the newest backup. */
function openBackend(workspace: string): Backend | null {
  const nativeBinding = electronSqliteBinding(process.versions.electron ?? '');
  const opened = openWorkspace({
    workspace,
    host: 'electron',
    modelSpawner: utilityHelper,
    pickFile: async (title, extensions) => {
      const result = await dialog.showOpenDialog({
        title,
        properties: ['openFile'],
        filters: [{ name: title, extensions }],
      });
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    ...(safeStorage.isEncryptionAvailable() ? { secrets: safeSecrets } : {}),
    ...(nativeBinding ? { nativeBinding } : {}),
  });
  if (opened.ok) return opened.backend;
  const { error, newestBackup } = opened;
  const choice = dialog.showMessageBoxSync({
    type: 'error',
    title: 'Trellis cannot open the workspace',
    message: formatError(error.toData()),
    buttons: newestBackup ? ['Open newest backup', 'Quit'] : ['Quit'],
  });
  return newestBackup && choice === 0 ? openBackend(newestBackup) : null;
}

async function start(): Promise<void> {
  await app.whenReady();
  // The UI has its own menus from the command registry; macOS keeps the standard app menu.
  if (process.platform !== 'darwin') Menu.setApplicationMenu(null);
  setupSecurity();
  setupAppProtocol();
  const workspace = process.env.TRELLIS_WORKSPACE ?? path.join(app.getPath('userData'), 'default.trellis');
  const backend = openBackend(workspace);
  if (!backend) {
    app.quit();
    return;
  }
  const stopIpc = setupIpc(backend);
  createMainWindow();
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    stopIpc();
    backend.close();
  });
}

if (!app.requestSingleInstanceLock()) app.quit();
else void start();
