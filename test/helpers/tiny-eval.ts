import fs from 'node:fs';
import yazl from 'yazl';

/**
 * A zstd frame of literal and repeated-byte blocks: how a few hundred bytes hold megabytes of one
 * character, as any zstd encoder writes a run (fzstd reads it like any other frame).
 */
export function zstdFrame(parts: (string | { repeat: string; times: number })[]): { frame: Buffer; size: number } {
  const blocks: Buffer[] = [];
  const header = (type: number, size: number) => {
    const value = (size << 3) | (type << 1);
    return Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]);
  };
  let total = 0;
  for (const part of parts) {
    if (typeof part === 'string') {
      const bytes = Buffer.from(part);
      blocks.push(header(0, bytes.length), bytes);
      total += bytes.length;
      continue;
    }
    // A block regenerates at most 128 KiB.
    for (let left = part.times; left > 0; left -= 128 * 1024) {
      const size = Math.min(left, 128 * 1024);
      blocks.push(header(1, size), Buffer.from(part.repeat));
      total += size;
    }
  }
  const last = blocks[blocks.length - 2]!;
  last[0]! |= 1;
  const size = Buffer.alloc(4);
  size.writeUInt32LE(total);
  // Magic, then a single-segment frame with a 4-byte content size.
  return { frame: Buffer.concat([Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0xa0]), size, ...blocks]), size: total };
}

/** Rewrites a stored entry as zstd (method 93) of `size` bytes, in its local and central records. */
function markZstd(zip: Buffer, name: string, size: number): void {
  const wanted = Buffer.from(name);
  for (let at = 0; at + 46 <= zip.length; at++) {
    const signature = zip.readUInt32LE(at);
    const local = signature === 0x04034b50;
    if (!local && signature !== 0x02014b50) continue;
    const nameAt = at + (local ? 30 : 46);
    const nameLength = zip.readUInt16LE(at + (local ? 26 : 28));
    if (!zip.subarray(nameAt, nameAt + nameLength).equals(wanted)) continue;
    zip.writeUInt16LE(93, at + (local ? 8 : 10));
    zip.writeUInt32LE(size, at + (local ? 22 : 24));
  }
}

/** An inspect .eval whose entries are given as zstd frames (and the few plain ones as text). */
export async function writeEval(
  file: string,
  entries: Record<string, { frame: Buffer; size: number } | string>,
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, entry] of Object.entries(entries))
    zip.addBuffer(typeof entry === 'string' ? Buffer.from(entry) : entry.frame, name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  for (const [name, entry] of Object.entries(entries)) if (typeof entry !== 'string') markZstd(bytes, name, entry.size);
  fs.writeFileSync(file, bytes);
}

/**
 * A sample whose one attachment of `attachmentBytes` characters is named by `references` messages:
 * a few hundred bytes of .eval that resolve to attachmentBytes × references characters of turns.
 */
export function amplifyingSample(attachmentBytes: number, references: number, id = 1): { frame: Buffer; size: number } {
  const messages = Array.from({ length: references }, (_, i) =>
    JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: 'attachment://a' }),
  );
  return zstdFrame([
    `{"id":${id},"epoch":1,"input":"Hi","target":"x","attachments":{"a":"`,
    { repeat: 'A', times: attachmentBytes },
    `"},"messages":[${messages.join(',')}]}`,
  ]);
}
