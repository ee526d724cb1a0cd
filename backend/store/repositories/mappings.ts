import type Database from 'better-sqlite3';
import { mappingProblems, TrajectoryMapping } from '../../../shared/formats/mapping';
import { TrellisError } from '../../../shared/errors';
import type { ChangeLog } from '../change-log';
import { nowIso, toJson } from './json';

/** A saved mapping as a list shows it: valid, or what is wrong with what the workspace holds. */
export type SavedMapping =
  | { name: string; updatedAt: string; mapping: TrajectoryMapping; problems?: undefined }
  | { name: string; updatedAt: string; mapping: null; problems: string[] };

interface MappingRow {
  name: string;
  definition: string;
  updated_at: string;
}

/**
 * Trajectory mappings saved by name. A workspace file may come from anyone: what a row holds is
 * read as data and checked with the mapping's schema, never trusted as it is.
 */
export class MappingRepository {
  constructor(
    private readonly db: Database.Database,
    private readonly changes: ChangeLog,
  ) {}

  list(): SavedMapping[] {
    const rows = this.db
      .prepare('SELECT name, definition, updated_at FROM trajectory_mappings ORDER BY name COLLATE NOCASE')
      .all() as MappingRow[];
    return rows.map(readRow);
  }

  /** The mapping saved under `name`; throws when there is none or it is not a valid mapping. */
  get(name: string): TrajectoryMapping {
    const row = this.db
      .prepare('SELECT name, definition, updated_at FROM trajectory_mappings WHERE name = ?')
      .get(name) as MappingRow | undefined;
    if (!row) {
      const names = this.list().map((m) => m.name);
      throw new TrellisError(
        'E4005',
        `No mapping named "${name}" in this workspace.`,
        names.length
          ? `Saved mappings: ${names.join(', ')}.`
          : 'Save one from the Import form first, or give a mapping file.',
      );
    }
    const saved = readRow(row);
    if (!saved.mapping)
      throw new TrellisError(
        'E4005',
        `The mapping "${name}" saved in this workspace is not valid: ${saved.problems.join('; ')}.`,
      );
    return saved.mapping;
  }

  /** Saves the mapping under its name, replacing one of the same name. */
  save(mapping: TrajectoryMapping): void {
    this.db
      .prepare(
        `INSERT INTO trajectory_mappings (name, definition, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at`,
      )
      .run(mapping.name, toJson(mapping), nowIso());
    this.changes.note('mappings', 'saved', [mapping.name]);
  }

  /** Deletes the mapping; false when there was none of that name. */
  delete(name: string): boolean {
    const { changes } = this.db.prepare('DELETE FROM trajectory_mappings WHERE name = ?').run(name);
    if (changes) this.changes.note('mappings', 'deleted', [name]);
    return changes > 0;
  }
}

function readRow(row: MappingRow): SavedMapping {
  let value: unknown;
  try {
    value = JSON.parse(row.definition);
  } catch {
    return { name: row.name, updatedAt: row.updated_at, mapping: null, problems: ['its definition is not JSON'] };
  }
  const parsed = TrajectoryMapping.safeParse(value);
  return parsed.success
    ? { name: row.name, updatedAt: row.updated_at, mapping: parsed.data }
    : { name: row.name, updatedAt: row.updated_at, mapping: null, problems: mappingProblems(value) };
}
