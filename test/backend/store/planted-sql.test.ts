import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { openDatabase } from '../../../backend/store/database';
import { tempDir } from '../../helpers/temp';

/** A workspace Trellis made, then changed by someone else's SQLite tools before it was shared. */
function sharedWorkspace(plant: (db: Database.Database) => void): string {
  const file = path.join(tempDir(), 'shared.trellis');
  createBackend({ workspace: file, host: 'cli', seed: true }).close();
  const db = new Database(file);
  // better-sqlite3 opens in SQLite's defensive mode; an attacker's own tools need not.
  db.unsafeMode(true);
  plant(db);
  db.pragma('journal_mode = DELETE');
  db.close();
  return file;
}

function openShared(file: string) {
  return () => createBackend({ workspace: file, host: 'cli', seed: false }).close();
}

describe('a workspace holding SQL that Trellis did not create', () => {
  it('is refused at open when a trigger on settings would run on every open, and the trigger never runs', () => {
    const file = sharedWorkspace((db) =>
      db.exec(`
        CREATE TABLE loot (value TEXT);
        -- Re-armed on every open (the workspace id is set again), slow by design, and it copies what it sees.
        CREATE TRIGGER settings_spin AFTER INSERT ON settings BEGIN
          INSERT INTO loot SELECT new.value;
          SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 3000000) SELECT x FROM c);
          DELETE FROM settings WHERE key = new.key;
        END;
        DELETE FROM settings;
      `),
    );
    const before = fs.readFileSync(file);
    const started = Date.now();
    expect(openShared(file)).toThrow(
      expect.objectContaining({
        code: 'E2002',
        message: expect.stringMatching(
          /holds table "loot", trigger "settings_spin" on settings that Trellis did not create: the file was changed outside Trellis\. Nothing in it was run/,
        ),
      }),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM loot').get()).toEqual({ n: 0 });
    db.close();
  });

  it('is refused at open when it holds a view', () => {
    const file = sharedWorkspace((db) =>
      db.exec('CREATE VIEW trajectory_summary AS SELECT id, title FROM trajectories'),
    );
    expect(openShared(file)).toThrow(
      expect.objectContaining({ code: 'E2002', message: expect.stringContaining('view "trajectory_summary"') }),
    );
  });

  it('is refused at open when a trigger hides in an index-like name on a table of its own', () => {
    const file = sharedWorkspace((db) =>
      db.exec(`
        CREATE INDEX turns_by_role ON turns(role);
        CREATE TRIGGER trajectories_created AFTER UPDATE ON turns BEGIN SELECT 1; END;
      `),
    );
    expect(openShared(file)).toThrow(
      expect.objectContaining({
        code: 'E2002',
        message: expect.stringContaining('index "turns_by_role" on turns, trigger "trajectories_created" on turns'),
      }),
    );
  });

  it("is refused at open when one of Trellis's own tables lost a CHECK (which the integrity check does not see)", () => {
    const file = sharedWorkspace((db) => {
      db.pragma('writable_schema = ON');
      db.prepare(
        "UPDATE sqlite_master SET sql = replace(sql, 'CHECK (split IN (''train'', ''validation'', ''test''))', '') WHERE name = 'dataset_items'",
      ).run();
      db.pragma('writable_schema = OFF');
    });
    expect(openShared(file)).toThrow(
      expect.objectContaining({
        code: 'E2002',
        message: expect.stringContaining(
          'table "dataset_items" not as Trellis made it: the file was changed outside Trellis',
        ),
      }),
    );
  });

  it('is refused at open when one of its own triggers was dropped', () => {
    const file = sharedWorkspace((db) => db.exec('DROP TRIGGER trajectory_index_delete'));
    expect(openShared(file)).toThrow(
      expect.objectContaining({
        code: 'E2002',
        message: expect.stringContaining('no trigger "trajectory_index_delete"'),
      }),
    );
  });

  it('is a SQLite database of something else when it has no Trellis version and tables of its own', () => {
    const file = path.join(tempDir(), 'contacts.trellis');
    const db = new Database(file);
    db.exec('CREATE TABLE contacts (name TEXT)');
    db.close();
    expect(() => openDatabase(file)).toThrow(
      expect.objectContaining({
        code: 'E2004',
        message: `${file} is a SQLite database of something else: it holds table "contacts". It was left unchanged.`,
      }),
    );
  });

  it('opens as usual when Trellis made it, with functions in its schema not trusted', () => {
    const file = sharedWorkspace(() => {});
    const db = openDatabase(file);
    expect(db.pragma('trusted_schema', { simple: true })).toBe(0);
    db.close();
    // Opening again (migrated, WAL) still matches.
    openDatabase(file).close();
  });
});
