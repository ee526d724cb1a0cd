import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Plan } from '../../../shared/domain';
import { TrellisError } from '../../../shared/errors';
import type { ChangeLog } from '../change-log';
import { fromJson, nowIso, toJson } from './json';

interface PlanRow {
  id: string;
  graph_id: string;
  intent: string;
  steps: string;
  model_settings: string | null;
  created_at: string;
}

/** Plans saved with their intent and the model settings that made them. */
export class PlanRepository {
  constructor(
    private readonly db: Database.Database,
    private readonly changes: ChangeLog,
  ) {}

  save(plan: Omit<Plan, 'id' | 'createdAt'>): Plan {
    const saved: Plan = { ...plan, id: randomUUID(), createdAt: nowIso() };
    this.db
      .prepare('INSERT INTO plans (id, graph_id, intent, steps, model_settings, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(
        saved.id,
        saved.graphId,
        saved.intent,
        toJson(saved.steps),
        saved.modelSettings ? toJson(saved.modelSettings) : null,
        saved.createdAt,
      );
    this.changes.note('plans', 'saved', [saved.id]);
    return saved;
  }

  get(id: string): Plan {
    const row = this.db.prepare('SELECT * FROM plans WHERE id = ?').get(id) as PlanRow | undefined;
    if (!row) throw new TrellisError('E3001', `No plan with id ${id}.`);
    return toPlan(row);
  }

  listForGraph(graphId: string): Plan[] {
    const rows = this.db
      .prepare('SELECT * FROM plans WHERE graph_id = ? ORDER BY created_at DESC')
      .all(graphId) as PlanRow[];
    return rows.map(toPlan);
  }
}

function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    graphId: row.graph_id,
    intent: row.intent,
    steps: fromJson(row.steps) ?? [],
    modelSettings: fromJson(row.model_settings),
    createdAt: row.created_at,
  };
}
