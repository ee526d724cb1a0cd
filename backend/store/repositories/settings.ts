import type Database from 'better-sqlite3';
import { fromJson, toJson } from './json';

/** Small JSON values by key: the last model used and its settings, and the like. */
export class SettingsRepository {
  constructor(private readonly db: Database.Database) {}

  get<T>(key: string): T | null {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? fromJson<T>(row.value) : null;
  }

  set(key: string, value: unknown): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(key, toJson(value));
  }

  delete(key: string): void {
    this.db.prepare('DELETE FROM settings WHERE key = ?').run(key);
  }
}
