import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { tempDir } from '../../helpers/temp';

/**
 * A workspace with a split that climbs out of the export folder, written past the file's CHECK on
 * splits by another process while Trellis has it open (a file whose CHECK was removed, or whose rows
 * break it, is refused at open).
 */
async function hostileWorkspace() {
  const file = path.join(tempDir(), 'shared.trellis');
  const b = createBackend({ workspace: file, host: 'cli', seed: false });
  const records = path.join(tempDir(), 'runs.jsonl');
  fs.writeFileSync(
    records,
    [1, 2]
      .map((n) =>
        JSON.stringify({
          messages: [
            { role: 'user', content: `q${n}` },
            { role: 'assistant', content: 'a' },
          ],
        }),
      )
      .join('\n'),
  );
  await importTrajectoryFile(b.store, { file: records, mode: 'strict' });
  const dataset = await b.registry.invoke('datasets.create', {
    name: 'shared',
    filter: {},
    ratio: { train: 1, validation: 0, test: 0 },
  });
  const db = new Database(file);
  db.pragma('ignore_check_constraints = ON');
  db.prepare("UPDATE dataset_items SET split = '/../../escape/PWNED'").run();
  db.close();
  return { b, datasetId: dataset.id };
}

describe('an export from a workspace someone else made', () => {
  it('refuses a split that is not train, validation or test, and writes nothing anywhere', async () => {
    const { b, datasetId } = await hostileWorkspace();
    const root = tempDir();
    const dir = path.join(root, 'a', 'b', 'out');
    fs.mkdirSync(dir, { recursive: true });
    await expect(b.registry.invoke('datasets.export', { id: datasetId, format: 'openai', dir })).rejects.toThrow(
      /holds the split "\/\.\.\/\.\.\/escape\/PWNED", which is not train, validation, test/,
    );
    b.close();
    expect(fs.existsSync(path.join(root, 'a', 'escape'))).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
