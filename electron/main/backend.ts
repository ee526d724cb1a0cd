import path from 'node:path';
import { app, BrowserWindow, dialog, utilityProcess, type OpenDialogOptions } from 'electron';
import { formatError } from '../../shared/errors';
import { BackendHost, type BackendProcess, type OpenFailure } from './backend-host';
import { loadSecretKey } from './secret-key';
import { utilityHelper } from './utility-helper';

/** Compiled beside this folder: dist/electron/backend-process/main.js (inside the asar archive when packaged). */
const BACKEND_ENTRY = path.join(__dirname, '..', 'backend-process', 'main.js');

function forkBackend(): BackendProcess {
  const child = utilityProcess.fork(BACKEND_ENTRY, [], { serviceName: 'Trellis backend', stdio: 'inherit' });
  // Nothing is posted to a process that has exited; what was in flight is failed by the exit instead.
  let exited = false;
  child.once('exit', () => (exited = true));
  return {
    port: {
      post: (message) => void (exited || child.postMessage(message)),
      listen: (listener) => child.on('message', listener),
    },
    onExit: (listener) => child.once('exit', (code) => listener(`exited with code ${code}`)),
    kill: () => void child.kill(),
  };
}

async function pickFile(title: string, extensions: string[]): Promise<string | null> {
  const options: OpenDialogOptions = { title, properties: ['openFile'], filters: [{ name: title, extensions }] };
  const window = BrowserWindow.getFocusedWindow();
  const result = await (window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options));
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

/** On a damaged or too-new file, offers the newest backup. */
async function offerBackup({ error, newestBackup }: OpenFailure): Promise<string | null> {
  const { response } = await dialog.showMessageBox({
    type: 'error',
    title: 'Trellis cannot open the workspace',
    message: formatError(error),
    buttons: newestBackup ? ['Open newest backup', 'Quit'] : ['Quit'],
  });
  return newestBackup && response === 0 ? newestBackup : null;
}

async function explainStop(reason: string): Promise<void> {
  const { response } = await dialog.showMessageBox({
    type: 'error',
    title: 'Trellis stopped working on the workspace',
    message: reason,
    detail:
      'Everything saved before this is in the workspace file. Restart Trellis to go on; if it happens again, report it with the steps that led here.',
    buttons: ['Restart Trellis', 'Quit'],
  });
  if (response === 0) app.relaunch();
  app.quit();
}

/** The backend in its own utilityProcess, so SQLite work never blocks window events. Call once `app` is ready. */
export function setupBackend(): BackendHost {
  return new BackendHost({
    start: forkBackend,
    secretKey: loadSecretKey(app.getPath('userData')),
    configDir: app.getPath('userData'),
    pickFile,
    spawnHelper: utilityHelper,
    onOpenFailed: offerBackup,
    onGaveUp: explainStop,
  });
}
