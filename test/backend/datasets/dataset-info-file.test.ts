import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_DATASET_INFO_BYTES, readDatasetInfo } from '../../../backend/datasets/dataset-info';
import { tempDir } from '../../helpers/temp';

describe('the dataset_info.json of an export folder is read through backend/files', () => {
  it('is empty when there is none yet', () => {
    expect(readDatasetInfo(path.join(tempDir(), 'dataset_info.json'))).toEqual({});
  });

  it('refuses a named pipe without opening it', (context) => {
    if (process.platform === 'win32') context.skip();
    const pipe = path.join(tempDir(), 'dataset_info.json');
    execFileSync('mkfifo', [pipe]);
    expect(() => readDatasetInfo(pipe)).toThrow(
      expect.objectContaining({
        code: 'E1002',
        message: `${pipe} is a named pipe (FIFO), not a file; it was not opened.`,
      }),
    );
  });

  it('refuses one larger than any dataset list, before reading it', () => {
    const big = path.join(tempDir(), 'dataset_info.json');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, MAX_DATASET_INFO_BYTES + 1);
    expect(() => readDatasetInfo(big)).toThrow(
      expect.objectContaining({
        code: 'E1002',
        message: `${big} is larger than 16 MiB, the most Trellis reads of a dataset_info.json at once; it was not read.`,
      }),
    );
  });
});
