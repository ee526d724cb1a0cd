import fs from 'node:fs';
import path from 'node:path';
import { protocol } from 'electron';
import { packageRoot } from '../resources';
import { resolveStaticFile } from '../webhost/static-files';
import { CONTENT_SECURITY_POLICY } from '../webhost/security';
import { APP_SCHEME } from './security';

/** Must run before `app` is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built UI from `trellis://app/`, never from file://. */
export function setupAppProtocol(): void {
  const root = path.join(packageRoot(), 'dist', 'renderer');
  protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    const found = url.host === 'app' ? resolveStaticFile(root, url.pathname) : null;
    if (!found) return new Response('Not found', { status: 404 });
    return new Response(fs.readFileSync(found.file), {
      headers: {
        'content-type': found.type,
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
      },
    });
  });
}
