import { orderedId } from './ordered-id';
import type Database from 'better-sqlite3';
import type { DeclaredTool, Outcome, Trajectory, TrajectoryMetadata, Turn } from '../../../shared/domain';
import { TrellisError } from '../../../shared/errors';
import type { ChangeLog } from '../change-log';
import { nowIso, toJson } from './json';
import { statementCache } from './statements';
import type { ToolSetRepository } from './tool-sets';
import {
  hashColumns,
  searchEntries,
  toTurn,
  toWrittenTurn,
  turnColumns,
  type TurnRow,
  type WrittenTurn,
  type WrittenTurnValues,
} from './turn-rows';

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
  tool_set: string | null;
  outcome: string | null;
  metadata: string | null;
}

export type NewTrajectory = Omit<Trajectory, 'id' | 'createdAt' | 'toolSet' | 'outcome'> & {
  outcome?: Outcome | null;
  id?: string;
  createdAt?: string;
  importId?: string;
  /** The tools the record declared; stored once per distinct set. */
  tools?: readonly DeclaredTool[];
  /** The same as JSON text, when the caller has made it already (imports do). */
  toolsText?: string;
};

/** A trajectory without its turns. */
export type TrajectoryHead = Omit<Trajectory, 'turns'>;

/** A trajectory from its row, with its turns (`get`) or without (`heads`), its fields in one order. */
function fromRow(row: TrajectoryRow): TrajectoryHead;
function fromRow(row: TrajectoryRow, turns: Turn[]): Trajectory;
function fromRow(row: TrajectoryRow, turns?: Turn[]): TrajectoryHead | Trajectory {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    source: row.source,
    graphId: row.graph_id,
    planId: row.plan_id,
    forkOf: row.fork_of === null ? null : { trajectoryId: row.fork_of, turnIndex: row.fork_turn ?? 0 },
    ...(turns ? { turns } : {}),
    createdAt: row.created_at,
    toolSet: row.tool_set,
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
    ...(row.metadata === null ? {} : { metadata: JSON.parse(row.metadata) as TrajectoryMetadata }),
  };
}

/** Trajectories of an import still running (or interrupted) are not part of the workspace. */
export const VISIBLE = "t.import_id IS NULL OR t.import_id IN (SELECT id FROM imports WHERE status = 'done')";

/**
 * Runs and imported logs with their turns: the one owner of a trajectory's turns. A run adds
 * its turns one at a time; edits (the debugger's and curation's alike) go through turn edits.
 */
export class TrajectoryRepository {
  private readonly statements;
  private readonly sql;

