import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readInputHead, readInputText } from '../../../backend/files/input-file';
import { tempDir } from '../../helpers/temp';

function fifo(name: string): string {
  const file = path.join(tempDir(), name);
  execFileSync('mkfifo', [file]);
  return file;
}

/** A file of `bytes` bytes that takes no room on disk (sparse): only its size is read. */
function sized(name: string, bytes: number): string {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, '');
  fs.truncateSync(file, bytes);
  return file;
}

describe('readInputText: a whole file the user named, checked and bounded', () => {
  it('reads a file as UTF-8 text, a gzip one decompressed when asked', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a.jsonl'), '{"id": "é"}\n');
    fs.writeFileSync(path.join(dir, 'a.jsonl.gz'), zlib.gzipSync('{"id": "é"}\n'));
    expect(readInputText(path.join(dir, 'a.jsonl'), { maxBytes: 100 })).toBe('{"id": "é"}\n');
    expect(readInputText(path.join(dir, 'a.jsonl.gz'), { maxBytes: 100, gzip: true })).toBe('{"id": "é"}\n');
  });

  it('says no file is there with the path (E3001), and to check the path rather than refresh a list', () => {
    const missing = path.join(tempDir(), 'gold.jsonl');
    expect(() => readInputText(missing, { maxBytes: 100 })).toThrow(
      expect.objectContaining({
        code: 'E3001',
        message: `No file at ${missing}.`,
        hint: 'Check the path (Browse… picks one), or give the full path of the file.',
      }),
    );
  });

  it('refuses a named pipe without opening it (opening one waits for a writer, forever)', (context) => {
    if (process.platform === 'win32') context.skip();
    const pipe = fifo('gold.jsonl');
    expect(() => readInputText(pipe, { what: 'gold file', maxBytes: 100 })).toThrow(
      expect.objectContaining({
        code: 'E1002',
        message: `${pipe} is a named pipe (FIFO), not a file; it was not opened.`,
        hint: 'Write what it carries into a file and give that gold file.',
      }),
    );
  });

  it('refuses a file past its limit before reading it, and a gzip file that decompresses past it', () => {
    const big = sized('big.json', 5 * 2 ** 20 + 1);
    expect(() => readInputText(big, { what: 'gold file', maxBytes: 5 * 2 ** 20 })).toThrow(
      expect.objectContaining({
        code: 'E1002',
        message: `${big} is larger than 5 MiB, the most Trellis reads of a gold file at once; it was not read.`,
      }),
    );
    const bomb = path.join(tempDir(), 'bomb.json.gz');
    fs.writeFileSync(bomb, zlib.gzipSync(Buffer.alloc(2 ** 20, 0x20)));
    expect(fs.statSync(bomb).size).toBeLessThan(2 ** 16);
    expect(() => readInputText(bomb, { maxBytes: 2 ** 16, gzip: true })).toThrow(
      expect.objectContaining({ code: 'E1002', message: expect.stringContaining('larger than 64 KiB') }),
    );
  });

  it('names damaged gzip data as the user’s file', () => {
    const cut = path.join(tempDir(), 'cut.json.gz');
    fs.writeFileSync(cut, zlib.gzipSync('{"a": 1}\n'.repeat(100)).subarray(0, 20));
    expect(() => readInputText(cut, { maxBytes: 2 ** 20, gzip: true })).toThrow(
      expect.objectContaining({
        code: 'E1002',
        message: expect.stringContaining(`${cut} is gzip data that is damaged`),
      }),
    );
  });
});

describe('readInputHead: the first bytes of a file the user named', () => {
  it('reads up to the bytes asked for, and refuses a pipe unopened', (context) => {
    const file = path.join(tempDir(), 'model.gguf');
    fs.writeFileSync(file, 'GG');
    expect(readInputHead(file, 4).toString()).toBe('GG');
    if (process.platform === 'win32') context.skip();
    const pipe = fifo('model.gguf');
    expect(() => readInputHead(pipe, 4, 'GGUF model file')).toThrow(
      `${pipe} is a named pipe (FIFO), not a file; it was not opened.`,
    );
  });
});
