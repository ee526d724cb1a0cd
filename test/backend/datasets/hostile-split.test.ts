import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { tempDir } from '../../helpers/temp';

/**
 * A workspace someone else made: its file's CHECK on splits removed (`PRAGMA writable_schema`, which
 * the integrity check at open does not see) and a split that climbs out of the export folder.
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
  b.close();
  const db = new Database(file);
  // better-sqlite3 opens in SQLite's defensive mode; an attacker's own tools need not.
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
  db.prepare(
    "UPDATE sqlite_master SET sql = replace(sql, 'CHECK (split IN (''train'', ''validation'', ''test''))', '') WHERE name = 'dataset_items'",
  ).run();
  db.pragma('writable_schema = OFF');
  db.close();
  const again = new Database(file);
  again.prepare("UPDATE dataset_items SET split = '/../../escape/PWNED'").run();
  again.close();
  return { file, datasetId: dataset.id };
}

describe('an export from a workspace someone else made', () => {
  it('refuses a split that is not train, validation or test, and writes nothing anywhere', async () => {
    const { file, datasetId } = await hostileWorkspace();
    const b = createBackend({ workspace: file, host: 'cli', seed: false });
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