  constructor(
    private readonly db: Database.Database,
    private readonly toolSets: ToolSetRepository,
    private readonly changes: ChangeLog,
  ) {
    this.sql = statementCache(db);
    // Prepared once: imports insert hundreds of thousands of rows through these.
    this.statements = {
      byHash: db.prepare(
        `SELECT t.id, t.graph_id AS graphId, coalesce(i.discarding, 0) AS discarding FROM trajectories t
           LEFT JOIN imports i ON i.id = t.import_id WHERE t.content_hash = ?`,
      ),
      deleteById: db.prepare('DELETE FROM trajectories WHERE id = ?'),
      trajectory: db.prepare(
        `INSERT INTO trajectories (id, kind, title, source, graph_id, plan_id, fork_of, fork_turn, content_hash, created_at, import_id, turn_count, tool_set, outcome_status, outcome, metadata)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      turn: db.prepare(
        `INSERT INTO turns (trajectory_id, idx, role, thought, content, tool_calls, tool_call_id, timing, tokens, state)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      tool: db.prepare('INSERT INTO trajectory_tools (tool, trajectory_rowid, calls) VALUES (?, ?, ?)'),
      text: db.prepare('INSERT INTO trajectory_text (rowid, body) VALUES (?, ?)'),
    };
  }

  /**
   * Inserts a trajectory and all its turns atomically; returns the existing id on a duplicate,
   * with the graph that one is linked to.
   */
  insert(trajectory: NewTrajectory): { id: string; duplicate: boolean; graphId?: string | null } {
    const rows = trajectory.turns.map(turnColumns);
    const toolsText = trajectory.toolsText ?? (trajectory.tools?.length ? JSON.stringify(trajectory.tools) : null);
    const toolSet = toolsText ? this.toolSets.put(toolsText) : null;
    // Runs are never duplicates of one another: two forks may well have the same turns. The same
    // turns declaring other tools are another record.
    const outcome = trajectory.outcome ? JSON.stringify(trajectory.outcome) : null;
    const metadata =
      trajectory.metadata && Object.keys(trajectory.metadata).length ? JSON.stringify(trajectory.metadata) : null;
    // Two records of the same turns with another verdict or task are two runs, not one.
    const hash = trajectory.kind === 'run' ? null : hashColumns(rows, toolSet, [outcome, metadata]);
    const existing =
      hash === null
        ? undefined
        : (this.statements.byHash.get(hash) as { id: string; graphId: string | null; discarding: number } | undefined);
    // A trajectory of an import being taken back is nobody's duplicate: it makes way at once.
    if (existing?.discarding) this.statements.deleteById.run(existing.id);
    else if (existing) return { id: existing.id, duplicate: true, graphId: existing.graphId };
    const id = trajectory.id ?? orderedId();
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
        toolSet,
        trajectory.outcome?.status ?? null,
        outcome,
        metadata,
      );
      rows.forEach((row, idx) => s.turn.run(id, idx, ...row));
      this.writeSearchEntries(lastInsertRowid, trajectory.turns);
    };
    // Inside a caller's transaction (an import batch) no savepoint of its own: a savepoint makes
    // FTS5 flush a segment per trajectory, which tripled import time. The caller's transaction
    // still makes the insert all or nothing.
    if (this.db.inTransaction) write();
    else this.changes.transaction(write);
    // An import's trajectories are invisible until it finishes, which tells of them all at once.
    if (!trajectory.importId) this.changes.note('trajectories', 'created', [id]);
    return { id, duplicate: false };
  }

  /**
   * Links trajectories that belong to no graph to `graphId` (those linked elsewhere keep their
   * graph), so checks read the edges drawn there; returns how many it linked.
   */
  linkToGraph(ids: readonly string[], graphId: string): number {
    if (!ids.length) return 0;
    const link = this.sql('UPDATE trajectories SET graph_id = ? WHERE id = ? AND graph_id IS NULL');
    return this.changes.transaction(() => {
      const linked = ids.filter((id) => link.run(graphId, id).changes > 0);
      if (linked.length) this.changes.note('trajectories', 'edited', linked);
      return linked.length;
    });
  }

  get(id: string): Trajectory {
    const row = this.sql('SELECT * FROM trajectories WHERE id = ?').get(id) as TrajectoryRow | undefined;
    if (!row) throw new TrellisError('E3001', `No trajectory with id ${id}.`);
    return fromRow(row, this.turnsOf(id));
  }

  /**
   * Many trajectories without their turns, in one query (exports read a chunk of them at once):
   * each as `get` has it but for `turns`. Ids with no trajectory are absent.
   */
  heads(ids: readonly string[]): Map<string, TrajectoryHead> {
    const heads = new Map<string, TrajectoryHead>();
    if (!ids.length) return heads;
    const rows = this.sql('SELECT * FROM trajectories WHERE id IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(ids),
    ) as TrajectoryRow[];
    for (const row of rows) heads.set(row.id, fromRow(row));
    return heads;
  }

  /**
   * The trajectory the trace receiver made for a group (`received_as` in its metadata), stored
   * under `source`. Never an imported file's record, whatever its source says: those have an import.
   */
  idOfReceivedTrace(source: string, group: string): string | undefined {
    return this.sql(
      `SELECT id FROM trajectories WHERE source = ? AND import_id IS NULL AND kind = 'imported'
         AND json_extract(metadata, '$.received_as') = ? ORDER BY rowid LIMIT 1`,
    )
      .pluck()
      .get(source, group) as string | undefined;
  }

  /**
   * Writes a new recording of a trajectory over the stored one, in place (same id, its labels and
   * datasets kept): a received trace grows as its spans arrive. Findings of the old turns go (they
   * are of another recording); a turn the user edited stays as edited, with the new recording of that
   * turn as its original, so a late span never undoes a curated edit. The first `unchanged` turns
   * are those stored already: they are not written again (a trace grows at its end).
   */
  replaceRecording(
    id: string,
    next: Pick<NewTrajectory, 'source' | 'title' | 'turns' | 'outcome' | 'metadata' | 'tools'>,
    unchanged = 0,
  ): void {
    this.changes.transaction(() => {
      const rowid = this.rowid(id);
      const toolsText = next.tools?.length ? JSON.stringify(next.tools) : null;
      this.sql(
        `UPDATE trajectories SET source = ?, title = ?, turn_count = ?, tool_set = ?, outcome_status = ?, outcome = ?, metadata = ?, content_hash = NULL
         WHERE id = ?`,
      ).run(
        next.source,
        next.title,
        next.turns.length,
        toolsText ? this.toolSets.put(toolsText) : null,
        next.outcome?.status ?? null,
        next.outcome ? JSON.stringify(next.outcome) : null,
        next.metadata && Object.keys(next.metadata).length ? JSON.stringify(next.metadata) : null,
        id,
      );
      const kept = Math.min(unchanged, next.turns.length);
      const edited = (
        this.sql('SELECT turn_idx FROM turn_edits WHERE trajectory_id = ? AND turn_idx >= ?')
          .pluck()
          .all(id, kept) as number[]
      )
        .filter((idx) => idx < next.turns.length)
        .map((idx) => ({ idx, turn: this.turn(id, idx) }));
      this.sql('DELETE FROM turns WHERE trajectory_id = ? AND idx >= ?').run(id, kept);
      this.sql('DELETE FROM findings WHERE trajectory_id = ?').run(id);
      this.sql('DELETE FROM turn_edits WHERE trajectory_id = ? AND turn_idx >= ?').run(id, next.turns.length);
      next.turns
        .slice(kept)
        .map(turnColumns)
        .forEach((row, i) => this.statements.turn.run(id, kept + i, ...row));
      for (const { idx, turn } of edited) {
        if (!turn) continue;
        this.sql('UPDATE turn_edits SET original = ? WHERE trajectory_id = ? AND turn_idx = ?').run(
          toJson(next.turns[idx]),
          id,
          idx,
        );
        this.updateTurn(id, idx, turn);
      }
      this.refreshSearchEntries(id, rowid);
      this.changes.note('trajectories', 'edited', [id]);
    });
  }

  /** Whether a trajectory of this id is stored. */
  exists(id: string): boolean {
    return this.sql('SELECT 1 FROM trajectories WHERE id = ?').get(id) !== undefined;
  }

  /** Takes back a run that was never finished (an experiment's run when its job is cancelled). */
  discardRun(id: string): void {
    this.changes.transaction(() => {
      this.sql("DELETE FROM trajectories WHERE id = ? AND kind = 'run'").run(id);
      this.changes.note('trajectories', 'discarded', [id]);
    });
  }

  /** Sets a run's outcome once it has ended (finished, failed calls, stopped). */
  setOutcome(id: string, outcome: Outcome | null): void {
    const changed = this.sql('UPDATE trajectories SET outcome_status = ?, outcome = ? WHERE id = ?').run(
      outcome?.status ?? null,
      outcome ? JSON.stringify(outcome) : null,
      id,
    ).changes;
    if (!changed) throw new TrellisError('E3001', `No trajectory with id ${id}.`);
    this.changes.note('trajectories', 'edited', [id]);
  }

  /** A trajectory's turns as stored now (edited ones in their edited form). */
  turns(id: string): Turn[] {
    this.rowid(id);
    return this.turnsOf(id);
  }

  /** One turn as stored now, or undefined when the trajectory has no such turn. */
  turn(id: string, index: number): Turn | undefined {
    const row = this.sql('SELECT * FROM turns WHERE trajectory_id = ? AND idx = ?').get(id, index) as
      TurnRow | undefined;
    return row && toTurn(row);
  }

  /** Adds a turn after the last one; returns its index. The turns before it are left as they are. */
  appendTurn(id: string, turn: Turn): number {
    return this.changes.transaction(() => {
      const rowid = this.rowid(id);
      const index = this.sql('SELECT turn_count FROM trajectories WHERE id = ?').pluck().get(id) as number;
      this.statements.turn.run(id, index, ...turnColumns(turn));
      this.sql('UPDATE trajectories SET turn_count = ? WHERE id = ?').run(index + 1, id);
      this.refreshSearchEntries(id, rowid);
      this.changes.note('trajectories', 'edited', [id]);
      return index;
    });
  }

  /**
   * Writes `turn` over the stored turn `index`; the number of rows changed (0 when there is none).
   * The environment's state the turn recorded stays: an edit changes what was said, not the world.
   */
  private updateTurn(id: string, index: number, turn: Turn): number {
    const columns = turnColumns(turn).slice(0, 7);
    return this.sql(
      `UPDATE turns SET role = ?, thought = ?, content = ?, tool_calls = ?, tool_call_id = ?, timing = ?, tokens = ?
       WHERE trajectory_id = ? AND idx = ?`,
    ).run(...columns, id, index).changes;
  }

  /**
   * Writes one turn over the stored one, keeping no original. For the store's own use: an edit
   * made by a user goes through `TurnEditRepository.edit`, which keeps the turn as recorded.
   */
  overwriteTurn(id: string, index: number, turn: Turn): void {
    this.changes.transaction(() => {
      const rowid = this.rowid(id);
      const changed = this.updateTurn(id, index, turn);
      if (!changed) throw new TrellisError('E3001', `Trajectory ${id} has no turn ${index}.`);
      this.refreshSearchEntries(id, rowid);
      this.changes.note('trajectories', 'edited', [id]);
    });
  }

  /** A trajectory's title alone (its turns are not read). */
  title(id: string): string {
    const title = this.sql('SELECT title FROM trajectories WHERE id = ?').pluck().get(id) as string | undefined;
    if (title === undefined) throw new TrellisError('E3001', `No trajectory with id ${id}.`);
    return title;
  }

  /** Ids of every visible trajectory with its graph, for whole-workspace checks. */
  allIds(): { id: string; graphId: string | null; source: string }[] {
    return this.sql(
      `SELECT id, graph_id AS graphId, source FROM trajectories t WHERE ${VISIBLE} ORDER BY t.rowid`,
    ).all() as { id: string; graphId: string | null; source: string }[];
  }

  /** Ids of a graph's visible trajectories, newest first, at most `limit` (the recordings a planner follows). */
  idsOfGraph(graphId: string, limit: number): string[] {
    return this.sql(
      `SELECT id FROM trajectories t WHERE t.graph_id = ? AND t.turn_count > 0 AND (${VISIBLE}) ORDER BY t.rowid DESC LIMIT ?`,
    )
      .pluck()
      .all(graphId, limit) as string[];
  }

  private rowid(id: string): number {
    const rowid = this.sql('SELECT rowid FROM trajectories WHERE id = ?').pluck().get(id) as number | undefined;
    if (rowid === undefined) throw new TrellisError('E3001', `No trajectory with id ${id}.`);
    return rowid;
  }

  /**
   * A trajectory's turns without their timings and token counts (what exports write), read in
   * the five columns they need as rows of values: empty when there is no such trajectory.
   */
  turnsToWrite(id: string): WrittenTurn[] {
    const rows = this.sql(
      'SELECT role, thought, content, tool_calls, tool_call_id FROM turns WHERE trajectory_id = ? ORDER BY idx',
    )
      .raw()
      .all(id) as WrittenTurnValues[];
    return rows.map(toWrittenTurn);
  }

  private turnsOf(id: string): Turn[] {
    return (this.sql('SELECT * FROM turns WHERE trajectory_id = ? ORDER BY idx').all(id) as TurnRow[]).map(toTurn);
  }

  /** The tools-called rows and the full-text row of one trajectory. */
  private writeSearchEntries(rowid: number | bigint, turns: readonly Turn[]) {
    const { calls, text } = searchEntries(turns);
    for (const [tool, n] of calls) this.statements.tool.run(tool, rowid, n);
    this.statements.text.run(rowid, text);
  }

  /** Rebuilds the search entries after a turn changed (the full-text index keeps no text to patch). */
  private refreshSearchEntries(id: string, rowid: number) {
    this.sql('DELETE FROM trajectory_tools WHERE trajectory_rowid = ?').run(rowid);
    this.sql('DELETE FROM trajectory_text WHERE rowid = ?').run(rowid);
    this.writeSearchEntries(rowid, this.turnsOf(id));
  }
}
