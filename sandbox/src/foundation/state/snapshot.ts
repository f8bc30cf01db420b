/**
 * Snapshots as the sandbox uses them: `takeSnapshot` gives the bytes of a consistent copy of the state (of the data
 * file through `VACUUM INTO`, or of the in-memory state written into a new file: `snapshot-file.ts`), which
 * `POST /_sandbox/snapshot` answers; `readSnapshot` loads such a copy (bytes, or a file left unchanged) with every
 * check a data file gets at start-up, for `--from`.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDataFile, type DataFile } from "./data-file.js";
import type { PreviousStop } from "./lifecycle.js";
import { writeStateDatabase } from "./snapshot-file.js";
import { DataFileError } from "./state-checks.js";
import type { SandboxState } from "./tables.js";

/** Runs `use` with a file path in a new temporary directory, removed afterwards. */
function inTemporaryDirectory<T>(use: (file: string) => T): T {
  const directory = mkdtempSync(join(tmpdir(), "account-funds-snapshot-"));
  try {
    return use(join(directory, "snapshot.db"));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * The bytes of a snapshot (an SQLite file, `application/vnd.sqlite3`): of `dataFile` when there is one, else of
 * `state()`. Throws `SqliteUnavailableError` when no SQLite binding loads (an in-memory sandbox on Node.js 20
 * without better-sqlite3).
 */
export function takeSnapshot(dataFile: DataFile | undefined, state: () => SandboxState): Uint8Array {
  return inTemporaryDirectory((file) => {
    if (dataFile === undefined) writeStateDatabase(file, state(), "snapshot", undefined);
    else dataFile.snapshotTo(file);
    return readFileSync(file);
  });
}

/**
 * The state of a snapshot (`--from`): a file (never changed: it is read from a copy) or the bytes of one. It is
 * checked as a data file is at start-up; a problem is a `DataFileError` that names `source`.
 */
export function readSnapshot(source: string | Uint8Array): {
  readonly state: SandboxState;
  /** How the copy was left: `wal-missing` for a data file copied while a sandbox ran on it (worth a warning). */
  readonly previousStop: PreviousStop;
} {
  const name = typeof source === "string" ? resolve(source) : "the snapshot given as bytes";
  return inTemporaryDirectory((file) => {
    try {
      if (typeof source === "string") copyFileSync(source, file);
      else writeFileSync(file, source);
    } catch (error) {
      throw new DataFileError(`The snapshot ${name} cannot be read: ${(error as Error).message}`);
    }
    let opened: DataFile;
    try {
      opened = openDataFile(file);
    } catch (error) {
      if (!(error instanceof DataFileError)) throw error;
      throw new DataFileError(error.message.replaceAll(file, name).replace("sandbox data file", "snapshot"));
    }
    opened.close();
    if (opened.state === undefined) throw new DataFileError(`The snapshot ${name} holds no state (an empty file?).`);
    return { state: opened.state, previousStop: opened.previousStop };
  });
}
