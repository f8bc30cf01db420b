/**
 * The durable store behind `--data <file>`: an SQLite database (schema in `sqlite-schema.ts`, binding chosen in
 * `sqlite-driver.ts`, writes in `sqlite-sink.ts`). The in-memory tables stay the working set; the store's sink writes every completed
 * command's changed rows and id counters here in one transaction before the command returns, so a response is
 * only sent for what the file holds. Opening checks everything (directory, file kind, schema version, every row,
 * counters) and refuses a file it cannot use with a `DataFileError` naming the file and the row; a version 1
 * JSON data file is imported once, and kept beside as `<file>.v1.json`.
 *
 * Durability: WAL with `synchronous=NORMAL` by default. A commit is then in the WAL file (the operating
 * system's cache) before the response: a killed or crashed sandbox (SIGKILL, OOM) loses nothing it
 * acknowledged. A power cut or kernel crash can lose the last commits since the WAL was last synced (never
 * corrupting the file); `sync: "full"` syncs the WAL on every commit and survives those too, at the price of
 * one fsync per command. The file is opened in exclusive locking mode: a second sandbox on it is refused.
 *
 * The file on its own: timed checkpoints (`checkpoints.ts`) keep it at most about a second behind the last
 * acknowledged write, and its lifecycle row (`lifecycle.ts`) says how it was left, so a file whose WAL went missing
 * after an unclean stop is told apart (`previousStop`) and never taken for a new one. `snapshotTo` writes a
 * consistent copy (`snapshot.ts`).
 */
import { accessSync, closeSync, constants, existsSync, openSync, readSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createCheckpointer } from "./checkpoints.js";
import { importJson, preview } from "./json-import.js";
import { previousStopOf, readLifecycle, writeLifecycle, type PreviousStop } from "./lifecycle.js";
import { vacuumInto, writeAtomically } from "./snapshot-file.js";
import {
  closeQuietly,
  openSqlite,
  SqliteUnavailableError,
  type SqliteConnection,
  type SqliteDriverName,
} from "./sqlite-driver.js";
import { APPLICATION_ID, applicationIdOf, isEmptyDatabase, migrate, schemaVersionOf } from "./sqlite-schema.js";
import { createSink } from "./sqlite-sink.js";
import { DataFileError, rowProblem, stateProblem } from "./state-checks.js";
import type { StoreSink } from "./store.js";
import { TABLE_NAMES, TABLES, keyOfRow, type SandboxState, type TableName } from "./tables.js";

export type DataFileSync = "normal" | "full";

export interface DataFileOptions {
  /** `normal` (default): durable across a killed process; `full`: across a power cut too (an fsync per command). */
  readonly sync?: DataFileSync;
  /** Force a binding (`node:sqlite` or `better-sqlite3`); default: see `sqlite-driver.ts`. */
  readonly driver?: string;
}

export interface DataFile {
  readonly path: string;
  readonly driver: SqliteDriverName;
  /** The saved state; undefined for a new file, which the caller seeds and writes with `sink.replace`. */
  readonly state: SandboxState | undefined;
  /** Set when a version 1 JSON file was imported on this start: where its original now is. */
  readonly importedFrom: string | undefined;
  /** How the last sandbox left the file (`lifecycle.ts`): `wal-missing` is worth a warning. */
  readonly previousStop: PreviousStop;
  readonly sink: StoreSink;
  /** Checkpoints the WAL into the file now; returns the failure instead of throwing (the WAL still has it all). */
  checkpoint(): Error | undefined;
  /** Writes a consistent copy of the file to `target` (replaced atomically); throws when it cannot. */
  snapshotTo(target: string): void;
  /** Marks the file closed and closes it (which checkpoints and removes the WAL); afterwards every write fails. Never throws: a failure is returned. */
  close(): Error | undefined;
}

const SQLITE_HEADER = "SQLite format 3\0";
const WAL_AUTOCHECKPOINT_PAGES = 10_000;

type FileKind = "missing" | "empty" | "sqlite" | "json" | "other";

