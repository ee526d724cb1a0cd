import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { openWorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';

const record = JSON.stringify({
  messages: [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello.' },
  ],
});

describe('readers bounded by what a file holds, not by its whitespace', () => {
  it('skips millions of leading blank lines without keeping them, and still numbers the lines after them', async () => {
    const store = openWorkspaceStore(path.join(tempDir(), 'blank.trellis'));
    const blank = 3_000_000;
    const file = path.join(tempDir(), 'blank.jsonl.gz');
    fs.writeFileSync(file, zlib.gzipSync(Buffer.from(`${'\n'.repeat(blank)}${record}\n{broken\n`)));
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ shape: 'jsonl', gzip: true, committed: true, imported: 1, rejectedCount: 1 });
    expect(report.rejected[0]).toMatchObject({ line: blank + 2, offset: blank + record.length + 1 });
    store.close();
  });

  it('reads a JSON array after megabytes of leading spaces, with its records at their lines', async () => {
    const store = openWorkspaceStore(path.join(tempDir(), 'spaces.trellis'));
    const file = path.join(tempDir(), 'spaces.json.gz');
    fs.writeFileSync(file, zlib.gzipSync(Buffer.from(`${' '.repeat(8 << 20)}\n\n[${record},\n{"nope": 1}]`)));
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ shape: 'json-array', committed: true, imported: 1, rejectedCount: 1 });
    expect(report.rejected[0]).toMatchObject({ record: 2, line: 4 });
    store.close();
  });

  it('refuses a named pipe before opening it (opening one waits for a writer, forever)', async (context) => {
    if (process.platform === 'win32') context.skip();
    const store = openWorkspaceStore(path.join(tempDir(), 'fifo.trellis'));
    const fifo = path.join(tempDir(), 'logs.jsonl');
    execFileSync('mkfifo', [fifo]);
    await expect(importTrajectoryFile(store, { file: fifo, mode: 'strict' })).rejects.toThrow(
      `${fifo} is a named pipe (FIFO), not a file; it was not opened.`,
    );
    store.close();
  });
});
