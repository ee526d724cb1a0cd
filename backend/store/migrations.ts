import type Database from 'better-sqlite3';
import { TrellisError } from '../../shared/errors';

export interface Migration {
  version: number;
  description: string;
  up: (db: Database.Database) => void;
}

const initialSchema = `
CREATE TABLE graphs (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE tools (
  graph_id TEXT NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  ord INTEGER NOT NULL,
  description TEXT NOT NULL,
  parameters TEXT NOT NULL,
  returns TEXT NOT NULL,
  runtime TEXT,
  x REAL NOT NULL,
  y REAL NOT NULL,
  PRIMARY KEY (graph_id, name)
);
CREATE TABLE edges (
  graph_id TEXT NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('dependency', 'shared')),
  from_tool TEXT NOT NULL,
  from_field TEXT NOT NULL,
  to_tool TEXT NOT NULL,
  to_field TEXT NOT NULL,
  PRIMARY KEY (graph_id, ord)
);
CREATE TABLE plans (
  id TEXT PRIMARY KEY,
  graph_id TEXT NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  intent TEXT NOT NULL,
  steps TEXT NOT NULL,
  model_settings TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE trajectories (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('run', 'imported')),
  title TEXT NOT NULL,
  source TEXT NOT NULL,
  graph_id TEXT REFERENCES graphs(id) ON DELETE SET NULL,
  plan_id TEXT REFERENCES plans(id) ON DELETE SET NULL,
  fork_of TEXT REFERENCES trajectories(id) ON DELETE SET NULL,
  fork_turn INTEGER,
  content_hash TEXT UNIQUE,
  created_at TEXT NOT NULL
);
CREATE INDEX trajectories_created ON trajectories(created_at DESC);
CREATE TABLE turns (
  trajectory_id TEXT NOT NULL REFERENCES trajectories(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
  thought TEXT,
  content TEXT,
  tool_calls TEXT,
  tool_call_id TEXT,
  timing TEXT,
  tokens TEXT,
  PRIMARY KEY (trajectory_id, idx)
) WITHOUT ROWID;
CREATE TABLE findings (
  trajectory_id TEXT NOT NULL REFERENCES trajectories(id) ON DELETE CASCADE,
  turn_idx INTEGER NOT NULL,
  kind TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('error', 'warning', 'info')),
  path TEXT NOT NULL,
  message TEXT NOT NULL
);
CREATE INDEX findings_trajectory ON findings(trajectory_id);
CREATE TABLE labels (
  trajectory_id TEXT PRIMARY KEY REFERENCES trajectories(id) ON DELETE CASCADE,
  status TEXT CHECK (status IN ('accepted', 'rejected', 'needs-fix')),
  rating INTEGER CHECK (rating BETWEEN 1 AND 5),
  tags TEXT NOT NULL,
  note TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE datasets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  filter TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE dataset_items (
  dataset_id TEXT NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  trajectory_id TEXT NOT NULL REFERENCES trajectories(id) ON DELETE CASCADE,
  split TEXT CHECK (split IN ('train', 'validation', 'test')),
  PRIMARY KEY (dataset_id, trajectory_id)
);
`;

/**
 * What the trajectory browser filters on. The full-text index is contentless (the turns table
 * already holds the text); it and the tools table are keyed by the trajectory's rowid, which
 * grows with each insert, so bulk imports append to them instead of writing at random places.
 * A trigger keeps both in step when trajectories are deleted, including by the cascade from a
 * discarded import.
 */
