import type Database from 'better-sqlite3';
import { ChangeLog } from './change-log';
import { backupDatabase, listBackups, openDatabase, timestampedBackupPath, type OpenOptions } from './database';
import { DatasetRepository, LabelRepository } from './repositories/curation';
import { ExperimentRepository } from './repositories/experiments';
import { FindingRepository } from './repositories/findings';
import { GraphRepository } from './repositories/graphs';
import { PlanRepository } from './repositories/plans';
import { SettingsRepository } from './repositories/settings';
import { TrajectoryQueryRepository } from './repositories/trajectory-queries';
import { ImportRepository } from './repositories/imports';
import { MappingRepository } from './repositories/mappings';
import { ToolSetRepository } from './repositories/tool-sets';
import { TrajectoryRepository } from './repositories/trajectories';
import { TurnEditRepository } from './repositories/turn-edits';

/** One open workspace file and its repositories; the only place SQL lives. */
export interface WorkspaceStore {
  readonly file: string;
  /** The connection itself: for the store's own code and tests that inspect the file. */
  readonly db: Database.Database;
  readonly graphs: GraphRepository;
  readonly plans: PlanRepository;
  readonly trajectories: TrajectoryRepository;
  readonly toolSets: ToolSetRepository;
  /** Edits of turns (debugger and curation alike), with the originals kept for revert. */
  readonly turnEdits: TurnEditRepository;
  readonly findings: FindingRepository;
  readonly trajectoryQueries: TrajectoryQueryRepository;
  readonly labels: LabelRepository;
  readonly datasets: DatasetRepository;
  readonly settings: SettingsRepository;
  /** Experiments and the results of their runs. */
  readonly experiments: ExperimentRepository;
  readonly imports: ImportRepository;
  /** Trajectory mappings saved by name (where the runs are in files no reader claims). */
  readonly mappings: MappingRepository;
  /** What each commit changed (trajectories, labels, datasets, mappings, graphs, plans, experiments), told once it has committed. */
  readonly changes: Pick<ChangeLog, 'subscribe'>;
  /**
   * Runs `work` (synchronous) as one unit: every write in it is kept or none is, and its reads see
   * one state of the file. Code outside the store uses this, never the connection.
   */
  transaction<T>(work: () => T): T;
  /**
   * SQLite's `PRAGMA data_version`: it changes when another connection (another process) has
   * committed to the file since it was last read, never for this connection's own commits.
   */
  dataVersion(): number;
  /** The schema version (`PRAGMA user_version`). */
  schemaVersion(): number;
  /** An online backup to `destination`, or to a timestamped file in `<name>.backups/`. */
  backup(destination?: string): Promise<{ path: string; bytes: number }>;
  /** Backups beside the workspace, newest first. */
  listBackups(): ReturnType<typeof listBackups>;
  close(): void;
}

export function openWorkspaceStore(file: string, options: OpenOptions = {}): WorkspaceStore {
  const db = openDatabase(file, options);
  const changes = new ChangeLog(db);
  const toolSets = new ToolSetRepository(db);
  const trajectories = new TrajectoryRepository(db, toolSets, changes);
  const imports = new ImportRepository(db, trajectories, changes);
  imports.discardUnfinished();
  return {
    file,
    db,
    toolSets,
    graphs: new GraphRepository(db, changes),
    plans: new PlanRepository(db, changes),
    trajectories,
    turnEdits: new TurnEditRepository(db, trajectories, changes),
    findings: new FindingRepository(db, changes),
    trajectoryQueries: new TrajectoryQueryRepository(db),
    labels: new LabelRepository(db, changes),
    datasets: new DatasetRepository(db, changes),
    settings: new SettingsRepository(db),
    experiments: new ExperimentRepository(db, changes),
    imports,
    mappings: new MappingRepository(db, changes),
    changes,
    transaction: (work) => changes.transaction(work),
    dataVersion: () => db.pragma('data_version', { simple: true }) as number,
    schemaVersion: () => db.pragma('user_version', { simple: true }) as number,
    backup: (destination) => backupDatabase(db, destination ?? timestampedBackupPath(file)),
    listBackups: () => listBackups(file),
    close: () => {
      if (db.open) db.close();
    },
  };
}
