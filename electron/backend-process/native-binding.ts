import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../backend';

/**
 * better-sqlite3 built for this Electron's ABI, kept apart from the Node build that tests and
 * the web host use. `npm start` builds it once per Electron version. Packaged apps have no
 * such file: electron-builder rebuilds node_modules for Electron itself.
 */
export function electronSqliteBinding(electronVersion: string): string | undefined {
  const file = path.join(packageRoot(), 'build', 'native', `electron-${electronVersion}`, 'better_sqlite3.node');
  return fs.existsSync(file) ? file : undefined;
}
