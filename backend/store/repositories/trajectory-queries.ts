import type Database from 'better-sqlite3';
import type {
  Outcome,
  SelectionSummary,
  TrajectoryFacets,
  TrajectoryFilter,
  TrajectorySummary,
} from '../../../shared/domain';
import { VISIBLE } from './trajectories';

interface SummaryRow {
  id: string;
  kind: TrajectorySummary['kind'];
  title: string;
  source: string;
  graph_id: string | null;
  created_at: string;
  turn_count: number;
  finding_count: number;
  label: TrajectorySummary['label'];
  outcome: string | null;
}

/** The file part of a source such as `runs.jsonl:42` (a line) or `tools.json#7` (an array's record). */
const SOURCE_FILE = "rtrim(rtrim(t.source, '0123456789'), ':#')";

/** Filtered views of the workspace's trajectories: the browser's list, its facets and summaries. */
export class TrajectoryQueryRepository {
  constructor(private readonly db: Database.Database) {}

  /** One page of the selection, newest first, with its total size. */
  list(filter: TrajectoryFilter, limit: number, offset: number): { total: number; items: TrajectorySummary[] } {
    const where = whereClause(filter);
    const total = this.db
      .prepare(`SELECT count(*) FROM trajectories t LEFT JOIN labels l ON l.trajectory_id = t.id WHERE ${where.sql}`)
      .pluck()
      .get(...where.params) as number;
    const rows = this.db
      .prepare(
        `SELECT t.id, t.kind, t.title, t.source, t.graph_id, t.created_at, t.turn_count, l.status AS label, t.outcome,
           (SELECT count(*) FROM findings f WHERE f.trajectory_id = t.id) AS finding_count
         FROM trajectories t LEFT JOIN labels l ON l.trajectory_id = t.id
         WHERE ${where.sql} ORDER BY t.rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(...where.params, limit, offset) as SummaryRow[];
    return {
      total,
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        source: row.source,
        graphId: row.graph_id,
        createdAt: row.created_at,
        turnCount: row.turn_count,
        findingCount: row.finding_count,
        label: row.label ?? null,
        outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
      })),
    };
  }

  /** Ids of the whole selection, in list order (for bulk work on a filtered set). */
  ids(filter: TrajectoryFilter): string[] {
    const where = whereClause(filter);
    return this.db
      .prepare(
        `SELECT t.id FROM trajectories t LEFT JOIN labels l ON l.trajectory_id = t.id WHERE ${where.sql} ORDER BY t.rowid DESC`,
      )
      .pluck()
      .all(...where.params) as string[];
  }

  /** Runs (of one graph, or all), oldest first, with what they were forked from: the runs tree. */
  runs(graphId: string | null) {
    const rows = this.db
      .prepare(
        `SELECT id, title, fork_of, fork_turn, turn_count, plan_id, created_at FROM trajectories
         WHERE kind = 'run' AND (? IS NULL OR graph_id = ?) ORDER BY rowid`,
      )
      .all(graphId, graphId) as {
      id: string;
      title: string;
      fork_of: string | null;
      fork_turn: number | null;
      turn_count: number;
      plan_id: string | null;
      created_at: string;
    }[];
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      forkOf: r.fork_of === null ? null : { trajectoryId: r.fork_of, turnIndex: r.fork_turn ?? 0 },
      turnCount: r.turn_count,
      planId: r.plan_id,
      createdAt: r.created_at,
    }));
  }

  /** The set of tools each trajectory calls (names sorted, comma-joined), for stratified splits. */
  toolSets(): Map<string, string> {
    const rows = this.db
      .prepare(
        `SELECT t.id, (SELECT group_concat(tool, ',') FROM (SELECT tool FROM trajectory_tools WHERE trajectory_rowid = t.rowid ORDER BY tool)) AS tools
         FROM trajectories t`,
      )
      .all() as { id: string; tools: string | null }[];
    return new Map(rows.map((r) => [r.id, r.tools ?? '']));
  }

  /** The values each filter can take over the visible trajectories, most frequent first. */
  facets(): TrajectoryFacets {
    const facet = (sql: string) =>
      this.db.prepare(`${sql} ORDER BY count DESC, value`).all() as { value: string; count: number }[];
    const visibleIds = `SELECT t.id FROM trajectories t WHERE ${VISIBLE}`;
    const visibleRowids = `SELECT t.rowid FROM trajectories t WHERE ${VISIBLE}`;
    return {
      sources: facet(
        `SELECT ${SOURCE_FILE} AS value, count(*) AS count FROM trajectories t WHERE ${VISIBLE} GROUP BY value`,
      ),
      tools: facet(
        `SELECT tool AS value, count(*) AS count FROM trajectory_tools WHERE trajectory_rowid IN (${visibleRowids}) GROUP BY tool`,
      ),
      findings: facet(
        `SELECT kind AS value, count(DISTINCT trajectory_id) AS count FROM findings WHERE trajectory_id IN (${visibleIds}) GROUP BY kind`,
      ),
      labels: facet(
        `SELECT coalesce(l.status, 'unlabelled') AS value, count(*) AS count
         FROM trajectories t LEFT JOIN labels l ON l.trajectory_id = t.id WHERE ${VISIBLE} GROUP BY value`,
      ),
      outcomes: facet(
        `SELECT coalesce(t.outcome_status, 'none') AS value, count(*) AS count FROM trajectories t WHERE ${VISIBLE} GROUP BY value`,
      ),
    };
  }

  /** Counts over the selection: trajectories, turns, calls, findings by kind, calls by tool. */
  summarize(filter: TrajectoryFilter): SelectionSummary {
    const where = whereClause(filter);
    const from = `FROM trajectories t LEFT JOIN labels l ON l.trajectory_id = t.id WHERE ${where.sql}`;
    const selection = `SELECT t.id ${from}`;
    const totals = this.db
      .prepare(
        `SELECT count(*) AS trajectories, coalesce(sum(t.turn_count), 0) AS turns,
           coalesce(sum(EXISTS (SELECT 1 FROM findings f WHERE f.trajectory_id = t.id)), 0) AS withFindings
         FROM trajectories t LEFT JOIN labels l ON l.trajectory_id = t.id WHERE ${where.sql}`,
      )
      .get(...where.params) as { trajectories: number; turns: number; withFindings: number };
    const counts = (sql: string) =>
      Object.fromEntries(
        (this.db.prepare(sql).all(...where.params) as { key: string; n: number }[]).map((r) => [r.key, r.n]),
      );
    const callsByTool = counts(
      `SELECT tool AS key, sum(calls) AS n FROM trajectory_tools WHERE trajectory_rowid IN (SELECT t.rowid ${from}) GROUP BY tool ORDER BY n DESC`,
    );
    return {
      ...totals,
      outcomes: counts(
        `SELECT coalesce(t.outcome_status, 'none') AS key, count(*) AS n ${from} GROUP BY key ORDER BY n DESC`,
      ),
      toolCalls: Object.values(callsByTool).reduce((a, b) => a + b, 0),
      findingsByKind: counts(
        `SELECT kind AS key, count(*) AS n FROM findings WHERE trajectory_id IN (${selection}) GROUP BY kind ORDER BY n DESC`,
      ),
      callsByTool,
    };
  }
}

/** The SQL condition for a filter, over `trajectories t LEFT JOIN labels l`. */
function whereClause(filter: TrajectoryFilter): { sql: string; params: unknown[] } {
  const conditions = [`(${VISIBLE})`];
  const params: unknown[] = [];
  const query = filter.text ? ftsQuery(filter.text) : null;
  if (query) {
    conditions.push('t.rowid IN (SELECT rowid FROM trajectory_text WHERE trajectory_text MATCH ?)');
    params.push(query);
  }
  if (filter.source) {
    conditions.push(`${SOURCE_FILE} = ?`);
    params.push(filter.source);
  }
  if (filter.tool) {
    conditions.push('t.rowid IN (SELECT trajectory_rowid FROM trajectory_tools WHERE tool = ?)');
    params.push(filter.tool);
  }
  if (filter.finding === 'any') conditions.push('EXISTS (SELECT 1 FROM findings f WHERE f.trajectory_id = t.id)');
  else if (filter.finding === 'none')
    conditions.push('NOT EXISTS (SELECT 1 FROM findings f WHERE f.trajectory_id = t.id)');
  else if (filter.finding) {
    conditions.push('t.id IN (SELECT trajectory_id FROM findings WHERE kind = ?)');
    params.push(filter.finding);
  }
  if (filter.label === 'unlabelled') conditions.push('l.status IS NULL');
  else if (filter.label) {
    conditions.push('l.status = ?');
    params.push(filter.label);
  }
  if (filter.minTurns !== undefined) {
    conditions.push('t.turn_count >= ?');
    params.push(filter.minTurns);
  }
  if (filter.maxTurns !== undefined) {
    conditions.push('t.turn_count <= ?');
    params.push(filter.maxTurns);
  }
  if (filter.outcome === 'none') conditions.push('t.outcome_status IS NULL');
  else if (filter.outcome) {
    conditions.push('t.outcome_status = ?');
    params.push(filter.outcome);
  }
  for (const [key, value] of Object.entries(filter.meta ?? {})) {
    // Compared as text, so `task_id=12` matches 12 and "12"; the key is quoted as one JSON path member.
    const path = `$."${key.replace(/["\\]/g, '')}"`;
    conditions.push(
      "(CASE json_type(t.metadata, ?) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(json_extract(t.metadata, ?) AS TEXT) END) = ?",
    );
    params.push(path, path, value);
  }
  return { sql: conditions.join(' AND '), params };
}

/**
 * Turns what a user types into an FTS5 query: every word must appear, the last one as a prefix; words split where the index tokenizer splits them (so `book_flight` is two words)
 * (so results follow typing). Words are quoted, so FTS5 syntax characters cannot make it fail.
 */
export function ftsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}
