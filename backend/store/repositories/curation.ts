import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { Split, type Dataset, type Label } from '../../../shared/domain';
import { TrellisError } from '../../../shared/errors';
import type { ChangeLog } from '../change-log';
import { fromJson, nowIso, toJson } from './json';
import { statementCache } from './statements';

interface LabelRow {
  trajectory_id: string;
  status: Label['status'];
  rating: number | null;
  tags: string;
  note: string;
}

/** Review labels, one per trajectory. */
export class LabelRepository {
  private readonly sql;

  constructor(
    private readonly db: Database.Database,
    private readonly changes: ChangeLog,
  ) {
    this.sql = statementCache(db);
  }

  set(label: Label): void {
    this.db
      .prepare(
        `INSERT INTO labels (trajectory_id, status, rating, tags, note, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (trajectory_id) DO UPDATE SET status = excluded.status, rating = excluded.rating,
           tags = excluded.tags, note = excluded.note, updated_at = excluded.updated_at`,
      )
      .run(label.trajectoryId, label.status, label.rating, toJson(label.tags), label.note, nowIso());
    this.changes.note('labels', 'labelled', [label.trajectoryId]);
  }

  /** Sets the review status of many trajectories at once (bulk actions on a selection). */
  setStatus(trajectoryIds: readonly string[], status: Label['status']): void {
    const upsert = this.db.prepare(
      `INSERT INTO labels (trajectory_id, status, rating, tags, note, updated_at) VALUES (?, ?, NULL, '[]', '', ?)
       ON CONFLICT (trajectory_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
    );
    const now = nowIso();
    this.changes.transaction(() => {
      for (const id of trajectoryIds) upsert.run(id, status, now);
      this.changes.note('labels', 'bulk', trajectoryIds);
    });
  }

  /** Takes the status off (never reviewed again); a label left with nothing else in it goes. */
  clearStatus(trajectoryIds: readonly string[]): void {
    const clear = this.db.prepare('UPDATE labels SET status = NULL, updated_at = ? WHERE trajectory_id = ?');
    const dropEmpty = this.db.prepare(
      `DELETE FROM labels WHERE trajectory_id = ? AND status IS NULL AND rating IS NULL AND tags = '[]' AND note = ''`,
    );
    const now = nowIso();
    this.changes.transaction(() => {
      for (const id of trajectoryIds) {
        clear.run(now, id);
        dropEmpty.run(id);
      }
      this.changes.note('labels', 'bulk', trajectoryIds);
    });
  }

  /** Review statuses of many trajectories (a bulk action's undo); those never reviewed are absent. */
  statuses(trajectoryIds: readonly string[]): Map<string, Label['status']> {
    if (!trajectoryIds.length) return new Map();
    // The ids as one JSON value: one statement, prepared once, whatever their number.
    const rows = this.sql(
      'SELECT trajectory_id AS id, status FROM labels WHERE trajectory_id IN (SELECT value FROM json_each(?))',
    ).all(JSON.stringify(trajectoryIds)) as { id: string; status: Label['status'] }[];
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  /** Ratings of many trajectories at once (one query per call); unrated ones are absent. */
  ratings(trajectoryIds: readonly string[]): Map<string, number> {
    if (!trajectoryIds.length) return new Map();
    const rows = this.sql(
      `SELECT trajectory_id AS id, rating FROM labels
       WHERE rating IS NOT NULL AND trajectory_id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(trajectoryIds)) as { id: string; rating: number }[];
    return new Map(rows.map((r) => [r.id, r.rating]));
  }

  get(trajectoryId: string): Label | null {
    const row = this.sql('SELECT * FROM labels WHERE trajectory_id = ?').get(trajectoryId) as LabelRow | undefined;
    if (!row) return null;
    return {
      trajectoryId: row.trajectory_id,
      status: row.status,
      rating: row.rating,
      tags: fromJson(row.tags) ?? [],
      note: row.note,
    };
  }
}

/** Named selections of trajectories with their splits. */
export class DatasetRepository {
  constructor(
    private readonly db: Database.Database,
    private readonly changes: ChangeLog,
  ) {}

  create(dataset: Omit<Dataset, 'id' | 'createdAt'>): Dataset {
    const saved: Dataset = { ...dataset, id: randomUUID(), createdAt: nowIso() };
    this.changes.transaction(() => {
      if (this.db.prepare('SELECT 1 FROM datasets WHERE name = ?').get(saved.name)) {
        throw new TrellisError('E3002', `A dataset named "${saved.name}" already exists.`);
      }
      this.db
        .prepare('INSERT INTO datasets (id, name, filter, created_at) VALUES (?, ?, ?, ?)')
        .run(saved.id, saved.name, toJson(saved.filter), saved.createdAt);
      const insert = this.db.prepare('INSERT INTO dataset_items (dataset_id, trajectory_id, split) VALUES (?, ?, ?)');
      for (const item of saved.items) insert.run(saved.id, item.trajectoryId, item.split);
      this.changes.note('datasets', 'created', [saved.id]);
    });
    return saved;
  }

  list(): { id: string; name: string; size: number; createdAt: string }[] {
    return this.db
      .prepare(
        `SELECT d.id, d.name, d.created_at AS createdAt, (SELECT count(*) FROM dataset_items i WHERE i.dataset_id = d.id) AS size
         FROM datasets d ORDER BY d.created_at DESC`,
      )
      .all() as { id: string; name: string; size: number; createdAt: string }[];
  }

  findByName(name: string): string | null {
    return (this.db.prepare('SELECT id FROM datasets WHERE name = ?').pluck().get(name) as string | undefined) ?? null;
  }

  /** Replaces a dataset's items (after deduplication or a new split). */
  replaceItems(id: string, items: Dataset['items']): void {
    this.changes.transaction(() => {
      this.get(id);
      this.db.prepare('DELETE FROM dataset_items WHERE dataset_id = ?').run(id);
      const insert = this.db.prepare('INSERT INTO dataset_items (dataset_id, trajectory_id, split) VALUES (?, ?, ?)');
      for (const item of items) insert.run(id, item.trajectoryId, item.split);
      this.changes.note('datasets', 'updated', [id]);
    });
  }

  delete(id: string): void {
    if (this.db.prepare('DELETE FROM datasets WHERE id = ?').run(id).changes === 0)
      throw new TrellisError('E3001', `No dataset with id ${id}.`);
    this.changes.note('datasets', 'deleted', [id]);
  }

  get(id: string): Dataset {
    const row = this.db.prepare('SELECT * FROM datasets WHERE id = ?').get(id) as
      { id: string; name: string; filter: string; created_at: string } | undefined;
    if (!row) throw new TrellisError('E3001', `No dataset with id ${id}.`);
    const items = this.db
      .prepare('SELECT trajectory_id AS trajectoryId, split FROM dataset_items WHERE dataset_id = ? ORDER BY rowid')
      .all(id) as { trajectoryId: string; split: unknown }[];
    // A workspace may come from anyone, and the file's CHECK on splits can be removed by whoever
    // made it: a split is read as data and checked here, before any export joins it onto a path.
    const bad = items.find((i) => i.split !== null && !Split.safeParse(i.split).success);
    if (bad)
      throw new TrellisError(
        'E3004',
        `Dataset "${row.name}" holds the split ${JSON.stringify(bad.split)}, which is not ${Split.options.join(', ')}: the workspace file was changed outside Trellis.`,
      );
    return {
      id: row.id,
      name: row.name,
      filter: fromJson(row.filter) ?? {},
      items: items as Dataset['items'],
      createdAt: row.created_at,
    };
  }
}
