import type Database from 'better-sqlite3';
import type { Finding } from '../../../shared/domain';
import type { ChangeLog } from '../change-log';
import { statementCache } from './statements';

/**
 * The checks' verdicts on the turns of each trajectory. The table keeps the columns it always had
 * (`kind` holds a finding's code, `turn_idx` and `path` its place), so older workspaces open as they are.
 */
export class FindingRepository {
  private readonly sql;

  constructor(
    private readonly db: Database.Database,
    private readonly changes: ChangeLog,
  ) {
    this.sql = statementCache(db);
  }

  /** Replaces the findings of one trajectory (checks are re-run as a whole). */
  replace(trajectoryId: string, findings: readonly Finding[]): void {
    this.changes.transaction(() => {
      this.sql('DELETE FROM findings WHERE trajectory_id = ?').run(trajectoryId);
      const insert = this.sql(
        'INSERT INTO findings (trajectory_id, turn_idx, kind, severity, path, message) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (const f of findings) insert.run(trajectoryId, f.where.turn, f.code, f.severity, f.where.path, f.message);
      this.changes.note('trajectories', 'checked', [trajectoryId]);
    });
  }

  /** The findings of one trajectory, by turn. */
  list(trajectoryId: string): Finding[] {
    const rows = this.sql(
      'SELECT turn_idx, kind, severity, path, message FROM findings WHERE trajectory_id = ? ORDER BY turn_idx, rowid',
    ).all(trajectoryId) as {
      turn_idx: number;
      kind: string;
      severity: Finding['severity'];
      path: string;
      message: string;
    }[];
    return rows.map((r) => ({
      code: r.kind,
      severity: r.severity,
      message: r.message,
      where: { at: 'turn', turn: r.turn_idx, path: r.path },
    }));
  }

  /** Turns with an error finding, for many trajectories at once (one query per call). */
  errorTurns(trajectoryIds: readonly string[]): Map<string, Set<number>> {
    const out = new Map<string, Set<number>>();
    if (!trajectoryIds.length) return out;
    const rows = this.sql(
      `SELECT trajectory_id AS id, turn_idx AS turn FROM findings
       WHERE severity = 'error' AND trajectory_id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(trajectoryIds)) as { id: string; turn: number }[];
    for (const r of rows) out.set(r.id, (out.get(r.id) ?? new Set()).add(r.turn));
    return out;
  }
}
