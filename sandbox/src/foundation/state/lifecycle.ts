/**
 * How a data file was left by the last sandbox that used it, kept in the file itself (schema 2's `lifecycle` row):
 * `open` while a sandbox runs on it (written and checkpointed into the file at start-up), `closed` by a clean stop,
 * `snapshot` for a copy written by `POST /_sandbox/snapshot`; with the time of its last checkpoint.
 *
 * SQLite alone cannot tell a WAL file that is missing from one that was never needed: a database copied without its
 * `-wal`, or whose WAL was deleted after a crash, opens as the state of its last checkpoint. This row can: a file
 * left `open` with no WAL beside it was copied while a sandbox ran on it, or lost its WAL after an unclean stop, and
 * start-up says so (`previousStopOf`) instead of taking it for what it is not.
 */
import type { SqliteConnection } from "./sqlite-driver.js";

export type LifecycleState = "open" | "closed" | "snapshot";

export interface Lifecycle {
  readonly state: LifecycleState;
  /** When the state was written (ISO 8601). */
  readonly changedAt: string;
  /** When the WAL was last checkpointed into the file (ISO 8601); undefined before the first timed checkpoint. */
  readonly checkpointedAt: string | undefined;
}

/**
 * How the last sandbox left the file:
 * - `new`: no state yet (the caller seeds it);
 * - `clean`: closed by a clean stop, a snapshot, or a file of schema 1 (which had no lifecycle row);
 * - `crashed`: left open (SIGKILL, a crash, a power cut) with its WAL beside it, which SQLite replayed: nothing
 *   acknowledged is lost (a power cut: nothing synced);
 * - `wal-missing`: left open with no WAL beside it: the state of its last checkpoint, at most about a second behind
 *   the last acknowledged write (`checkpoints.ts`); anything acknowledged after that checkpoint is not in it.
 */
export type PreviousStop =
  | { readonly kind: "new" | "clean" | "crashed" }
  | { readonly kind: "wal-missing"; readonly checkpointedAt: string | undefined };

const STATES: readonly string[] = ["open", "closed", "snapshot"] satisfies LifecycleState[];

const text = (row: object, name: string): unknown => Object.getOwnPropertyDescriptor(row, name)?.value;

/** The file's lifecycle row; undefined when it has none (a new file, or one of schema 1). */
export function readLifecycle(database: SqliteConnection): Lifecycle | undefined {
  const row: unknown = database.prepare("SELECT state, changed_at, checkpointed_at FROM lifecycle WHERE id = 1").get();
  if (typeof row !== "object" || row === null) return undefined;
  const state = text(row, "state");
  const changedAt = text(row, "changed_at");
  const checkpointedAt = text(row, "checkpointed_at");
  if (typeof state !== "string" || !STATES.includes(state) || typeof changedAt !== "string")
    throw new Error(`the lifecycle row ${JSON.stringify(row)} is not (state, changed_at, checkpointed_at)`);
  return {
    state: state as LifecycleState,
    changedAt,
    checkpointedAt: typeof checkpointedAt === "string" ? checkpointedAt : undefined,
  };
}

/** Writes the lifecycle state (its own transaction). */
export function writeLifecycle(database: SqliteConnection, state: LifecycleState, at: Date = new Date()): void {
  database
    .prepare(
      "INSERT INTO lifecycle (id, state, changed_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET state = excluded.state, changed_at = excluded.changed_at",
    )
    .run(state, at.toISOString());
}

/** Records the time of a checkpoint about to run (its own transaction, which that checkpoint carries into the file). */
export function writeCheckpointTime(database: SqliteConnection, at: Date = new Date()): void {
  database.prepare("UPDATE lifecycle SET checkpointed_at = ? WHERE id = 1").run(at.toISOString());
}

/**
 * How the last sandbox left the file, from its lifecycle row (read before this start wrote its own), whether it
 * holds any state, and whether a non-empty WAL file was beside it when this start found it.
 */
export function previousStopOf(
  lifecycle: Lifecycle | undefined,
  hasState: boolean,
  walWasThere: boolean,
): PreviousStop {
  if (lifecycle?.state !== "open") return { kind: hasState ? "clean" : "new" };
  if (walWasThere) return { kind: "crashed" };
  return { kind: "wal-missing", checkpointedAt: lifecycle.checkpointedAt };
}
