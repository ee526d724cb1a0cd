import { app, session, type WebContents } from 'electron';

export const APP_SCHEME = 'trellis';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

/** True for frames that show our own UI; IPC from anything else is dropped. */
export function isAppUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === 'app';
  } catch {
    return false;
  }
}

function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Electron's security checklist: no navigation, no new windows, no webviews, no permissions. */
export function setupSecurity(): void {
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}
