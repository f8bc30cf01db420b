/**
 * Snapshots: a consistent copy of the state as a data file of its own, which `--data` (or `--from`) starts from.
 * - of an open data file, through SQLite's own `VACUUM INTO` (the same statement on both bindings): a
 *   transactionally consistent copy, WAL included, taken between two commands (the bindings are synchronous);
 * - of an in-memory state, written into a new file with the schema and the same sink the data file uses.
 * Either way the copy is a single self-contained file (rollback journal, not WAL; nothing beside it), its lifecycle
 * row says `snapshot`, and it is synced before it is renamed into place, so a crash leaves the old file or the new
 * one, never half of one. SQLite does not sync what `VACUUM INTO` writes; `writeAtomically` does.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeLifecycle, type LifecycleState } from "./lifecycle.js";
import { closeQuietly, openSqlite, type SqliteConnection } from "./sqlite-driver.js";
import { migrate } from "./sqlite-schema.js";
import { createSink } from "./sqlite-sink.js";
import type { SandboxState } from "./tables.js";

/** Opens a finished copy and rewrites its lifecycle row (rollback journal, a full sync: it is about to be renamed). */
function markCopy(path: string, state: LifecycleState, driver: string | undefined): void {
  const copy = openSqlite(path, driver);
  try {
    copy.exec("PRAGMA journal_mode = DELETE");
    copy.exec("PRAGMA synchronous = FULL");
    writeLifecycle(copy, state);
  } finally {
    closeQuietly(copy);
  }
}

/** A consistent copy of `database` at `path` (which must not exist), marked as a snapshot. */
export function vacuumInto(database: SqliteConnection, path: string): void {
  database.prepare("VACUUM INTO ?").run(path);
  markCopy(path, "snapshot", database.driver);
}

/**
 * `state` as a new data file at `path` (which must not exist), its lifecycle row `lifecycle` (a snapshot, or
 * `closed` for an imported JSON file).
 */
export function writeStateDatabase(
  path: string,
  state: SandboxState,
  lifecycle: LifecycleState,
  driver: string | undefined,
): void {
  const database = openSqlite(path, driver);
  try {
    database.exec("PRAGMA journal_mode = DELETE");
    database.exec("PRAGMA synchronous = FULL");
    migrate(database);
    createSink(database, path).replace(state);
    writeLifecycle(database, lifecycle);
  } finally {
    closeQuietly(database);
  }
}

function syncPath(path: string, flags: "r" | "r+"): void {
  const descriptor = openSync(path, flags);
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Runs `write(temporary)` for a file beside `target`, syncs it, renames it over `target` and syncs the directory:
 * `target` is the old file or the whole new one, whatever happens. The temporary file is removed on failure.
 */
export function writeAtomically(target: string, write: (temporary: string) => void): void {
  const temporary = join(dirname(target), `.${basename(target)}.writing-${process.pid}`);
  rmSync(temporary, { force: true });
  try {
    write(temporary);
    syncPath(temporary, "r+");
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncDirectory(dirname(target));
}

/** Syncs a directory, so that a rename in it survives a power cut. */
export function syncDirectory(directory: string): void {
  syncPath(directory, "r");
}