function kindOf(path: string): FileKind {
  let descriptor: number;
  try {
    descriptor = openSync(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw new DataFileError(`The sandbox data file ${path} cannot be read: ${(error as Error).message}`);
  }
  try {
    const head = Buffer.alloc(64);
    const length = readSync(descriptor, head, 0, head.length, 0);
    if (length === 0) return "empty";
    if (head.subarray(0, length).toString("latin1").startsWith(SQLITE_HEADER)) return "sqlite";
    return head.subarray(0, length).toString("utf8").trimStart().startsWith("{") ? "json" : "other";
  } catch (error) {
    throw new DataFileError(`The sandbox data file ${path} cannot be read: ${(error as Error).message}`);
  } finally {
    closeSync(descriptor);
  }
}

/** Opens, checks and loads the data file at `path` (creating it when missing). */
export function openDataFile(file: string, options: DataFileOptions = {}): DataFile {
  const path = resolve(file);
  const directory = dirname(path);
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new DataFileError(
      `The directory of the sandbox data file ${path} does not exist; create ${directory} first.`,
    );
  }
  let kind = kindOf(path);
  // SQLite needs to write the file and, for its WAL, the directory: say so plainly rather than "disk I/O error".
  for (const place of kind === "missing" ? [directory] : [directory, path]) {
    try {
      accessSync(place, constants.W_OK);
    } catch (error) {
      throw new DataFileError(
        `The sandbox data file ${path} cannot be used: it is read-only here (${place}: ${(error as NodeJS.ErrnoException).code}).`,
      );
    }
  }
  let importedFrom: string | undefined;
  if (kind === "other") {
    throw new DataFileError(
      `The sandbox data file ${path} cannot be used: it is neither a sandbox database (SQLite) nor a version 1 JSON data file. Move it, or pick another file.`,
    );
  }
  if (kind === "json") {
    importedFrom = importJson(path, options.driver);
    kind = "sqlite";
  }
  // Looked at before SQLite opens the file, which replays a WAL it finds and removes it at close. An empty WAL
  // counts as there: it held nothing to lose.
  const walWasThere = existsSync(`${path}-wal`);
  const walMode = kind === "sqlite" && inWalMode(path);
  const { database, wasEmpty } = open(path, options);
  try {
    if (walMode && wasEmpty && !walWasThere) {
      // A WAL-mode file that was in use holds its schema; with none, what it had was in the WAL that is not there.
      throw new DataFileError(
        `The sandbox data file ${path} cannot be used: it holds no tables and no ${path}-wal is beside it, so its state was in that WAL file, which is missing (copied without it, or deleted after an unclean stop). Put the -wal file back beside it, or remove ${path} to start from the seed.`,
      );
    }
    const lifecycle = readLifecycle(database);
    const state = kind === "sqlite" ? loadDatabase(database, path) : undefined;
    const previousStop = previousStopOf(lifecycle, state !== undefined, walWasThere);
    if (previousStop.kind === "wal-missing" && state === undefined) {
      throw new DataFileError(
        `The sandbox data file ${path} cannot be used: a sandbox had it open when it was copied or stopped, and its WAL file ${path}-wal is missing, which held its whole state. Put the -wal file back beside it, or remove ${path} to start from the seed.`,
      );
    }
    writeLifecycle(database, "open");
    const checkpointer = createCheckpointer(database, undefined, (error) =>
      process.emitWarning(
        `checkpointing the sandbox data file ${path}: ${error.message} (the WAL still holds every commit)`,
      ),
    );
    // The file on its own says it is open (and holds what a crash left in the WAL) from now on.
    const failure = checkpointer.checkpoint();
    if (failure !== undefined) throw failure;
    return {
      path,
      driver: database.driver,
      state,
      importedFrom,
      previousStop,
      sink: createSink(database, path, checkpointer.committed),
      checkpoint: checkpointer.checkpoint,
      snapshotTo: (target) => writeAtomically(resolve(target), (temporary) => vacuumInto(database, temporary)),
      close: () => {
        checkpointer.stop();
        try {
          writeLifecycle(database, "closed");
        } catch {
          // A file that cannot take this row (a full disk) still closes; the next start may then warn for nothing.
        }
        return closeQuietly(database);
      },
    };
  } catch (error) {
    closeQuietly(database);
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(`The sandbox data file ${path} cannot be used: ${(error as Error).message}.`);
  }
}

