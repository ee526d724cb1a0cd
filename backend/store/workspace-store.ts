import type Database from 'better-sqlite3';
import { openDatabase, type OpenOptions } from './database';
import { DatasetRepository, LabelRepository } from './repositories/curation';
import { GraphRepository } from './repositories/graphs';
import { PlanRepository } from './repositories/plans';
import { SettingsRepository } from './repositories/settings';
import { TrajectoryQueryRepository } from './repositories/trajectory-queries';
import { ImportRepository, TrajectoryRepository } from './repositories/trajectories';

/** One open workspace file and its repositories; the only place SQL lives. */
export interface WorkspaceStore {
  readonly file: string;
  readonly db: Database.Database;
  readonly graphs: GraphRepository;
  readonly plans: PlanRepository;
  readonly trajectories: TrajectoryRepository;
  readonly trajectoryQueries: TrajectoryQueryRepository;
  readonly labels: LabelRepository;
  readonly datasets: DatasetRepository;
  readonly settings: SettingsRepository;
  readonly imports: ImportRepository;
  close(): void;
}

export function openWorkspaceStore(file: string, options: OpenOptions = {}): WorkspaceStore {
  const db = openDatabase(file, options);
  const imports = new ImportRepository(db);
  imports.discardUnfinished();
  return {
    file,
    db,
    graphs: new GraphRepository(db),
    plans: new PlanRepository(db),
    trajectories: new TrajectoryRepository(db),
    trajectoryQueries: new TrajectoryQueryRepository(db),
    labels: new LabelRepository(db),
    datasets: new DatasetRepository(db),
    settings: new SettingsRepository(db),
    imports,
    close: () => {
      if (db.open) db.close();
    },
  };
}
