import fs from 'node:fs';
import { TrellisError } from '../../shared/errors';

/** What a path that is not a regular file is, in words. */
function kindOf(stat: fs.Stats): string | null {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return stat.isFile() ? null : 'not a regular file';
}

/**
 * The size of a file the user asked Trellis to read, after checking that it is one: a missing
 * path, a folder, a pipe, a socket or a device is refused before anything opens it (opening a
 * FIFO would block the process until a writer comes, freezing every client of the host).
 */
export function inputFileSize(file: string, what = 'file'): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new TrellisError('E3001', `No file at ${file}.`);
  if (stat.isDirectory()) throw new TrellisError('E1002', `${file} is a folder.`, `Give the ${what} inside it.`);
  const kind = kindOf(stat);
  if (kind)
    throw new TrellisError(
      'E1002',
      `${file} is ${kind}, not a file; it was not opened.`,
      `Write what it carries into a file and give that ${what}.`,
    );
  return stat.size;
}
