import Database from 'better-sqlite3';
import { TrellisError } from '../../shared/errors';
import { migrate, type Migration } from './migrations';

/** One row of `sqlite_schema`: a table, index, view or trigger and the SQL that made it. */
interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** The schema each list of migrations makes at each version, built once in memory. */
const expectedByMigrations = new WeakMap<readonly Migration[], Map<number, Map<string, SchemaObject>>>();

function readSchema(db: Database.Database): SchemaObject[] {
  return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema').all() as SchemaObject[];
}

function expectedSchema(
  migrations: readonly Migration[],
  version: number,
  nativeBinding: string | undefined,
): Map<string, SchemaObject> {
  let byVersion = expectedByMigrations.get(migrations);
  if (!byVersion) expectedByMigrations.set(migrations, (byVersion = new Map()));
  let schema = byVersion.get(version);
  if (!schema) {
    const memory = new Database(':memory:', nativeBinding ? { nativeBinding } : {});
    try {
      migrate(
        memory,
        migrations.filter((m) => m.version <= version),
      );
      schema = new Map(readSchema(memory).map((object) => [keyOf(object), object]));
    } finally {
      memory.close();
    }
    byVersion.set(version, schema);
  }
  return schema;
}

/** Whitespace aside, the SQL SQLite keeps for an object is exactly the statement that made it. */
function sameSql(a: string | null, b: string | null): boolean {
  const squeeze = (sql: string | null) => (sql ?? '').replace(/\s+/g, ' ').trim();
  return squeeze(a) === squeeze(b);
}

/** A trigger may share its name with an index: objects are told apart by kind and name. */
function keyOf(object: SchemaObject): string {
  return `${object.type} ${object.name}`;
}

function describe(object: SchemaObject): string {
  return object.type === 'trigger' || object.type === 'index'
    ? `${object.type} "${object.name}" on ${object.tbl_name}`
    : `${object.type} "${object.name}"`;
}

/**
 * Refuses a workspace whose schema is not the one Trellis's migrations make at its version: a
 * trigger, view, table or index Trellis did not create, or one of its own objects altered (a CHECK
 * removed with `PRAGMA writable_schema`, which `quick_check` does not see). A workspace may come from
 * anyone, and SQL planted in it would otherwise run with every write Trellis makes.
 */
export function assertTrellisSchema(
  db: Database.Database,
  file: string,
  version: number,
  migrations: readonly Migration[],
  nativeBinding?: string,
): void {
  const expected = expectedSchema(migrations, version, nativeBinding);
  // Full-text shadow tables are made by SQLite itself, and their SQL follows SQLite's version.
  const virtualTables = [...expected.values()].filter((o) => o.sql?.startsWith('CREATE VIRTUAL TABLE'));
  const isShadow = (name: string) => virtualTables.some((v) => name.startsWith(`${v.name}_`));
  const planted: string[] = [];
  const altered: string[] = [];
  const present = new Set<string>();
  for (const object of readSchema(db)) {
    present.add(keyOf(object));
    // ANALYZE's statistics are data for the query planner, not code.
    if (object.type === 'table' && /^sqlite_stat\d$/.test(object.name)) continue;
    const own = expected.get(keyOf(object));
    if (!own) planted.push(describe(object));
    else if (own.tbl_name !== object.tbl_name) altered.push(describe(object));
    else if (!isShadow(object.name) && !sameSql(own.sql, object.sql)) altered.push(describe(object));
  }
  const missing = [...expected.values()].filter((o) => !present.has(keyOf(o))).map(describe);
  if (!planted.length && !altered.length && !missing.length) return;
  const found = [
    planted.length
      ? `${planted.slice(0, 5).join(', ')}${planted.length > 5 ? ` and ${planted.length - 5} more` : ''} that Trellis did not create`
      : '',
    altered.length ? `${altered.slice(0, 5).join(', ')} not as Trellis made ${altered.length > 1 ? 'them' : 'it'}` : '',
    missing.length ? `no ${missing.slice(0, 5).join(', ')}` : '',
  ].filter(Boolean);
  if (version === 0)
    throw new TrellisError(
      'E2004',
      `${file} is a SQLite database of something else: it holds ${planted.slice(0, 5).join(', ')}. It was left unchanged.`,
    );
  throw new TrellisError(
    'E2002',
    `${file} holds ${found.join('; ')}: the file was changed outside Trellis. Nothing in it was run, and it was left unchanged.`,
    'Open a backup of this workspace, or ask whoever sent it for the file as Trellis wrote it.',
  );
}
