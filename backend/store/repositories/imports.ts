import type Database from 'better-sqlite3';
import { nowIso } from './json';
import type { NewTrajectory, TrajectoryRepository } from './trajectories';

/** Imports run as `running` until they finish; a crash leaves them `running`, and opening drops them. */
export class ImportRepository {
  private readonly insertBatch;

  constructor(
    private readonly db: Database.Database,
    trajectories: TrajectoryRepository,
  ) {
    // One transaction per batch: per-trajectory transactions made imports several times slower.
    this.insertBatch = db.transaction((batch: readonly NewTrajectory[]) => {
      let imported = 0;
      let duplicates = 0;
      for (const trajectory of batch) {
        if (trajectories.insert(trajectory).duplicate) duplicates++;
        else imported++;
      }
      return { imported, duplicates };
    });
  }

  begin(id: string, file: string, format: string): void {
    this.db
      .prepare("INSERT INTO imports (id, file, format, status, started_at) VALUES (?, ?, ?, 'running', ?)")
      .run(id, file, format, nowIso());
  }

  /** Writes a batch of an import's trajectories, all or none; duplicates of stored ones are skipped and counted. */
  writeBatch(batch: readonly NewTrajectory[]): { imported: number; duplicates: number } {
    return this.insertBatch(batch);
  }

  finish(id: string): void {
    this.db.prepare("UPDATE imports SET status = 'done' WHERE id = ?").run(id);
  }

  /** Removes an import and, by cascade, every trajectory it wrote. */
  discard(id: string): void {
    this.db.prepare('DELETE FROM imports WHERE id = ?').run(id);
  }

  /** What an interrupted import left behind; returns how many imports were dropped. */
  discardUnfinished(): number {
    return this.db.prepare("DELETE FROM imports WHERE status = 'running'").run().changes;
  }
}
