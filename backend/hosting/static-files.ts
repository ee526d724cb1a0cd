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

/** A URL path decoded, or null when it is not a valid percent-escape sequence (`/%E0%A4%A`). */
function decodePath(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

/** Resolves a URL path inside `root`, refusing anything that escapes it or is not a valid escape. */
export function resolveStaticFile(root: string, urlPath: string): { file: string; type: string } | null {
  const decoded = decodePath(urlPath);
  return decoded === null ? null : fileInRoot(root, decoded);
}

function fileInRoot(root: string, decoded: string): { file: string; type: string } | null {
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
  const decoded = decodePath(urlPath);
  if (decoded === null) return { status: 400 };
  const found = fileInRoot(root, decoded);
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
