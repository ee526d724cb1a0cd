import type Database from 'better-sqlite3';

/**
 * Prepares each SQL text once per connection: preparing costs more than running a small query,
 * and exports and checks run the same few queries for every trajectory.
 */
export function statementCache(db: Database.Database): (sql: string) => Database.Statement {
  const cache = new Map<string, Database.Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) cache.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
}
