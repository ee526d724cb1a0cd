import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ExperimentDefinition, ExperimentRun } from '../../../shared/experiments/types';
import { TrellisError } from '../../../shared/errors';
import type { ChangeLog } from '../change-log';
import { nowIso, toJson } from './json';

export interface StoredExperiment {
  id: string;
  name: string;
  definition: ExperimentDefinition;
  sourceIds: string[];
  createdAt: string;
}

interface ExperimentRow {
  id: string;
  name: string;
  definition: string;
  source_ids: string;
  created_at: string;
}

const toExperiment = (row: ExperimentRow): StoredExperiment => ({
  id: row.id,
  name: row.name,
  definition: JSON.parse(row.definition) as ExperimentDefinition,
  sourceIds: JSON.parse(row.source_ids) as string[],
  createdAt: row.created_at,
});

/** Experiments with the trajectories they selected, and each run's result as it was measured. */
export class ExperimentRepository {
  constructor(
    private readonly db: Database.Database,
    private readonly changes: ChangeLog,
  ) {}

  create(definition: ExperimentDefinition, sourceIds: readonly string[]): StoredExperiment {
    const experiment = {
      id: randomUUID(),
      name: definition.name,
      definition,
      sourceIds: [...sourceIds],
      createdAt: nowIso(),
    };
    this.db
      .prepare('INSERT INTO experiments (id, name, definition, source_ids, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(experiment.id, experiment.name, toJson(definition), toJson(experiment.sourceIds), experiment.createdAt);
    this.changes.note('experiments', 'created', [experiment.id]);
    return experiment;
  }

  get(id: string): StoredExperiment {
    const row = this.db.prepare('SELECT * FROM experiments WHERE id = ?').get(id) as ExperimentRow | undefined;
    if (!row)
      throw new TrellisError(
        'E3001',
        `No experiment with id ${id}.`,
        'List them with trellis experiment show (no id) or in Experiments.',
      );
    return toExperiment(row);
  }

  list(): (StoredExperiment & { done: number; errored: number })[] {
    const rows = this.db
      .prepare(
        `SELECT e.*, (SELECT count(*) FROM experiment_runs r WHERE r.experiment_id = e.id) AS done,
                (SELECT count(*) FROM experiment_runs r WHERE r.experiment_id = e.id AND r.verdict = 'errored') AS errored
         FROM experiments e ORDER BY e.created_at DESC, e.rowid DESC`,
      )
      .all() as (ExperimentRow & { done: number; errored: number })[];
    return rows.map((row) => ({ ...toExperiment(row), done: row.done, errored: row.errored }));
  }

  delete(id: string): void {
    const { changes } = this.db.prepare('DELETE FROM experiments WHERE id = ?').run(id);
    if (changes) this.changes.note('experiments', 'deleted', [id]);
  }

  /** Keeps one run's result (a re-run of the same pair replaces it). */
  saveRun(experimentId: string, run: ExperimentRun): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO experiment_runs (experiment_id, source_id, candidate, run_id, verdict, result) VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(experimentId, run.sourceId, run.candidate, run.runId, run.verdict, toJson(run));
    this.changes.note('experiments', 'ran', [experimentId]);
  }

  /**
   * The results kept so far, in the experiment's order of sources then candidates; a run whose
   * trajectory was deleted since reads with no run id.
   */
  runs(experimentId: string): ExperimentRun[] {
    const order = new Map(this.get(experimentId).sourceIds.map((id, i) => [id, i]));
    const rows = this.db
      .prepare('SELECT run_id, result FROM experiment_runs WHERE experiment_id = ?')
      .all(experimentId) as { run_id: string | null; result: string }[];
    return rows
      .map((row) => ({ ...(JSON.parse(row.result) as ExperimentRun), runId: row.run_id }))
      .sort((a, b) => (order.get(a.sourceId) ?? 0) - (order.get(b.sourceId) ?? 0) || a.candidate - b.candidate);
  }
}
