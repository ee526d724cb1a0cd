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
      { id: 'g1', name: 'Trips', created_at: 'now', updated_at: 'now', dismissed_suggestions: '[]' },
    ]);
  });
});
