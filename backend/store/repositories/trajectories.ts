import { createHash, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Finding, Trajectory, Turn } from '../../../shared/domain';
import { TrellisError } from '../../../shared/errors';
import { fromJson, nowIso, toJson } from './json';
import { statementCache } from './statements';

interface TrajectoryRow {
  id: string;
  kind: Trajectory['kind'];
  title: string;
  source: string;
  graph_id: string | null;
  plan_id: string | null;
  fork_of: string | null;
  fork_turn: number | null;
  created_at: string;
}
interface TurnRow {
  role: Turn['role'];
  thought: string | null;
  content: string | null;
  tool_calls: string | null;
  tool_call_id: string | null;
  timing: string | null;
  tokens: string | null;
}

export type NewTrajectory = Omit<Trajectory, 'id' | 'createdAt'> & {
  id?: string;
  createdAt?: string;
  importId?: string;
};

/** Trajectories of an import still running (or interrupted) are not part of the workspace. */
export const VISIBLE = "t.import_id IS NULL OR t.import_id IN (SELECT id FROM imports WHERE status = 'done')";

/** A turn's stored columns after the trajectory id and index: role, thought, content, calls, call id, timing, tokens. */
type TurnColumns = [string, string | null, string | null, string | null, string | null, string | null, string | null];

function turnRow(turn: Turn): TurnColumns {
  return [
    turn.role,
    turn.thought ?? null,
    turn.content ?? null,
    turn.toolCalls ? toJson(turn.toolCalls) : null,
    turn.toolCallId ?? null,
    turn.timing ? toJson(turn.timing) : null,
    turn.tokens ? toJson(turn.tokens) : null,
  ];
}

/**
 * Same turns, same content hash: re-importing a log does not duplicate it. Hashes the stored
 * columns (so the JSON made for the rows is made once), with a separator no text can contain
 * ambiguously: each value's length precedes it.
 */
function hashRows(rows: TurnColumns[]): string {
  const hash = createHash('sha256');
  for (const row of rows) for (const value of row) hash.update(value === null ? '-1:' : `${value.length}:${value}`);
  return hash.digest('hex');
}

/** The content hash of a list of turns, as stored for deduplication. */
export const contentHash = (turns: Turn[]): string => hashRows(turns.map(turnRow));

/** The values of a call's arguments as text for the full-text index (keys and JSON syntax left out). */
function searchableValues(args: unknown): string {
  if (args === null || args === undefined) return '';
  if (typeof args !== 'object') return String(args);
  return Object.values(args as object)
    .map(searchableValues)
    .join(' ');
}

/** Runs and imported logs with their turns and findings. */
export class TrajectoryRepository {
  private readonly statements;
  private readonly sql;

