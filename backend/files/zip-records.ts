import { decompress as zstdDecompress } from 'fzstd';
import yauzl from 'yauzl';
import { TrellisError } from '../../shared/errors';
import { MAX_LINE_BYTES, type LineProblem } from './lines';
import type { RecordSource, SourceRecord } from './records';

/** Entries an archive may hold before it is refused as a zip bomb (inspect writes one per sample, plus a few). */
const MAX_ENTRIES = 1_000_000;
/** Bytes all record entries may inflate to together. */
const MAX_TOTAL_BYTES = 16 * 2 ** 30;

/** Which entries of an archive are records, and which one they all share. */
export interface ArchiveLayout {
  /** A name for the layout, for the report ("inspect_ai .eval"). */
  format: string;
  isRecord(entry: string): boolean;
  /** The entries all records share, the first the archive holds. */
  sharedEntries: readonly string[];
}

/** ZIP compression methods read: stored, deflate, and zstd (inspect_ai writes its .eval entries with it). */
const STORED = 0;
const DEFLATE = 8;
const ZSTD = 93;

/**
 * Reads a ZIP archive entry by entry, in memory, never unpacking it to disk: `layoutOf` is told
 * the entry names and says which are records (null: not an archive of records, refused in one
 * line that names what it holds). An entry larger than MAX_LINE_BYTES is reported and skipped; an
 * entry whose data inflates past its declared size ends the read. An entry name written twice
 * (a sample written again) is read once, in its last version.
 */
export async function zipRecords(
  file: string,
  layoutOf: (entries: readonly string[]) => ArchiveLayout | null,
  onProblem: (problem: LineProblem) => void,
): Promise<RecordSource & { shared: unknown; layout: ArchiveLayout }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch (error) {
    throw new TrellisError('E1002', `${file} is not a readable ZIP archive: ${(error as Error).message}.`);
  }
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    throw new TrellisError(
      'E1002',
      `${file} holds ${zip.entryCount} entries, more than ${MAX_ENTRIES}; it was not read.`,
    );
  }
  // The last entry of a name is the one that counts, as with any archive appended to.
  const entries = [...new Map((await listEntries(zip, file)).map((e) => [e.fileName, e])).values()];
  assertEntriesApart(entries, zip.fileSize, file);
  const names = entries.map((e) => e.fileName);
  const layout = layoutOf(names);
  if (!layout) {
    zip.close();
    const shown = names.slice(0, 6).join(', ');
    throw new TrellisError(
      'E1002',
      `${file} is a ZIP archive of ${names.length} entries (${shown}${names.length > 6 ? ', …' : ''}): not a known archive of trajectories.`,
      'Trellis reads inspect_ai .eval logs as archives; extract JSON Lines or JSON files from other archives and import those.',
    );
  }
  const sharedEntry = layout.sharedEntries.map((name) => entries.find((e) => e.fileName === name)).find(Boolean);
  const shared = sharedEntry ? await sharedDocument(zip, sharedEntry) : null;
  const recordEntries = entries.filter((e) => layout.isRecord(e.fileName));
  const totalBytes = recordEntries.reduce((sum, e) => sum + e.compressedSize, 0) || 1;
  let read = 0;
  let inflated = 0;
  const records = (async function* (): AsyncGenerator<SourceRecord> {
    try {
      for (const [i, entry] of recordEntries.entries()) {
        const at = { record: i + 1, line: 1, offset: 0 };
        read += entry.compressedSize;
        if (entry.uncompressedSize > MAX_LINE_BYTES) {
          onProblem({ ...at, reason: `${entry.fileName} is larger than ${MAX_LINE_BYTES / 2 ** 20} MiB`, snippet: '' });
          continue;
        }
        inflated += entry.uncompressedSize;
        if (inflated > MAX_TOTAL_BYTES)
          throw new TrellisError(
            'E1002',
            `${file} inflates to more than ${MAX_TOTAL_BYTES / 2 ** 30} GiB; it was not read further.`,
          );
        yield { ...at, entry: entry.fileName, text: await entryText(zip, entry) };
      }
    } finally {
      zip.close();
    }
  })();
  return {
    shape: 'zip',
    gzip: false,
    records,
    bytesRead: () => Math.round((read / totalBytes) * (zip.fileSize ?? totalBytes)),
    shared,
    layout,
  };
}

