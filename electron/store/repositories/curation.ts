import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Dataset, Label } from '../../../shared/domain';
import { TrellisError } from '../../../shared/errors';
import { fromJson, nowIso, toJson } from './json';

interface LabelRow {
  trajectory_id: string;
  status: Label['status'];
  rating: number | null;
  tags: string;
  note: string;
}

/** Review labels, one per trajectory. */
export class LabelRepository {
  constructor(private readonly db: Database.Database) {}

  set(label: Label): void {
    this.db
      .prepare(
        `INSERT INTO labels (trajectory_id, status, rating, tags, note, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (trajectory_id) DO UPDATE SET status = excluded.status, rating = excluded.rating,
           tags = excluded.tags, note = excluded.note, updated_at = excluded.updated_at`,
      )
      .run(label.trajectoryId, label.status, label.rating, toJson(label.tags), label.note, nowIso());
  }

  get(trajectoryId: string): Label | null {
    const row = this.db.prepare('SELECT * FROM labels WHERE trajectory_id = ?').get(trajectoryId) as
      LabelRow | undefined;
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
  constructor(private readonly db: Database.Database) {}

  create(dataset: Omit<Dataset, 'id' | 'createdAt'>): Dataset {
    const saved: Dataset = { ...dataset, id: randomUUID(), createdAt: nowIso() };
    this.db.transaction(() => {
      if (this.db.prepare('SELECT 1 FROM datasets WHERE name = ?').get(saved.name)) {
        throw new TrellisError('E3002', `A dataset named "${saved.name}" already exists.`);
      }
      this.db
        .prepare('INSERT INTO datasets (id, name, filter, created_at) VALUES (?, ?, ?, ?)')
        .run(saved.id, saved.name, toJson(saved.filter), saved.createdAt);
      const insert = this.db.prepare('INSERT INTO dataset_items (dataset_id, trajectory_id, split) VALUES (?, ?, ?)');
      for (const item of saved.items) insert.run(saved.id, item.trajectoryId, item.split);
    })();
    return saved;
  }

  get(id: string): Dataset {
    const row = this.db.prepare('SELECT * FROM datasets WHERE id = ?').get(id) as
      { id: string; name: string; filter: string; created_at: string } | undefined;
    if (!row) throw new TrellisError('E3001', `No dataset with id ${id}.`);
    const items = this.db
      .prepare('SELECT trajectory_id AS trajectoryId, split FROM dataset_items WHERE dataset_id = ? ORDER BY rowid')
      .all(id) as Dataset['items'];
    return { id: row.id, name: row.name, filter: fromJson(row.filter) ?? {}, items, createdAt: row.created_at };
  }
}