const browserSchema = `
ALTER TABLE trajectories ADD COLUMN turn_count INTEGER NOT NULL DEFAULT 0;
UPDATE trajectories SET turn_count = (SELECT count(*) FROM turns WHERE trajectory_id = trajectories.id);
CREATE TABLE trajectory_tools (
  tool TEXT NOT NULL,
  trajectory_rowid INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  PRIMARY KEY (tool, trajectory_rowid)
) WITHOUT ROWID;
CREATE INDEX trajectory_tools_trajectory ON trajectory_tools(trajectory_rowid);
INSERT INTO trajectory_tools (tool, trajectory_rowid, calls)
  SELECT json_extract(c.value, '$.name'), t.rowid, count(*)
  FROM trajectories t JOIN turns u ON u.trajectory_id = t.id, json_each(u.tool_calls) c
  WHERE u.tool_calls IS NOT NULL AND json_extract(c.value, '$.name') IS NOT NULL
  GROUP BY 1, 2;
CREATE VIRTUAL TABLE trajectory_text USING fts5(body, content='', contentless_delete=1, detail=none);
INSERT INTO trajectory_text (rowid, body)
  SELECT t.rowid, (SELECT group_concat(concat_ws(' ', thought, content, tool_calls), ' ') FROM turns WHERE trajectory_id = t.id)
  FROM trajectories t;
CREATE TRIGGER trajectory_index_delete AFTER DELETE ON trajectories BEGIN
  DELETE FROM trajectory_text WHERE rowid = old.rowid;
  DELETE FROM trajectory_tools WHERE trajectory_rowid = old.rowid;
END;
CREATE INDEX findings_kind ON findings(kind, trajectory_id);
`;

