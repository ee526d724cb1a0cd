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
});
