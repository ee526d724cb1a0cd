import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { TrellisError } from '../../shared/errors';
import { assertNotNewer, migrate, type Migration, MIGRATIONS } from './migrations';
import { assertTrellisSchema } from './schema-check';

export interface OpenOptions {
  /** A better-sqlite3 addon built for another ABI (Electron's), see native-binding.ts. */
  nativeBinding?: string;
  migrations?: readonly Migration[];
}

const SQLITE_HEADER = 'SQLite format 3\0';

/**
 * Opens (or creates) a workspace file: WAL, foreign keys, a busy timeout, an integrity
 * check, a check that its schema is the one Trellis made, then migrations. Refuses files that are
 * not SQLite, come from a newer Trellis, or hold objects Trellis did not create.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Database.Database {
  assertOpenable(file);
  assertLooksLikeSqlite(file);
  // Folders it makes are its owner's only, as the workspace file is.
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  // A new workspace is readable by its owner only; SQLite gives its -wal and -shm files the same mode.
  if (!fs.existsSync(file)) {
    try {
      fs.writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process (a second import started at once) made it first: open that one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('busy_timeout = 5000');
    // Functions with side effects never run from the file's own schema (views, triggers, indexes).
    db.pragma('trusted_schema = OFF');
    checkIntegrity(db, file);
    // Before anything writes: switching to WAL alone would alter a newer Trellis's file.
    const version = assertNotNewer(db, options.migrations ?? MIGRATIONS);
    // Before anything writes too: a trigger planted in the file would run with the first write.
    assertTrellisSchema(db, file, version, options.migrations ?? MIGRATIONS, options.nativeBinding);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, options.migrations ?? MIGRATIONS);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof TrellisError) throw error;
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw notAWorkspace(file);
    throw error;
  }
}

/** Refuses, with the reason a person can act on, what SQLite would only call "unable to open". */
function assertOpenable(file: string): void {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat?.isDirectory())
    throw new TrellisError(
      'E2004',
      `${file} is a folder, not a workspace file.`,
      `Give a .trellis file, e.g. ${path.join(file, 'default.trellis')}.`,
    );
  const folder = path.dirname(path.resolve(file));
  for (const target of stat ? [file, folder] : fs.existsSync(folder) ? [folder] : []) {
    try {
      fs.accessSync(target, fs.constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      throw new TrellisError(
        'E2005',
        `${file} cannot be written: ${target === file ? 'the file' : 'its folder'} is ${code === 'EROFS' ? 'on a read-only disk' : 'read-only'} (${code}). The workspace was not changed.`,
        'Copy the workspace to a writable folder, or make this one writable, then open it again.',
      );
    }
  }
  if (stat && stat.size === 0 && listBackups(file).length)
    throw new TrellisError(
      'E2002',
      `${file} is empty (0 bytes), though backups of it exist beside it: it was probably cut short.`,
      'Open its newest backup; an empty file is not filled with the examples again.',
    );
}

function assertLooksLikeSqlite(file: string): void {
  if (!fs.existsSync(file)) return;
  const size = fs.statSync(file).size;
  if (size === 0) return;
  const fd = fs.openSync(file, 'r');
  try {
    const header = Buffer.alloc(16);
    fs.readSync(fd, header, 0, 16, 0);
    if (header.toString('latin1') !== SQLITE_HEADER) throw notAWorkspace(file);
  } finally {
    fs.closeSync(fd);
  }
}

function notAWorkspace(file: string): TrellisError {
  return new TrellisError('E2004', `${file} is not a SQLite database, so it cannot be a Trellis workspace.`);
}

function checkIntegrity(db: Database.Database, file: string): void {
  let rows: { quick_check: string }[];
  try {
    rows = db.pragma('quick_check') as { quick_check: string }[];
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') throw notAWorkspace(file);
    // Locked by another process past the busy timeout: busy (E2007), not damaged.
    if (code?.startsWith('SQLITE_BUSY')) throw error;
    throw new TrellisError('E2002', `${file}: ${(error as Error).message}.`);
  }
  const problems = rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
  if (problems.length) {
    throw new TrellisError('E2002', `${file}: ${problems.slice(0, 3).join('; ')}.`);
  }
}

/** Online backup: a consistent copy taken while the workspace stays open. */
export async function backupDatabase(
  db: Database.Database,
  destination: string,
): Promise<{ path: string; bytes: number }> {
  const folder = path.dirname(path.resolve(destination));
  try {
    // The nearest folder that exists is the one that must be writable (a recursive mkdir on a
    // read-only disk says only ENOENT).
    let existing = folder;
    while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
    fs.accessSync(existing, fs.constants.W_OK);
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw backupNotWritten(destination, error);
  }
  if (fs.existsSync(destination)) {
    throw new TrellisError('E3002', `${destination} already exists.`, 'Choose a new file name for the backup.');
  }
  try {
    await db.backup(destination);
  } catch (error) {
    fs.rmSync(destination, { force: true });
    throw backupNotWritten(destination, error);
  }
  fs.chmodSync(destination, 0o600);
  return { path: destination, bytes: fs.statSync(destination).size };
}

/** Why a backup could not be made, in words: the workspace itself is untouched either way. */
function backupNotWritten(destination: string, error: unknown): TrellisError {
  const code = String((error as { code?: unknown }).code ?? '');
  const why: Record<string, string> = {
    EROFS: 'its folder is on a read-only disk',
    EACCES: 'its folder is read-only',
    EPERM: 'its folder is read-only',
    ENOSPC: 'the disk is full',
    SQLITE_FULL: 'the disk is full',
    SQLITE_CANTOPEN: 'the file cannot be created there',
    SQLITE_READONLY: 'its folder is read-only',
  };
  return new TrellisError(
    'E2005',
    `The backup ${destination} could not be written: ${why[code] ?? (error as Error).message} (${code || 'error'}). The workspace was not changed.`,
    'Choose a writable folder for the backup, or free some space.',
  );
}

/** `trip.trellis` → `trip.backups/` beside it. */
export function backupFolder(workspaceFile: string): string {
  const parsed = path.parse(path.resolve(workspaceFile));
  return path.join(parsed.dir, `${parsed.name}.backups`);
}

export function listBackups(workspaceFile: string): { path: string; bytes: number; modifiedAt: string }[] {
  const folder = backupFolder(workspaceFile);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.trellis'))
    .map((name) => {
      const stat = fs.statSync(path.join(folder, name));
      return { path: path.join(folder, name), bytes: stat.size, modifiedAt: stat.mtime.toISOString() };
    })
    .sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt));
}

export function timestampedBackupPath(workspaceFile: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(backupFolder(workspaceFile), `${path.parse(workspaceFile).name}-${stamp}.trellis`);
}