/** Ordered schema changes; `PRAGMA user_version` holds the last one applied. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'tool graphs, plans, trajectories, findings, labels, datasets',
    up: (db) => db.exec(initialSchema),
  },
  {
    version: 2,
    description: 'dismissed edge suggestions per graph',
    up: (db) => db.exec("ALTER TABLE graphs ADD COLUMN dismissed_suggestions TEXT NOT NULL DEFAULT '[]'"),
  },
  {
    version: 3,
    description: 'workspace settings (last model used…)',
    up: (db) => db.exec('CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)'),
  },
  {
    version: 4,
    description: 'imports: trajectories of an unfinished import are not part of the workspace',
    up: (db) =>
      db.exec(`
        CREATE TABLE imports (
          id TEXT PRIMARY KEY,
          file TEXT NOT NULL,
          format TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('running', 'done')),
          started_at TEXT NOT NULL
        );
        ALTER TABLE trajectories ADD COLUMN import_id TEXT REFERENCES imports(id) ON DELETE CASCADE;
        CREATE INDEX trajectories_import ON trajectories(import_id);
      `),
  },
  {
    version: 5,
    description: 'trajectory browser: turn counts, tools called, full-text index, finding kinds',
    up: (db) => db.exec(browserSchema),
  },
  {
    version: 6,
    description: 'turn edits keep the original turn, so an edit can be shown as a diff and reverted',
    up: (db) =>
      db.exec(`
        CREATE TABLE turn_edits (
          trajectory_id TEXT NOT NULL REFERENCES trajectories(id) ON DELETE CASCADE,
          turn_idx INTEGER NOT NULL,
          original TEXT NOT NULL,
          edited_at TEXT NOT NULL,
          PRIMARY KEY (trajectory_id, turn_idx)
        ) WITHOUT ROWID;
        CREATE INDEX labels_status ON labels(status);
      `),
  },
  {
    version: 7,
    description: 'imports are leased: the writing process and its last heartbeat, so only a dead import is discarded',
    up: (db) =>
      db.exec(`
        ALTER TABLE imports ADD COLUMN pid INTEGER;
        ALTER TABLE imports ADD COLUMN host TEXT;
        ALTER TABLE imports ADD COLUMN heartbeat_at TEXT;
      `),
  },
  {
    version: 8,
    description: 'each imported record keeps the tools it declared, stored once per distinct set',
    up: (db) =>
      db.exec(`
        CREATE TABLE tool_sets (id TEXT PRIMARY KEY, tools TEXT NOT NULL) WITHOUT ROWID;
        ALTER TABLE trajectories ADD COLUMN tool_set TEXT REFERENCES tool_sets(id);
      `),
  },
  {
    version: 9,
    description: "a trajectory's outcome (its harness's verdict) and metadata (task, model, the record's other fields)",
    up: (db) =>
      db.exec(`
        ALTER TABLE trajectories ADD COLUMN outcome_status TEXT CHECK (outcome_status IN ('success', 'failure', 'unknown'));
        ALTER TABLE trajectories ADD COLUMN outcome TEXT;
        ALTER TABLE trajectories ADD COLUMN metadata TEXT;
        CREATE INDEX trajectories_outcome ON trajectories(outcome_status);
      `),
  },
  {
    version: 10,
    description:
      'an index on every foreign key a delete follows, so discarding an import (or a graph, a plan) reads no table whole per row; imports are taken back in batches',
    up: (db) =>
      db.exec(`
        CREATE INDEX IF NOT EXISTS trajectories_fork_of ON trajectories(fork_of);
        CREATE INDEX IF NOT EXISTS trajectories_graph ON trajectories(graph_id);
        CREATE INDEX IF NOT EXISTS trajectories_plan ON trajectories(plan_id);
        CREATE INDEX IF NOT EXISTS trajectories_tool_set ON trajectories(tool_set);
        CREATE INDEX IF NOT EXISTS dataset_items_trajectory ON dataset_items(trajectory_id);
        CREATE INDEX IF NOT EXISTS plans_graph ON plans(graph_id);
        -- An import being taken back (refused, cancelled, or left by a writer that died), batch by batch.
        ALTER TABLE imports ADD COLUMN discarding INTEGER NOT NULL DEFAULT 0;
      `),
  },
  {
    version: 11,
    description:
      'experiments: a selection of trajectories re-run by candidates, and each run with what changed against its recording',
    up: (db) =>
      db.exec(`
        CREATE TABLE experiments (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          definition TEXT NOT NULL,
          -- The trajectories selected when it was made, in order: resumes and re-runs use these.
          source_ids TEXT NOT NULL,
          created_at TEXT NOT NULL
        );
        CREATE TABLE experiment_runs (
          experiment_id TEXT NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
          source_id TEXT NOT NULL REFERENCES trajectories(id) ON DELETE CASCADE,
          candidate INTEGER NOT NULL,
          run_id TEXT REFERENCES trajectories(id) ON DELETE SET NULL,
          verdict TEXT NOT NULL,
          result TEXT NOT NULL,
          PRIMARY KEY (experiment_id, source_id, candidate)
        );
        CREATE INDEX experiment_runs_source ON experiment_runs(source_id);
        CREATE INDEX experiment_runs_run ON experiment_runs(run_id);
      `),
  },
  {
    version: 12,
    description: 'received traces are found by their source (a trace or conversation) as their spans arrive',
    up: (db) => db.exec('CREATE INDEX IF NOT EXISTS trajectories_source ON trajectories(source);'),
  },
  {
    version: 13,
    description: 'trajectory mappings: where the runs, turns and outcome are in files no reader claims, saved by name',
    up: (db) =>
      db.exec(`
        CREATE TABLE trajectory_mappings (
          name TEXT PRIMARY KEY,
          -- The mapping as JSON; validated with its schema whenever it is read.
          definition TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
      `),
  },
  {
    version: 14,
    description: 'environments: the world a graph’s tools share, and the state each tool turn of a run left',
    up: (db) =>
      db.exec(`
        ALTER TABLE graphs ADD COLUMN environment TEXT;
        ALTER TABLE turns ADD COLUMN state TEXT;
      `),
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export function readUserVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Refuses a database written by a newer Trellis; returns its version otherwise. */
export function assertNotNewer(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const target = migrations.length ? migrations[migrations.length - 1]!.version : 0;
  const current = readUserVersion(db);
  if (current > target) {
    throw new TrellisError(
      'E2001',
      `This workspace has schema version ${current}; this Trellis understands up to ${target}. It was left unchanged.`,
    );
  }
  return current;
}

/**
 * Brings the database to `migrations`' last version. Each migration runs in its own
 * transaction together with its version bump, so a failure leaves data and version as they were.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = assertNotNewer(db, migrations);
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    const apply = db.transaction(() => {
      // Another process opening the same new workspace (two imports at once) may have applied it
      // since `current` was read: the version is read again under the write lock.
      if (readUserVersion(db) >= migration.version) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    });
    try {
      // IMMEDIATE: the write lock is taken before the version is read, not at the first write.
      apply.immediate();
    } catch (error) {
      // Waiting for another process's lock timed out: busy, not a failed migration.
      if (String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new TrellisError(
        'E2003',
        `Migration ${migration.version} (${migration.description}) failed: ${reason}. The workspace is still at version ${readUserVersion(db)}.`,
      );
    }
  }
  return readUserVersion(db);
}
