import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { DeclaredTool } from '../../../shared/domain';
import { TrellisError } from '../../../shared/errors';
import { statementCache } from './statements';

/**
 * The tools each imported record declared, stored once per distinct set and addressed by its
 * content: 40,000 records sharing a dozen sets store a dozen rows.
 */
export class ToolSetRepository {
  private readonly sql;
  /** Sets written by this connection, so an import hashes and inserts each set once. */
  private readonly known = new Map<string, string>();
  private readonly parsed = new Map<string, DeclaredTool[]>();

  constructor(db: Database.Database) {
    this.sql = statementCache(db);
  }

  /** A set's id, the SHA-256 of its JSON text (remembered for the sets seen last). */
  idOf(text: string): string {
    let id = this.known.get(text);
    if (!id) {
      id = createHash('sha256').update(text).digest('hex');
      if (this.known.size > 10_000) this.known.clear();
      this.known.set(text, id);
    }
    return id;
  }

  /** Stores a set given as its JSON text (if new) and returns its id. */
  put(text: string): string {
    const id = this.idOf(text);
    // Every time, not once per connection: a rolled-back batch takes its new sets with it.
    this.sql('INSERT OR IGNORE INTO tool_sets (id, tools) VALUES (?, ?)').run(id, text);
    return id;
  }

  get(id: string): DeclaredTool[] {
    let tools = this.parsed.get(id);
    if (tools) return tools;
    const text = this.sql('SELECT tools FROM tool_sets WHERE id = ?').pluck().get(id) as string | undefined;
    if (text === undefined) throw new TrellisError('E3001', `No tool set with id ${id}.`);
    tools = JSON.parse(text) as DeclaredTool[];
    if (this.parsed.size > 1000) this.parsed.clear();
    this.parsed.set(id, tools);
    return tools;
  }

  /** The tool set a trajectory's record declared, or null when it declared none. */
  ofTrajectory(trajectoryId: string): DeclaredTool[] | null {
    const id = this.sql('SELECT tool_set FROM trajectories WHERE id = ?').pluck().get(trajectoryId) as
      string | null | undefined;
    if (id === undefined) throw new TrellisError('E3001', `No trajectory with id ${trajectoryId}.`);
    return id === null ? null : this.get(id);
  }

  /** The cache holds sets by id; a set is never changed once stored, only forgotten with its last trajectory. */
  forgetUnused(): number {
    this.known.clear();
    this.parsed.clear();
    return this.sql(
      'DELETE FROM tool_sets WHERE id NOT IN (SELECT tool_set FROM trajectories WHERE tool_set IS NOT NULL)',
    ).run().changes;
  }
}
