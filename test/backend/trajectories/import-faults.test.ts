import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { openWorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';

interface Case {
  why: string;
  make: {
    kind: 'fifo' | 'gzip' | 'plain' | 'zip' | 'killed-import';
    blanks?: string;
    repeat?: number;
    then?: string;
    entries?: Record<string, string>;
    understate?: string;
    /** Entry names rewritten in place (same length): names yazl itself refuses to write. */
    rename?: Record<string, string>;
    /** An entry whose central record claims ZIP64 sizes without the extra field that holds them. */
    zip64Lie?: string;
    /** Further central records, each naming an existing entry's bytes again under a new name. */
    alias?: Record<string, string>;
    records?: number;
  };
  expect: { error?: string; report?: Record<string, unknown> };
}

const corpus = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'faults', 'imports.json'), 'utf8'),
) as { cases: Case[] };

const RECORD = JSON.stringify({
  messages: [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello.' },
  ],
});
const SAMPLE = JSON.stringify({
  id: 1,
  epoch: 1,
  input: 'Hi',
  target: 'Hello',
  messages: [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello.' },
  ],
  scores: { match: { value: 'C' } },
});
const expand = (text: string) => text.replace('$RECORD', RECORD).replace('$SAMPLE', SAMPLE);

/** Every central-directory record of a ZIP: where it starts, its name and its whole length. */
function centralRecords(bytes: Buffer): { at: number; name: string; length: number }[] {
  const end = bytes.length - 22;
  const records = [];
  for (let at = bytes.readUInt32LE(end + 16); at < end;) {
    const [n, m, k] = [bytes.readUInt16LE(at + 28), bytes.readUInt16LE(at + 30), bytes.readUInt16LE(at + 32)];
    records.push({ at, name: bytes.toString('latin1', at + 46, at + 46 + n), length: 46 + n + m + k });
    at += 46 + n + m + k;
  }
  return records;
}

/** The odd archives: names rewritten in place, a ZIP64 size claimed without its field, entries aliased. */
function oddities(bytes: Buffer, make: Case['make']): Buffer {
  for (const [from, to] of Object.entries(make.rename ?? {}))
    for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + 1)) bytes.write(to, at, 'latin1');
  const lie = centralRecords(bytes).find((r) => r.name === make.zip64Lie);
  if (lie) bytes.writeUInt32LE(0xffffffff, lie.at + 20);
  if (!make.alias) return bytes;
  // New central records go after the others; the end record counts them and moves past them.
  const central = centralRecords(bytes);
  const added = Object.entries(make.alias).map(([name, of]) => {
    const original = central.find((r) => r.name === of)!;
    const record = Buffer.from(bytes.subarray(original.at, original.at + 46));
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(0, 30);
    record.writeUInt16LE(0, 32);
    return Buffer.concat([record, Buffer.from(name, 'latin1')]);
  });
  const end = Buffer.from(bytes.subarray(bytes.length - 22));
  end.writeUInt16LE(end.readUInt16LE(8) + added.length, 8);
  end.writeUInt16LE(end.readUInt16LE(10) + added.length, 10);
  end.writeUInt32LE(end.readUInt32LE(12) + added.reduce((sum, r) => sum + r.length, 0), 12);
  return Buffer.concat([bytes.subarray(0, bytes.length - 22), ...added, end]);
}

/** A ZIP of these entries (deflated); `understate` makes one entry declare half its real size. */
async function zipFile(file: string, make: Case['make']): Promise<void> {
  const { entries = {}, understate } = make;
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(expand(text)), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  if (understate) {
    // The central directory's record of the entry: signature, then its uncompressed size at +24.
    const name = Buffer.from(understate);
    for (let at = 0; at + 46 <= bytes.length; at++) {
      if (bytes.readUInt32LE(at) !== 0x02014b50) continue;
      const nameLength = bytes.readUInt16LE(at + 28);
      if (!bytes.subarray(at + 46, at + 46 + nameLength).equals(name)) continue;
      bytes.writeUInt32LE(Math.floor(bytes.readUInt32LE(at + 24) / 2), at + 24);
    }
  }
  fs.writeFileSync(file, oddities(bytes, make));
}

describe('the import fault corpus', () => {
  for (const fault of corpus.cases)
    it(fault.why, async () => {
      const dir = tempDir();
      const workspace = path.join(dir, 'faults.trellis');
      const file = path.join(dir, `input.${fault.make.kind === 'zip' ? 'eval' : 'jsonl'}`);
      const { make } = fault;
      if (make.kind === 'killed-import') {
        const records = Array.from({ length: make.records! }, (_, i) => RECORD.replace('Hi', `Hi ${i}`));
        fs.writeFileSync(file, records.join('\n'));
        let store = openWorkspaceStore(workspace);
        await importTrajectoryFile(store, { file, mode: 'strict' });
        store.db.prepare("UPDATE imports SET status = 'running', pid = NULL").run();
        store.close();
        store = openWorkspaceStore(workspace);
        const visibleAfterOpen = store.trajectoryQueries.list({}, 1, 0).total;
        await store.imports.drainDiscarded();
        const leftAfterDrain = store.db.prepare('SELECT count(*) FROM trajectories').pluck().get();
        store.close();
        expect({ visibleAfterOpen, leftAfterDrain }).toEqual(fault.expect.report);
        return;
      }
      if (make.kind === 'fifo') execFileSync('mkfifo', [file]);
      else if (make.kind === 'zip') await zipFile(file, make);
      else {
        const text = Buffer.from(make.blanks!.repeat(make.repeat!) + expand(make.then!));
        fs.writeFileSync(file, make.kind === 'gzip' ? zlib.gzipSync(text) : text);
      }
      const store = openWorkspaceStore(workspace);
      try {
        const result = importTrajectoryFile(store, { file, mode: 'lenient' });
        if (fault.expect.error) await expect(result).rejects.toThrow(new RegExp(fault.expect.error));
        else expect(await result).toMatchObject(fault.expect.report!);
        // Nothing of a refused or empty import is left behind.
        if (!fault.expect.report?.committed)
          expect(store.db.prepare('SELECT count(*) FROM trajectories').pluck().get()).toBe(0);
      } finally {
        store.close();
      }
    });
});
