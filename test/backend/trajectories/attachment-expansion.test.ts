import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { openWorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';
import { amplifyingSample, writeEval } from '../../helpers/tiny-eval';

const START = JSON.stringify({ eval: { task: 't', model: 'm' } });

/** The workspace file with its write-ahead log: what the import left on disk. */
function bytesOnDisk(file: string): number {
  return [file, `${file}-wal`].reduce((sum, f) => sum + (fs.statSync(f, { throwIfNoEntry: false })?.size ?? 0), 0);
}

describe('an inspect log whose attachment:// references name one attachment many times', () => {
  it('is refused for what its references expand to, and leaves the workspace small', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'tiny.eval');
    // 8 MiB of one character named by 63 messages: 504 MiB of turns from a few kilobytes of file.
    await writeEval(file, {
      '_journal/start.json': START,
      'samples/1_epoch_1.json': amplifyingSample(8 * 2 ** 20, 63),
    });
    expect(fs.statSync(file).size).toBeLessThan(8 * 1024);
    const workspace = path.join(dir, 'w.trellis');
    const store = openWorkspaceStore(workspace);
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ committed: false, imported: 0 });
    expect(report.rejected[0]!.reason).toMatch(
      /its attachment:\/\/ references bring more than 32 MiB into its messages and tools \(four times what its attachments hold, at most 32 MiB\)/,
    );
    store.close();
    expect(bytesOnDisk(workspace)).toBeLessThan(2 * 2 ** 20);
  });

  it('imports a sample that names its attachment as often as inspect itself would', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'fair.eval');
    await writeEval(file, { '_journal/start.json': START, 'samples/1_epoch_1.json': amplifyingSample(256 * 1024, 2) });
    const store = openWorkspaceStore(path.join(dir, 'w.trellis'));
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ committed: true, imported: 1 });
    store.close();
  });

  it('counts what all samples of an import expand to, and refuses the import whole past its limit', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'many.eval');
    // 24 samples, each naming its 256 KiB attachment 4 times: 24 MiB of turns from a few kilobytes.
    const samples = Object.fromEntries(
      Array.from({ length: 24 }, (_, i) => [`samples/${i + 1}_epoch_1.json`, amplifyingSample(256 * 1024, 4, i + 1)]),
    );
    await writeEval(file, { '_journal/start.json': START, ...samples });
    const store = openWorkspaceStore(path.join(dir, 'w.trellis'));
    await expect(importTrajectoryFile(store, { file, mode: 'lenient', textLimit: 16 * 2 ** 20 })).rejects.toThrow(
      expect.objectContaining({
        code: 'E1002',
        message:
          'many.eval expands to more than 16 MiB of turns once its references are resolved; nothing of it was imported.',
      }),
    );
    expect(store.db.prepare('SELECT count(*) FROM trajectories').pluck().get()).toBe(0);
    const report = await importTrajectoryFile(store, { file, mode: 'lenient', textLimit: 32 * 2 ** 20 });
    expect(report).toMatchObject({ committed: true, imported: 24 });
    store.close();
  });
});
