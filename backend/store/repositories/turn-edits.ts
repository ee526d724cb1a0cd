import type Database from 'better-sqlite3';
import type { Turn } from '../../../shared/domain';
import { TrellisError } from '../../../shared/errors';
import type { ChangeLog } from '../change-log';
import { fromJson, nowIso, toJson } from './json';
import { statementCache } from './statements';
import type { TrajectoryRepository } from './trajectories';

/** An edited turn's original, as first recorded. */
export interface TurnEdit {
  turnIndex: number;
  original: Turn;
  editedAt: string;
}

/**
 * Every edit of a turn, by the debugger or in curation: the new turn replaces the stored one and
 * the turn as first recorded is kept, so the edit shows as a diff and can be reverted.
 */
export class TurnEditRepository {
  private readonly sql;

  constructor(
    private readonly db: Database.Database,
    private readonly trajectories: TrajectoryRepository,
    private readonly changes: ChangeLog,
  ) {
    this.sql = statementCache(db);
  }

  /**
   * Replaces one turn, keeping the turn as it was first recorded (once: later edits keep the
   * same original). The content hash stays that of the recording, so re-importing the log
   * still finds it.
   */
  edit(id: string, index: number, turn: Turn): void {
    this.changes.transaction(() => {
      const before = this.trajectories.turn(id, index);
      if (!before) throw new TrellisError('E3001', `Trajectory ${id} has no turn ${index}.`);
      this.sql(
        'INSERT OR IGNORE INTO turn_edits (trajectory_id, turn_idx, original, edited_at) VALUES (?, ?, ?, ?)',
      ).run(id, index, toJson(before), nowIso());
      this.trajectories.overwriteTurn(id, index, turn);
    });
  }

  /** Puts an edited turn back as recorded. */
  revert(id: string, index: number): void {
    this.changes.transaction(() => {
      const original = this.sql('SELECT original FROM turn_edits WHERE trajectory_id = ? AND turn_idx = ?')
        .pluck()
        .get(id, index) as string | undefined;
      if (original === undefined) throw new TrellisError('E3001', `Turn ${index} of ${id} has not been edited.`);
      this.trajectories.overwriteTurn(id, index, fromJson<Turn>(original) as Turn);
      this.sql('DELETE FROM turn_edits WHERE trajectory_id = ? AND turn_idx = ?').run(id, index);
    });
  }

  /** The original of every edited turn of a trajectory. */
  list(id: string): TurnEdit[] {
    const rows = this.sql(
      'SELECT turn_idx, original, edited_at FROM turn_edits WHERE trajectory_id = ? ORDER BY turn_idx',
    ).all(id) as { turn_idx: number; original: string; edited_at: string }[];
    return rows.map((r) => ({
      turnIndex: r.turn_idx,
      original: fromJson<Turn>(r.original) as Turn,
      editedAt: r.edited_at,
    }));
  }
}