/** Whether the SQLite file at `path` says it is in WAL mode: its header's read and write versions are 2. */
function inWalMode(path: string): boolean {
  const descriptor = openSync(path, "r");
  try {
    const versions = Buffer.alloc(2);
    return readSync(descriptor, versions, 0, 2, 18) === 2 && versions[0] === 2 && versions[1] === 2;
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Opens `path`, configures it, takes its lock and brings its schema up to date; `wasEmpty`: it held no table
 * before (a new file).
 */
function open(path: string, options: DataFileOptions): { database: SqliteConnection; wasEmpty: boolean } {
  let database: SqliteConnection;
  try {
    database = openSqlite(path, options.driver);
  } catch (error) {
    if (error instanceof SqliteUnavailableError) throw error;
    throw new DataFileError(`The sandbox data file ${path} cannot be opened: ${(error as Error).message}`);
  }
  const step = (what: string | ((error: Error) => string), run: () => void): void => {
    try {
      run();
    } catch (caught) {
      closeQuietly(database);
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const reason = typeof what === "string" ? what : what(error);
      throw new DataFileError(`The sandbox data file ${path} cannot be used: ${reason} (${error.message}).`);
    }
  };
  step(openFailure, () => {
    database.exec("PRAGMA busy_timeout = 0"); // a file another process holds is refused at once, not after a wait
    // Exclusive before WAL: the WAL index then lives in this process's memory, and the lock is held until close,
    // taken here by a first write transaction.
    database.exec("PRAGMA locking_mode = EXCLUSIVE");
    database.exec("PRAGMA journal_mode = WAL");
    database.exec(`PRAGMA synchronous = ${options.sync === "full" ? "FULL" : "NORMAL"}`);
    // Checkpoints (WAL into the file, with an fsync of each) run inside a commit; every 10,000 pages (40 MB of
    // WAL) rather than SQLite's 1,000 keeps them off most commands. Closing checkpoints and removes the WAL.
    database.exec(`PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    database.exec("BEGIN IMMEDIATE");
    database.exec("COMMIT");
  });
  step("SQLite's integrity check failed", () => {
    const row: unknown = database.prepare("PRAGMA quick_check").get();
    const verdict = typeof row === "object" && row !== null ? Object.values(row)[0] : undefined;
    if (verdict !== "ok") throw new Error(String(verdict));
  });
  let wasEmpty = false;
  step("it is not a sandbox data file", () => {
    const id = applicationIdOf(database);
    wasEmpty = isEmptyDatabase(database);
    if (id !== APPLICATION_ID && !(id === 0 && wasEmpty))
      throw new Error(`application_id is ${id}, a sandbox data file has ${APPLICATION_ID}`);
  });
  step("its schema cannot be brought up to date", () => void migrate(database));
  return { database, wasEmpty };
}

/** Why a file could not be opened for writing, from SQLite's message. */
function openFailure(error: Error): string {
  if (/locked|busy/i.test(error.message)) return "another process holds it (is a sandbox already running on it?)";
  if (/readonly|read-only|permission|access/i.test(error.message)) return "it is read-only here";
  if (/not a database|malformed|corrupt/i.test(error.message)) return "it is not a database SQLite can read";
  return "it cannot be opened for writing";
}

/** The saved state (undefined when the file holds none yet), every row and counter checked. */
function loadDatabase(database: SqliteConnection, path: string): SandboxState | undefined {
  const fail = (problem: string): never => {
    throw new DataFileError(`The sandbox data file ${path} cannot be used: ${problem}. Fix or move it.`);
  };
  const counters = database.prepare("SELECT kind, next_id FROM counters").all();
  const rowsOf = (table: TableName): unknown[] => {
    const { sql, sqlKey } = TABLES[table];
    return database.prepare(`SELECT key, data FROM ${sql} ORDER BY ${sqlKey === "INTEGER" ? "key" : "row"}`).all();
  };
  if (counters.length === 0 && TABLE_NAMES.every((table) => rowsOf(table).length === 0)) return undefined;
  const nextId: Record<string, number> = {};
  for (const counter of counters) {
    const kind = column(counter, "kind");
    const next = column(counter, "next_id");
    if (typeof kind !== "string" || typeof next !== "number")
      return fail(`the counters row ${preview(counter)} is not (kind, next_id)`);
    nextId[kind] = next;
  }
  const state: Record<string, unknown> = { version: 1, nextId };
  const places = new Map<TableName, string[]>();
  for (const table of TABLE_NAMES) {
    const sqlName = TABLES[table].sql;
    const rows: unknown[] = [];
    const keys: string[] = [];
    let largestKey = 0;
    for (const stored of rowsOf(table)) {
      const key = column(stored, "key");
      const data = column(stored, "data");
      const where = `row of table ${sqlName} with key ${JSON.stringify(key)}`;
      let row: unknown;
      try {
        row = JSON.parse(String(data));
      } catch (error) {
        return fail(`the ${where} is not JSON (${(error as Error).message})`);
      }
      const problem = rowProblem(table, row);
      if (problem !== undefined) return fail(`the ${where}: ${problem} (the row: ${preview(row)})`);
      if (typeof row === "object" && row !== null && keyOfRow(table, row) !== key)
        return fail(`the ${where} holds a record whose key is ${JSON.stringify(keyOfRow(table, row))}`);
      rows.push(row);
      keys.push(JSON.stringify(key));
      if (typeof key === "number") largestKey = Math.max(largestKey, key);
    }
    state[table] = rows;
    places.set(table, keys);
    // A counted table's next id is past its largest key; the counters row says more where rows cannot (store.ts).
    if (TABLES[table].ids === "counter" && (largestKey > 0 || nextId[table] !== undefined))
      nextId[table] = Math.max(nextId[table] ?? 1, largestKey + 1);
  }
  // Each row was checked against its table's record schema just above.
  const checked = state as unknown as SandboxState;
  const problem = stateProblem(
    checked,
    (table, index) => `row of table ${TABLES[table].sql} with key ${places.get(table)?.[index]}`,
  );
  if (problem !== undefined)
    return fail(problem.place === undefined ? problem.problem : `the ${problem.place.row}: ${problem.problem}`);
  return checked;
}

/** A column of a row as a binding returns it (a plain object of column → value). */
const column = (row: unknown, name: string): unknown =>
  typeof row === "object" && row !== null ? Object.getOwnPropertyDescriptor(row, name)?.value : undefined;

export { DataFileError, schemaVersionOf };
