import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelSupervisor } from '../../../backend/llm/supervisor';
import { tempDir } from '../../helpers/temp';
import { TEST_SETTINGS, testSupervisor } from '../../helpers/models';

const supervisors: ModelSupervisor[] = [];
afterEach(async () => {
  for (const s of supervisors.splice(0)) await s.stop();
});

describe('the model file the user names is read through backend/files', () => {
  it('refuses a named pipe before the helper opens it (opening one would hang the helper)', async (context) => {
    if (process.platform === 'win32') context.skip();
    const pipe = path.join(tempDir(), 'model.gguf');
    execFileSync('mkfifo', [pipe]);
    const s = testSupervisor();
    supervisors.push(s);
    await expect(s.load(pipe, TEST_SETTINGS)).rejects.toMatchObject({
      code: 'E5002',
      message: expect.stringContaining(`${pipe} is a named pipe (FIFO), not a file; it was not opened.`),
    });
  }, 60_000);
});
