import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_EVALUATION_FILE_BYTES, readBfclResults, readRecords } from '../../../backend/evaluation/files';
import { tempDir } from '../../helpers/temp';

describe('predictions and gold files are read through backend/files', () => {
  it('refuses a named pipe without opening it', (context) => {
    if (process.platform === 'win32') context.skip();
    const pipe = path.join(tempDir(), 'predictions.jsonl');
    execFileSync('mkfifo', [pipe]);
    expect(() => readBfclResults(pipe)).toThrow(
      expect.objectContaining({
        code: 'E1002',
        message: `${pipe} is a named pipe (FIFO), not a file; it was not opened.`,
        hint: 'Write what it carries into a file and give that predictions or gold file.',
      }),
    );
  });

  it('refuses a file larger than it parses whole, before reading it', () => {
    const big = path.join(tempDir(), 'gold.jsonl');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, MAX_EVALUATION_FILE_BYTES + 1);
    expect(() => readRecords(big)).toThrow(
      expect.objectContaining({
        code: 'E1002',
        message: `${big} is larger than 256 MiB, the most Trellis reads of a predictions or gold file at once; it was not read.`,
      }),
    );
  });

  it('reads a gzip-compressed file as the file it holds', () => {
    const file = path.join(tempDir(), 'predictions.jsonl.gz');
    fs.writeFileSync(file, zlib.gzipSync('{"id": "simple_0", "result": "[f(x=10.0)]"}\n'));
    expect(readBfclResults(file)).toEqual(new Map([['simple_0', '[f(x=10.0)]']]));
  });
});