  constructor(private readonly db: Database.Database) {
    this.sql = statementCache(db);
    // Prepared once: imports insert hundreds of thousands of rows through these.
    this.statements = {
      byHash: db.prepare('SELECT id FROM trajectories WHERE content_hash = ?').pluck(),
      trajectory: db.prepare(
        `INSERT INTO trajectories (id, kind, title, source, graph_id, plan_id, fork_of, fork_turn, content_hash, created_at, import_id, turn_count)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      turn: db.prepare(
        `INSERT INTO turns (trajectory_id, idx, role, thought, content, tool_calls, tool_call_id, timing, tokens)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      tool: db.prepare('INSERT INTO trajectory_tools (tool, trajectory_rowid, calls) VALUES (?, ?, ?)'),
      text: db.prepare('INSERT INTO trajectory_text (rowid, body) VALUES (?, ?)'),
    };
  }

  /** Inserts a trajectory and all its turns atomically; returns the existing id on a duplicate. */
  insert(trajectory: NewTrajectory): { id: string; duplicate: boolean } {
    const rows = trajectory.turns.map(turnRow);
    // Runs are never duplicates of one another: two forks may well have the same turns.
    const hash = trajectory.kind === 'run' ? null : hashRows(rows);
    const existing = hash === null ? undefined : (this.statements.byHash.get(hash) as string | undefined);
    if (existing) return { id: existing, duplicate: true };
    const id = trajectory.id ?? randomUUID();
    const s = this.statements;
    const write = () => {
      const { lastInsertRowid } = s.trajectory.run(
        id,
        trajectory.kind,
        trajectory.title,
        trajectory.source,
        trajectory.graphId,
        trajectory.planId,
        trajectory.forkOf?.trajectoryId ?? null,
        trajectory.forkOf?.turnIndex ?? null,
        hash,
        trajectory.createdAt ?? nowIso(),
        trajectory.importId ?? null,
        trajectory.turns.length,
      );
      this.writeTurns(id, lastInsertRowid, trajectory.turns, rows);
    };
    // Inside a caller's transaction (an import batch) no savepoint of its own: a savepoint makes
    // FTS5 flush a segment per trajectory, which tripled import time. The caller's transaction
    // still makes the insert all or nothing.
    if (this.db.inTransaction) write();
    else this.db.transaction(write)();
    return { id, duplicate: false };
  }

  /** Turns, the tools-called rows and the full-text row of one trajectory. */
  private writeTurns(id: string, rowid: number | bigint, turns: Turn[], rows: TurnColumns[]) {
    const s = this.statements;
    const calls = new Map<string, number>();
    const text: string[] = [];
    turns.forEach((turn, idx) => {
      s.turn.run(id, idx, ...rows[idx]!);
      if (turn.thought) text.push(turn.thought);
      if (turn.content) text.push(turn.content);
      for (const call of turn.toolCalls ?? []) {
        calls.set(call.name, (calls.get(call.name) ?? 0) + 1);
        text.push(call.name, searchableValues(call.args));
      }
    });
    for (const [tool, n] of calls) s.tool.run(tool, rowid, n);
    s.text.run(rowid, text.join(' '));
  }

  /** Replaces a run's turns as it advances or is edited (runs have no content hash to keep). */
  replaceTurns(id: string, turns: Turn[]): void {
    this.db.transaction(() => {
      const rowid = this.sql('SELECT rowid FROM trajectories WHERE id = ?').pluck().get(id) as number | undefined;
      if (rowid === undefined) throw new TrellisError('E3001', `No trajectory with id ${id}.`);
      this.sql('DELETE FROM turns WHERE trajectory_id = ?').run(id);
      this.sql('DELETE FROM trajectory_tools WHERE trajectory_rowid = ?').run(rowid);
      this.sql('DELETE FROM trajectory_text WHERE rowid = ?').run(rowid);
      this.sql('UPDATE trajectories SET turn_count = ? WHERE id = ?').run(turns.length, id);
      this.writeTurns(id, rowid, turns, turns.map(turnRow));
    })();
  }

  /**
   * Replaces one turn, keeping the turn as it was first recorded (once: later edits keep the
   * same original). The content hash stays that of the recording, so re-importing the log
   * still finds it.
   */
  editTurn(id: string, index: number, turn: Turn): void {
    this.db.transaction(() => {
      const turns = this.get(id).turns;
      const before = turns[index];
      if (!before) throw new TrellisError('E3001', `Trajectory ${id} has no turn ${index}.`);
      this.sql(
        'INSERT OR IGNORE INTO turn_edits (trajectory_id, turn_idx, original, edited_at) VALUES (?, ?, ?, ?)',
      ).run(id, index, toJson(before), nowIso());
      this.replaceTurns(
        id,
        turns.map((t, i) => (i === index ? turn : t)),
      );
    })();
  }

  /** Puts an edited turn back as recorded. */
  revertTurn(id: string, index: number): void {
    this.db.transaction(() => {
      const original = this.sql('SELECT original FROM turn_edits WHERE trajectory_id = ? AND turn_idx = ?')
        .pluck()
        .get(id, index) as string | undefined;
      if (original === undefined) throw new TrellisError('E3001', `Turn ${index} of ${id} has not been edited.`);
      const turns = this.get(id).turns;
      this.replaceTurns(
        id,
        turns.map((t, i) => (i === index ? (fromJson<Turn>(original) as Turn) : t)),
      );
      this.sql('DELETE FROM turn_edits WHERE trajectory_id = ? AND turn_idx = ?').run(id, index);
    })();
  }

  /** The original of every edited turn of a trajectory. */
  edits(id: string): { turnIndex: number; original: Turn; editedAt: string }[] {
    const rows = this.sql(
      'SELECT turn_idx, original, edited_at FROM turn_edits WHERE trajectory_id = ? ORDER BY turn_idx',
    ).all(id) as { turn_idx: number; original: string; edited_at: string }[];
    return rows.map((r) => ({
      turnIndex: r.turn_idx,
      original: fromJson<Turn>(r.original) as Turn,
      editedAt: r.edited_at,
    }));
  }

  /** A trajectory's title alone (its turns are not read). */
  title(id: string): string {
    const title = this.sql('SELECT title FROM trajectories WHERE id = ?').pluck().get(id) as string | undefined;
    if (title === undefined) throw new TrellisError('E3001', `No trajectory with id ${id}.`);
    return title;
  }

  get(id: string): Trajectory {
    const row = this.sql('SELECT * FROM trajectories WHERE id = ?').get(id) as TrajectoryRow | undefined;
    if (!row) throw new TrellisError('E3001', `No trajectory with id ${id}.`);
    const turns = (this.sql('SELECT * FROM turns WHERE trajectory_id = ? ORDER BY idx').all(id) as TurnRow[]).map(
      toTurn,
    );
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      source: row.source,
      graphId: row.graph_id,
      planId: row.plan_id,
      forkOf: row.fork_of === null ? null : { trajectoryId: row.fork_of, turnIndex: row.fork_turn ?? 0 },
      turns,
      createdAt: row.created_at,
    };
  }

