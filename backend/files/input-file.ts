import fs from 'node:fs';
import zlib from 'node:zlib';
import { TrellisError } from '../../shared/errors';

/** A path the user gave that names nothing: theirs to correct (not a list to refresh). */
export function noFileAt(file: string, what = 'file'): TrellisError {
  return new TrellisError(
    'E3001',
    `No file at ${file}.`,
    `Check the path (Browse… picks one), or give the full path of the ${what}.`,
  );
}

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
  if (!stat) throw noFileAt(file, what);
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

/**
 * The first `bytes` bytes of a file the user named (fewer when it is shorter), checked as
 * `inputFileSize` checks before it is opened: how a reader tells what the file is (its magic).
 */
export function readInputHead(file: string, bytes: number, what = 'file'): Buffer {
  let fd: number;
  try {
    inputFileSize(file, what);
    fd = fs.openSync(file, 'r');
  } catch (error) {
    throw error instanceof TrellisError ? error : cannotRead(file, what, error);
  }
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, fs.readSync(fd, buffer, 0, bytes, 0));
  } catch (error) {
    throw cannotRead(file, what, error);
  } finally {
    fs.closeSync(fd);
  }
}

function cannotRead(file: string, what: string, error: unknown): TrellisError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return noFileAt(file, what);
  return new TrellisError(
    'E1002',
    `Cannot read ${file}: ${(error as Error).message}`,
    `Check that Trellis may read it, or give another ${what}.`,
  );
}

export interface WholeFileLimits {
  /** The file in the user's words, for hints ("predictions or gold file"). */
  what?: string;
  /** The most bytes read (after decompression, for a gzip file): past it the file is refused, not cut. */
  maxBytes: number;
  /** Whether a gzip-compressed file (told by its first bytes) is read decompressed. */
  gzip?: boolean;
}

const inWords = (bytes: number) =>
  bytes >= 2 ** 20 ? `${Math.round(bytes / 2 ** 20)} MiB` : `${Math.ceil(bytes / 2 ** 10)} KiB`;

function tooLarge(file: string, what: string, maxBytes: number): TrellisError {
  return new TrellisError(
    'E1002',
    `${file} is larger than ${inWords(maxBytes)}, the most Trellis reads of a ${what} at once; it was not read.`,
    `Split it into smaller files, or give a smaller ${what}.`,
  );
}

/**
 * The whole text of a file the user named, for the small files read whole (a gold file, a
 * `dataset_info.json`): checked as `inputFileSize` checks, refused past `maxBytes` before it is
 * read, decompressed when it is gzip and `gzip` says so. Large record files are streamed instead
 * (`openRecords`).
 */
export function readInputText(file: string, { what = 'file', maxBytes, gzip = false }: WholeFileLimits): string {
  let bytes: Buffer;
  try {
    if (inputFileSize(file, what) > maxBytes) throw tooLarge(file, what, maxBytes);
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw error instanceof TrellisError ? error : cannotRead(file, what, error);
  }
  if (gzip && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = zlib.gunzipSync(bytes, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(file, what, maxBytes);
      throw new TrellisError(
        'E1002',
        `${file} is gzip data that is damaged or cut short (${(error as Error).message}).`,
        `Compress it again, or give the uncompressed ${what}.`,
      );
    }
  }
  return bytes.toString('utf8');
}
