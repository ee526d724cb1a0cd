import os from 'node:os';
import type Database from 'better-sqlite3';
import type { ChangeLog } from '../change-log';
import { nowIso } from './json';
import type { NewTrajectory, TrajectoryRepository } from './trajectories';

/**
 * A running import's lease: after this long without a heartbeat (one per written batch) its
 * writer counts as gone where its pid cannot be checked (another machine sharing the file).
 */
const LEASE_MS = 5 * 60_000;
/** On this machine a live pid keeps the lease, up to this long without a heartbeat (pids are reused). */
const LOCAL_LEASE_MS = 6 * 60 * 60_000;
/** Trajectories deleted per transaction when an import is taken back. */
const DISCARD_BATCH = 1000;

/** Whether a process with this pid runs on this machine (it may belong to another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface RunningImport {
  id: string;
  file: string;
  pid: number | null;
  host: string | null;
  heartbeat_at: string | null;
  started_at: string;
}

/**
 * Imports run as `running` until they finish, leased to the process that writes them (pid,
 * host, heartbeat). A crash leaves them `running`; opening the workspace discards only those
 * whose writer is gone, never another process's live import.
 */
export class ImportRepository {
  private readonly insertBatch;

  constructor(
    private readonly db: Database.Database,
    trajectories: TrajectoryRepository,
    private readonly changes: ChangeLog,
  ) {
    // One transaction per batch: per-trajectory transactions made imports several times slower.
    this.insertBatch = (batch: readonly NewTrajectory[]) =>
      changes.transaction(() => {
        let imported = 0;
        let duplicates = 0;
        const unlinked: string[] = [];
        for (const trajectory of batch) {
          const written = trajectories.insert(trajectory);
          if (!written.duplicate) imported++;
          else {
            duplicates++;
            if (trajectory.graphId && written.graphId === null) unlinked.push(written.id);
          }
        }
        return { imported, duplicates, unlinked };
      });
  }

  begin(id: string, file: string, format: string): void {
    const now = nowIso();
    this.db
      .prepare(
        `INSERT INTO imports (id, file, format, status, started_at, pid, host, heartbeat_at)
         VALUES (?, ?, ?, 'running', ?, ?, ?, ?)`,
      )
      .run(id, file, format, now, process.pid, os.hostname(), now);
  }

  /**
   * Writes a batch of an import's trajectories, all or none, and renews its lease; duplicates
   * of stored ones are skipped and counted, and those stored without a graph that this batch
   * gives one are named in `unlinked` (the import links them once it is kept).
   */
  writeBatch(
    batch: readonly NewTrajectory[],
    importId?: string,
  ): { imported: number; duplicates: number; unlinked: string[] } {
    const written = this.insertBatch(batch);
    if (importId) this.db.prepare('UPDATE imports SET heartbeat_at = ? WHERE id = ?').run(nowIso(), importId);
    return written;
  }

  /** Makes the import's trajectories part of the workspace. */
  finish(id: string): void {
    this.db.prepare("UPDATE imports SET status = 'done' WHERE id = ?").run(id);
    this.changes.note('trajectories', 'imported');
  }

  /**
   * Marks an import to be taken back: its trajectories, invisible already, are no duplicates of
   * anything from now on; `drainDiscarded` deletes them a batch at a time.
   */
  discard(id: string): void {
    this.db.prepare('UPDATE imports SET discarding = 1 WHERE id = ?').run(id);
  }

  /** Marks what interrupted imports left behind (their writer is gone); returns how many. */
  discardUnfinished(): number {
    const dead = this.running().filter((i) => !this.isLive(i));
    const mark = this.db.prepare('UPDATE imports SET discarding = 1 WHERE id = ?');
    this.changes.transaction(() => dead.forEach((i) => mark.run(i.id)));
    return dead.length;
  }

  /**
   * Deletes up to `limit` trajectories of imports being taken back (and those imports once
   * empty), in one transaction; returns how many trajectories went.
   */
  discardBatch(limit = DISCARD_BATCH): number {
    return this.changes.transaction(() => {
      const deleted = this.db
        .prepare(
          `DELETE FROM trajectories WHERE rowid IN (
             SELECT rowid FROM trajectories WHERE import_id IN (SELECT id FROM imports WHERE discarding = 1) LIMIT ?)`,
        )
        .run(limit).changes;
      if (deleted < limit)
        this.db
          .prepare(
            'DELETE FROM imports WHERE discarding = 1 AND NOT EXISTS (SELECT 1 FROM trajectories WHERE import_id = imports.id)',
          )
          .run();
      if (deleted) this.changes.note('trajectories', 'discarded');
      return deleted;
    });
  }

  /**
   * Deletes everything imports being taken back wrote, a batch at a time with the event loop
   * free in between (a workspace opens at once, however large the killed import was); stops
   * quietly when the workspace is closed meanwhile (the next open goes on). Returns the count.
   */
  async drainDiscarded(onProgress?: (deleted: number) => void): Promise<number> {
    let total = 0;
    while (this.db.open) {
      const deleted = this.discardBatch();
      total += deleted;
      if (deleted) onProgress?.(total);
      if (deleted < DISCARD_BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return total;
  }

  private running(): RunningImport[] {
    return this.db
      .prepare("SELECT id, file, pid, host, heartbeat_at, started_at FROM imports WHERE status = 'running'")
      .all() as RunningImport[];
  }

  private isLive(i: RunningImport): boolean {
    if (i.pid === null) return false; // written before imports were leased
    const silent = Date.now() - Date.parse(i.heartbeat_at ?? i.started_at);
    // On this machine the pid decides (a fresh heartbeat of a dead pid is a crash); elsewhere the lease.
    if (i.host === os.hostname()) return processAlive(i.pid) && silent < LOCAL_LEASE_MS;
    return silent < LEASE_MS;
  }
}