  /** Ids of every visible trajectory with its graph, for whole-workspace checks. */
  allIds(): { id: string; graphId: string | null; source: string }[] {
    return this.sql(
      `SELECT id, graph_id AS graphId, source FROM trajectories t WHERE ${VISIBLE} ORDER BY t.rowid`,
    ).all() as { id: string; graphId: string | null; source: string }[];
  }

  /** Replaces the findings of one trajectory (checks are re-run as a whole). */
  replaceFindings(trajectoryId: string, findings: Finding[]): void {
    this.db.transaction(() => {
      this.sql('DELETE FROM findings WHERE trajectory_id = ?').run(trajectoryId);
      const insert = this.sql(
        'INSERT INTO findings (trajectory_id, turn_idx, kind, severity, path, message) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (const f of findings) insert.run(trajectoryId, f.turnIndex, f.kind, f.severity, f.path, f.message);
    })();
  }

  /** Turns with an error finding, for many trajectories at once (one query per call). */
  errorTurns(trajectoryIds: readonly string[]): Map<string, Set<number>> {
    const out = new Map<string, Set<number>>();
    if (!trajectoryIds.length) return out;
    const rows = this.db
      .prepare(
        `SELECT trajectory_id AS id, turn_idx AS turn FROM findings
         WHERE severity = 'error' AND trajectory_id IN (${trajectoryIds.map(() => '?').join(',')})`,
      )
      .all(...trajectoryIds) as { id: string; turn: number }[];
    for (const r of rows) out.set(r.id, (out.get(r.id) ?? new Set()).add(r.turn));
    return out;
  }

  findings(trajectoryId: string): Finding[] {
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
      turnIndex: r.turn_idx,
      kind: r.kind,
      severity: r.severity,
      path: r.path,
      message: r.message,
    }));
  }
}

function toTurn(row: TurnRow): Turn {
  const turn: Turn = { role: row.role };
  if (row.thought !== null) turn.thought = row.thought;
  if (row.content !== null) turn.content = row.content;
  if (row.tool_calls !== null) turn.toolCalls = fromJson(row.tool_calls) ?? [];
  if (row.tool_call_id !== null) turn.toolCallId = row.tool_call_id;
  if (row.timing !== null) turn.timing = fromJson(row.timing) ?? undefined;
  if (row.tokens !== null) turn.tokens = fromJson(row.tokens) ?? undefined;
  return turn;
}
