import fs from 'node:fs';
import { protocol } from 'electron';
import { rendererRoot, uiFile } from '../../backend';
import { APP_SCHEME } from './security';

/** Must run before `app` is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built UI from `trellis://app/`, never from file://, with the same headers as the web host. */
export function setupAppProtocol(): void {
  const root = rendererRoot();
  protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    const found = url.host === 'app' ? uiFile(root, url.pathname) : ({ status: 404 } as const);
    if (found.status !== 200) return new Response(found.status === 400 ? 'Bad request' : 'Not found', found);
    return new Response(fs.readFileSync(found.file), { headers: found.headers });
  });
}
