/**
 * The data file's schema and its migrations. The file says what it is with `PRAGMA application_id` and which
 * schema it holds with `PRAGMA user_version`; opening runs the migrations it lacks, each in a transaction with
 * its version bump, and refuses a file of a newer schema than this sandbox knows.
 *
 * Schema 1: one table per record kind (`sql` and `sqlKey` in `tables.ts`), `data` holding the record as JSON.
 * Records keyed by an integer id are `(key INTEGER PRIMARY KEY, data)`: one B-tree, in id order, which is the
 * order they were inserted in (ids grow). Records keyed by text (balances, currencies, countries, rates) are
 * `(row INTEGER PRIMARY KEY, key TEXT UNIQUE, data)`, `row` keeping the insertion order the sandbox lists them
 * in. `counters` holds an id counter where the rows cannot tell it (`store.ts`, `StoreChanges.counters`), in the
 * same transaction as the rows, so an id is never handed out twice. A table added to `tables.ts` needs a
 * migration that creates it: a test holds the tables the migrations create against that list.
 *
 * Schema 2: `lifecycle`, one row saying how the file was left (`lifecycle.ts`): open by a running sandbox, closed
 * cleanly, or written as a snapshot; and when it was last checkpointed. Start-up compares it with the WAL file it
 * finds, so a file whose WAL went missing after an unclean stop is said, never silently taken for a new one.
 */
import type { SqliteConnection } from "./sqlite-driver.js";

/** "AFSB": what `PRAGMA application_id` of a sandbox data file reads, so another application's SQLite is refused. */
export const APPLICATION_ID = 0x41465342;

export interface Migration {
  /** The schema version the file has once this migration ran. */
  readonly version: number;
  readonly sql: string;
}

// No json_valid() CHECK: every row is checked field by field when the file is opened (`state-checks.ts`).
const recordTable = (name: string, key: "INTEGER" | "TEXT"): string =>
  key === "INTEGER"
    ? `CREATE TABLE ${name} (key INTEGER PRIMARY KEY, data TEXT NOT NULL) STRICT;`
    : `CREATE TABLE ${name} (row INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, data TEXT NOT NULL) STRICT;`;

/**
 * Frozen once released: a later schema is a new migration, never an edit of an old one (files of every older
 * version must keep opening).
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: [
      "CREATE TABLE counters (kind TEXT PRIMARY KEY, next_id INTEGER NOT NULL CHECK (next_id >= 1)) STRICT;",
      ...(
        [
          ["entities", "INTEGER"],
          ["accounts", "INTEGER"],
          ["balances", "TEXT"],
          ["statement_items", "INTEGER"],
          ["transfer_beneficiaries", "INTEGER"],
          ["beneficiaries", "INTEGER"],
          ["transfers", "INTEGER"],
          ["withdrawals", "INTEGER"],
          ["exchanges", "INTEGER"],
          ["alerts", "INTEGER"],
          ["deposits", "INTEGER"],
          ["depositors", "INTEGER"],
          ["jobs", "INTEGER"],
          ["currencies", "TEXT"],
          ["countries", "TEXT"],
          ["sectors", "INTEGER"],
          ["payment_purposes", "INTEGER"],
          ["rates", "TEXT"],
          ["events", "INTEGER"],
          ["webhook_targets", "INTEGER"],
          ["webhook_cursors", "INTEGER"],
          ["webhook_dead_letters", "INTEGER"],
        ] as const
      ).map(([name, key]) => recordTable(name, key)),
    ].join("\n"),
  },
  {
    version: 2,
    sql: [
      "CREATE TABLE lifecycle (",
      "  id INTEGER PRIMARY KEY CHECK (id = 1),",
      "  state TEXT NOT NULL CHECK (state IN ('open', 'closed', 'snapshot')),",
      "  changed_at TEXT NOT NULL,",
      "  checkpointed_at TEXT",
      ") STRICT;",
    ].join("\n"),
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

const pragmaNumber = (database: SqliteConnection, pragma: string): number => {
  const row: unknown = database.prepare(`PRAGMA ${pragma}`).get();
  const value = typeof row === "object" && row !== null ? Object.values(row)[0] : undefined;
  if (typeof value !== "number") throw new Error(`PRAGMA ${pragma} answered ${JSON.stringify(row)}`);
  return value;
};

/** The file's schema version: 0 for a new, empty file. */
export const schemaVersionOf = (database: SqliteConnection): number => pragmaNumber(database, "user_version");
export const applicationIdOf = (database: SqliteConnection): number => pragmaNumber(database, "application_id");

/** True when the file holds no table at all (new, or empty): it may become a sandbox data file. */
export function isEmptyDatabase(database: SqliteConnection): boolean {
  const row: unknown = database.prepare("SELECT count(*) AS tables FROM sqlite_schema").get();
  return typeof row === "object" && row !== null && "tables" in row && row.tables === 0;
}

/**
 * Brings the file to `SCHEMA_VERSION` (of `migrations`); returns the versions it ran. Throws naming the versions
 * when the file is newer than this sandbox.
 */
export function migrate(database: SqliteConnection, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const target = migrations[migrations.length - 1]?.version ?? 0;
  const current = schemaVersionOf(database);
  if (current > target) {
    throw new Error(
      `its schema version is ${current}; this sandbox reads versions up to ${target} (a newer sandbox wrote it)`,
    );
  }
  const ran: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    database.exec("BEGIN IMMEDIATE");
    try {
      database.exec(migration.sql);
      if (migration.version === 1) database.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
      database.exec(`PRAGMA user_version = ${migration.version}`);
      database.exec("COMMIT");
    } catch (error) {
      database.exec("ROLLBACK");
      throw error;
    }
    ran.push(migration.version);
  }
  return ran;
}
