import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../resources';
import { CONTENT_SECURITY_POLICY } from './csp';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The built UI (`dist/renderer`), which both the Electron shell and the web host serve. */
export const rendererRoot = (): string => path.join(packageRoot(), 'dist', 'renderer');

/**
 * Resolves a URL path inside `root`, refusing anything that escapes it. A malformed
 * percent-escape (`/%E0%A4%A`) is not a file: it resolves to nothing instead of throwing.
 */
export function resolveStaticFile(root: string, urlPath: string): { file: string; type: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const file = path.resolve(root, relative);
  if (!file.startsWith(path.resolve(root) + path.sep)) return null;
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return null;
  return { file, type: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' };
}

export type UiFile = { status: 200; file: string; headers: Record<string, string> } | { status: 400 | 404 };

/**
 * A file of the UI with the headers every shell sends with it; 400 for a path that is not
 * even a valid escape sequence, 404 for anything else that is not a file of the UI.
 */
export function uiFile(root: string, urlPath: string): UiFile {
  try {
    decodeURIComponent(urlPath);
  } catch {
    return { status: 400 };
  }
  const found = resolveStaticFile(root, urlPath);
  if (!found) return { status: 404 };
  return {
    status: 200,
    file: found.file,
    headers: {
      'content-type': found.type,
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
    },
  };
}
