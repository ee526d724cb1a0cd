import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TrellisError } from '../../shared/errors';

/** Ends the name of every temporary file Trellis writes beside a target. */
const TEMP_SUFFIX = '.trellis-tmp';

/**
 * A file being written beside its target (`.<name>.<pid>-<random>.trellis-tmp` in the same
 * folder): nothing at the target changes until it is committed.
 */
export interface StagedFile {
  readonly target: string;
  readonly temp: string;
  write(text: string): void;
}

interface Staged extends StagedFile {
  fd: number | null;
}

/**
 * The longest file name a target may have: a temporary name adds about 30 characters, and most
 * file systems stop at 255 bytes.
 */
export const MAX_TARGET_NAME_BYTES = 200;

/** Why `file` could not be written, in words: a name too long is not a full or read-only disk. */
export function cannotWrite(file: string, error: unknown): TrellisError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENAMETOOLONG')
    return new TrellisError('E2008', `Cannot write ${file}: its name is too long for this file system.`);
  return new TrellisError('E2005', `Cannot write ${file}: ${(error as Error).message}`);
}

/**
 * Opens a temporary file for `target`. It is created exclusively (`wx`), so it is never a link
 * someone placed there, and it is written to only through its own descriptor. `mode` is the
 * file's permissions (exports take their workspace's).
 */
export function stageFile(target: string, mode = 0o644): StagedFile {
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`,
  );
  let fd: number;
  try {
    fd = fs.openSync(temp, 'wx', mode);
  } catch (error) {
    throw cannotWrite(target, error);
  }
  try {
    // Exactly `mode`, whatever the umask: a 0660 workspace's exports are 0660 too.
    fs.fchmodSync(fd, mode);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw cannotWrite(target, error);
  }
  const staged: Staged = {
    target,
    temp,
    fd,
    write(text) {
      try {
        fs.writeSync(staged.fd!, text);
      } catch (error) {
        throw cannotWrite(target, error);
      }
    },
  };
  return staged;
}

function close(file: StagedFile, sync: boolean): void {
  const staged = file as Staged;
  if (staged.fd === null) return;
  const fd = staged.fd;
  staged.fd = null;
  try {
    if (sync) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Puts staged files in place: each is flushed to disk (fsync) before any is renamed, then each
 * is renamed over its target, then the folder is flushed. A rename replaces a symbolic link at
 * the target with the file itself: nothing is ever written through a link, and what the link
 * pointed to is left as it was. Returns the targets that were links.
 */
export function commitStaged(files: readonly StagedFile[]): { replacedLinks: string[] } {
  try {
    for (const file of files) close(file, true);
  } catch (error) {
    discardStaged(files);
    throw cannotWrite(path.dirname(files[0]!.target), error);
  }
  const replacedLinks: string[] = [];
  for (const file of files) {
    const existing = fs.lstatSync(file.target, { throwIfNoEntry: false });
    if (existing?.isDirectory()) {
      discardStaged(files);
      throw new TrellisError('E3003', `${file.target} is a folder; move it away or export to another folder.`);
    }
    if (existing?.isSymbolicLink()) replacedLinks.push(file.target);
  }
  for (const file of files) {
    try {
      fs.renameSync(file.temp, file.target);
    } catch (error) {
      discardStaged(files);
      throw cannotWrite(file.target, error);
    }
  }
  syncFolder(path.dirname(files[0]!.target));
  return { replacedLinks };
}

/** Closes and deletes staged files that will not be committed; the targets stay as they were. */
export function discardStaged(files: readonly StagedFile[]): void {
  for (const file of files) {
    try {
      close(file, false);
    } catch {
      // Already closed or never opened: the file is deleted below either way.
    }
    fs.rmSync(file.temp, { force: true });
  }
}

/**
 * Writes a whole file atomically (see commitStaged), making its folder first when there is none
 * (`folderMode` for the folders it makes: a config folder is the user's alone).
 */
export function writeFileAtomic(
  target: string,
  text: string,
  { mode, folderMode }: { mode?: number; folderMode?: number } = {},
): { replacedLinks: string[] } {
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: folderMode });
  } catch (error) {
    throw cannotWrite(target, error);
  }
  const staged = stageFile(target, mode);
  try {
    staged.write(text);
  } catch (error) {
    discardStaged([staged]);
    throw error;
  }
  return commitStaged([staged]);
}

/**
 * Copies the folder `from` to `target` whole or not at all: into `<target>.partial` first, then
 * renamed into place, so a copy cut short is never taken for a finished one.
 */
export function copyFolderAtomic(from: string, target: string): void {
  const partial = `${target}.partial`;
  try {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(from, partial, { recursive: true });
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw cannotWrite(target, error);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Deletes the temporary files a killed writer left beside `targets` (a process that is gone
 * cannot clean up after itself). Files of a writer that is still running are left alone.
 */
export function removeStaleTemps(targets: readonly string[]): string[] {
  const removed: string[] = [];
  const byFolder = new Map<string, Set<string>>();
  for (const target of targets) {
    const dir = path.dirname(target);
    byFolder.set(dir, (byFolder.get(dir) ?? new Set()).add(path.basename(target)));
  }
  for (const [dir, names] of byFolder) {
    let entries: string[];
    try {
      entries = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const entry of entries) {
      const match = /^\.(.+)\.(\d+)-[0-9a-f]{8}\.trellis-tmp$/.exec(entry);
      if (!match || !names.has(match[1]!) || alive(Number(match[2]))) continue;
      fs.rmSync(path.join(dir, entry), { force: true });
      removed.push(path.join(dir, entry));
    }
  }
  return removed;
}

function syncFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some systems cannot open or flush a folder; the renames themselves are still atomic.
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}
