import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../backend/store/database';
import {
  migrate,
  MIGRATIONS,
  readUserVersion,
  SCHEMA_VERSION,
  type Migration,
} from '../../../backend/store/migrations';
import { tempDir } from '../../helpers/temp';

function schemaOf(db: Database.Database): string[] {
  return (
    db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
      sql: string;
    }[]
  ).map((row) => JSON.stringify(row));
}

const addColor: Migration = {
  version: SCHEMA_VERSION + 1,
  description: 'graph color',
  up: (db) => db.exec("ALTER TABLE graphs ADD COLUMN color TEXT NOT NULL DEFAULT 'blue'"),
};

describe('migrations', () => {
  it('numbers migrations 1, 2, 3… without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('gives a fresh database the same schema as one migrated step by step', () => {
    const all = [...MIGRATIONS, addColor];
    const fresh = new Database(':memory:');
    migrate(fresh, all);
    const stepwise = new Database(':memory:');
    for (let n = 1; n <= all.length; n++) migrate(stepwise, all.slice(0, n));
    expect(schemaOf(stepwise)).toEqual(schemaOf(fresh));
    expect(readUserVersion(fresh)).toBe(SCHEMA_VERSION + 1);
  });

  it('keeps existing rows through a later migration', () => {
    const db = new Database(':memory:');
    migrate(db);
    db.prepare("INSERT INTO graphs (id, name, created_at, updated_at) VALUES ('g1', 'Trips', 'now', 'now')").run();
    migrate(db, [...MIGRATIONS, addColor]);
    expect(db.prepare('SELECT name, color FROM graphs').get()).toEqual({ name: 'Trips', color: 'blue' });
  });

  it('refuses a workspace from a newer Trellis and leaves the file byte for byte as it was', () => {
    const file = path.join(tempDir(), 'newer.trellis');
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 5}`);
    db.close();
    const before = fs.readFileSync(file);
    expect(() => openDatabase(file)).toThrow(expect.objectContaining({ code: 'E2001' }));
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('rolls a failing migration back: data and version unchanged', () => {
    const db = new Database(':memory:');
    migrate(db);
    db.prepare("INSERT INTO graphs (id, name, created_at, updated_at) VALUES ('g1', 'Trips', 'now', 'now')").run();
    const failing: Migration = {
      version: SCHEMA_VERSION + 1,
      description: 'half done',
      up: (d) => {
        d.exec("UPDATE graphs SET name = 'changed'");
        d.exec('ALTER TABLE graphs ADD COLUMN extra TEXT');
        throw new Error('disk went away');
      },
    };
    expect(() => migrate(db, [...MIGRATIONS, failing])).toThrow(
      expect.objectContaining({
        code: 'E2003',
        message: expect.stringMatching(new RegExp(`still at version ${SCHEMA_VERSION}\\.`)),
      }),
    );
    expect(readUserVersion(db)).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT * FROM graphs').all()).toEqual([
      { id: 'g1', name: 'Trips', created_at: 'now', updated_at: 'now', dismissed_suggestions: '[]', environment: null },
    ]);
  });

  it('skips a migration another process applied since it read the version (two imports opening a new workspace)', () => {
    const file = path.join(tempDir(), 'shared.trellis');
    const first = new Database(file);
    const second = new Database(file);
    for (const db of [first, second]) db.pragma('journal_mode = WAL');
    const table = (version: number, name: string): Migration => ({
      version,
      description: name,
      up: (db) => db.exec(`CREATE TABLE ${name} (id TEXT)`),
    });
    const all = [table(1, 'graphs'), table(2, 'plans'), table(3, 'labels')];
    // `first` has read version 0 and applied 1; the other process then applies everything,
    // just before `first` goes on to 2 (the array hands out migration 2 only then).
    const racing = [...all];
    let raced = false;
    Object.defineProperty(racing, 1, {
      get: () => {
        if (!raced) migrate(second, all);
        raced = true;
        return all[1];
      },
    });
    expect(migrate(first, racing)).toBe(3);
    expect(readUserVersion(second)).toBe(3);
    expect(first.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual([
      'graphs',
      'labels',
      'plans',
    ]);
    first.close();
    second.close();
  });
});

describe('foreign keys', () => {
  it('each has an index that starts with its columns, so a delete that follows it reads no table whole', () => {
    const db = openDatabase(path.join(tempDir(), 'keys.trellis'));
    migrate(db, MIGRATIONS);
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'",
      )
      .pluck()
      .all() as string[];
    const unindexed: string[] = [];
    for (const table of tables) {
      const keys = db.prepare(`PRAGMA foreign_key_list(${JSON.stringify(table)})`).all() as {
        id: number;
        from: string;
      }[];
      // Every index's leading columns, the primary key's among them.
      const indexes = (db.prepare(`PRAGMA index_list(${JSON.stringify(table)})`).all() as { name: string }[]).map(
        (index) =>
          (db.prepare(`PRAGMA index_info(${JSON.stringify(index.name)})`).all() as { seqno: number; name: string }[])
            .sort((a, b) => a.seqno - b.seqno)
            .map((c) => c.name),
      );
      for (const id of new Set(keys.map((k) => k.id))) {
        const columns = keys.filter((k) => k.id === id).map((k) => k.from);
        if (!indexes.some((index) => columns.every((c, i) => index[i] === c))) unindexed.push(`${table}(${columns})`);
      }
    }
    expect(unindexed).toEqual([]);
    db.close();
  });
});
