/**
 * The durable store's sink on an SQLite data file: each command's changed rows and id counters in one
 * transaction, and a reset's whole state in one, with statements prepared once. A write SQLite refuses is rolled
 * back and thrown as a `StoreWriteError` (the store then undoes the command in memory).
 */
import type { SqliteConnection, SqliteStatement } from "./sqlite-driver.js";
import type { StoreChanges, StoreSink } from "./store.js";
import { StoreWriteError } from "./store-write-error.js";
import { TABLE_NAMES, TABLES, keyOfRow, type SandboxState, type TableName } from "./tables.js";

/** The statements of a sink, prepared on its first write. */
interface Statements {
  readonly put: (table: TableName) => SqliteStatement;
  readonly remove: (table: TableName) => SqliteStatement;
  readonly counter: SqliteStatement;
  readonly begin: SqliteStatement;
  readonly commit: SqliteStatement;
}

function prepareStatements(database: SqliteConnection): Statements {
  const put = new Map<TableName, SqliteStatement>();
  const remove = new Map<TableName, SqliteStatement>();
  for (const table of TABLE_NAMES) {
    const name = TABLES[table].sql;
    put.set(
      table,
      database.prepare(
        `INSERT INTO ${name} (key, data) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET data = excluded.data`,
      ),
    );
    remove.set(table, database.prepare(`DELETE FROM ${name} WHERE key = ?`));
  }
  const statementOf = (statements: ReadonlyMap<TableName, SqliteStatement>, table: TableName): SqliteStatement => {
    const statement = statements.get(table);
    if (statement === undefined) throw new Error(`no statement for table ${table}`);
    return statement;
  };
  return {
    put: (table) => statementOf(put, table),
    remove: (table) => statementOf(remove, table),
    counter: database.prepare(
      "INSERT INTO counters (kind, next_id) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET next_id = excluded.next_id",
    ),
    // Prepared once: parsing BEGIN and COMMIT on every command was a measurable part of a write.
    begin: database.prepare("BEGIN IMMEDIATE"),
    commit: database.prepare("COMMIT"),
  };
}

/** `committed` runs after each transaction SQLite committed (the data file schedules its checkpoint). */
export function createSink(database: SqliteConnection, path: string, committed: () => void = () => {}): StoreSink {
  let statements: Statements | undefined;
  const prepared = (): Statements => (statements ??= prepareStatements(database));

  function transaction(what: string, body: () => void): void {
    const { begin, commit } = prepared();
    try {
      begin.run();
    } catch (error) {
      throw new StoreWriteError(path, what, error);
    }
    try {
      body();
      commit.run();
    } catch (error) {
      try {
        database.exec("ROLLBACK");
      } catch {
        // SQLite may have rolled back already (SQLITE_FULL during COMMIT does).
      }
      throw new StoreWriteError(path, what, error);
    }
    committed();
  }

  return {
    write(changes: StoreChanges) {
      const { put, remove, counter } = prepared();
      transaction("a command's changes", () => {
        for (const table of changes.tables) {
          const upsert = put(table.name);
          for (const { key, row } of table.put) upsert.run(key, JSON.stringify(row));
          const deletion = remove(table.name);
          for (const key of table.removed) deletion.run(key);
        }
        for (const [kind, next] of Object.entries(changes.counters)) counter.run(kind, next);
      });
    },
    replace(state: SandboxState) {
      const { put, counter } = prepared();
      transaction("the whole state", () => {
        database.exec("DELETE FROM counters");
        for (const table of TABLE_NAMES) database.exec(`DELETE FROM ${TABLES[table].sql}`);
        for (const table of TABLE_NAMES) {
          const upsert = put(table);
          for (const row of state[table]) upsert.run(keyOfRow(table, row), JSON.stringify(row));
        }
        for (const [kind, next] of Object.entries(state.nextId)) counter.run(kind, next);
      });
    },
  };
}