/** The entries, or a refusal in words: a name outside the archive, or a directory that lies. */
function listEntries(zip: yauzl.ZipFile, file: string): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: Error) => {
      zip.close();
      // yauzl's words for a name that climbs out ("invalid relative path: ../x", "absolute path: /x").
      const outside = /^(?:invalid relative path|absolute path): (.*)$/.exec(error.message);
      reject(
        outside
          ? new TrellisError(
              'E1002',
              `${file} is not a safe ZIP archive: an entry is named "${outside[1]}", outside the archive; it was not read.`,
              'Trellis never unpacks an archive, but one naming such entries was not written by a harness: ask for the log as it wrote it.',
            )
          : damaged(file, error.message),
      );
    });
    zip.readEntry();
  });
}

function damaged(file: string, why: string): TrellisError {
  return new TrellisError('E1002', `${file} is a damaged ZIP archive: ${why}; it was not read.`);
}

/**
 * Refuses entries that claim bytes past the end of the archive (a ZIP64 size that is not true) or
 * share bytes with another entry: several central records naming one local entry make one
 * sample's bytes inflate once per name (a zip bomb's trick), while the archive cap counts them once.
 */
function assertEntriesApart(entries: readonly yauzl.Entry[], fileSize: number, file: string): void {
  // A local header is 30 bytes and the name at least: the data ends no earlier than this.
  const end = (e: yauzl.Entry) => e.relativeOffsetOfLocalHeader + 30 + e.fileNameLength + e.compressedSize;
  for (const entry of entries)
    if (end(entry) > fileSize)
      throw damaged(
        file,
        `${entry.fileName} claims ${entry.compressedSize} bytes at offset ${entry.relativeOffsetOfLocalHeader}, past the archive's end (${fileSize} bytes)`,
      );
  const byOffset = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  for (let i = 1; i < byOffset.length; i++) {
    const [before, entry] = [byOffset[i - 1]!, byOffset[i]!];
    if (entry.relativeOffsetOfLocalHeader < end(before))
      throw new TrellisError(
        'E1002',
        `${before.fileName} and ${entry.fileName} in the archive are the same bytes named twice (a zip bomb's trick); nothing of it was imported.`,
        'An archive a harness wrote names each entry once: ask for the log as it wrote it.',
      );
  }
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** An entry's bytes, inflated (deflate by yauzl, zstd here); never more than the size it declares. */
async function entryBytes(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  if (entry.compressionMethod === STORED || entry.compressionMethod === DEFLATE) {
    try {
      return await readAll((await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>);
    } catch (error) {
      // yauzl stops an entry that inflates past the size it declares (a zip bomb) or is corrupt.
      throw new TrellisError(
        'E1002',
        `${entry.fileName} in the archive is damaged or not what it declares (${(error as Error).message}); nothing of the archive was imported.`,
      );
    }
  }
  if (entry.compressionMethod !== ZSTD)
    throw new TrellisError(
      'E1002',
      `${entry.fileName} in the archive is compressed with method ${entry.compressionMethod}; Trellis reads stored, deflate and zstd entries.`,
    );
  let raw: Buffer;
  try {
    raw = await readAll((await zip.openReadStreamPromise(entry, { decodeFileData: false })) as AsyncIterable<Buffer>);
  } catch (error) {
    throw new TrellisError(
      'E1002',
      `${entry.fileName} in the archive is damaged or not what it declares (${(error as Error).message}); nothing of the archive was imported.`,
    );
  }
  // The output buffer is the declared size: data that would inflate past it fails, never grows.
  const out = new Uint8Array(entry.uncompressedSize);
  let inflated: Uint8Array;
  try {
    inflated = zstdDecompress(raw, out);
  } catch (error) {
    throw new TrellisError('E1002', `${entry.fileName} in the archive is damaged (zstd: ${(error as Error).message}).`);
  }
  if (inflated.length !== entry.uncompressedSize)
    throw new TrellisError(
      'E1002',
      `${entry.fileName} in the archive inflates to ${inflated.length} bytes, not the ${entry.uncompressedSize} it declares; it was not read.`,
    );
  return Buffer.from(inflated.buffer, inflated.byteOffset, inflated.length);
}

async function entryText(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  const bytes = await entryBytes(zip, entry);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TrellisError('E1002', `${entry.fileName} in the archive is not UTF-8 text.`);
  }
}

async function sharedDocument(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<unknown> {
  if (entry.uncompressedSize > MAX_LINE_BYTES) return null;
  try {
    return JSON.parse(await entryText(zip, entry)) as unknown;
  } catch {
    return null;
  }
}
