/**
 * Timed WAL checkpoints: the data file itself (without its `-wal`) stays at most about a second behind the last
 * acknowledged write. A commit is durable once it is in the WAL; SQLite copies the WAL into the database file only
 * at a checkpoint, which it runs by itself only every `wal_autocheckpoint` pages (10,000 here, 40 MB), so without
 * these the whole state of a small sandbox stayed in the WAL until a clean stop.
 *
 * The first commit after a checkpoint schedules the next one `CHECKPOINT_DELAY_MS` later; it records its time in
 * the lifecycle row (`lifecycle.ts`), then runs `PRAGMA wal_checkpoint(PASSIVE)`: every frame into the file (the
 * file is held in exclusive mode, so no reader can hold one back), after which the next commit writes the WAL from
 * its start again. PASSIVE rather than TRUNCATE: truncating the WAL and growing it again cost more commits per
 * second at saturation (the README's "Cost" has the numbers). With
 * `synchronous=NORMAL` a checkpoint syncs the WAL and then the file: two fsyncs, at most twice a second, between
 * commands (the bindings are synchronous). A checkpoint that fails (a full disk) loses nothing, as the WAL still
 * holds every commit: it is tried again after the same delay.
 */
import type { SqliteConnection } from "./sqlite-driver.js";
import { writeCheckpointTime } from "./lifecycle.js";

/** Delay from the first commit after a checkpoint to the next checkpoint (the README promises at most a second). */
export const CHECKPOINT_DELAY_MS = 500;

export interface Checkpointer {
  /** A commit was written: a checkpoint follows within the delay. */
  committed(): void;
  /** Checkpoints now (start-up, a test); returns the failure instead of throwing. */
  checkpoint(): Error | undefined;
  /** Cancels the pending checkpoint (the file is closing: closing checkpoints). */
  stop(): void;
  /** When the last checkpoint completed; undefined before the first. */
  readonly lastCheckpointAt: Date | undefined;
}

export function createCheckpointer(
  database: SqliteConnection,
  delayMs: number = CHECKPOINT_DELAY_MS,
  onFailure: (error: Error) => void = () => {},
): Checkpointer {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastCheckpointAt: Date | undefined;

  const checkpoint = (): Error | undefined => {
    try {
      const at = new Date();
      writeCheckpointTime(database, at);
      const result: unknown = database.prepare("PRAGMA wal_checkpoint(PASSIVE)").get();
      // (busy, log, checkpointed): complete when not busy and every frame of the WAL is in the file.
      const [busy, log, checkpointed] = typeof result === "object" && result !== null ? Object.values(result) : [];
      if (busy !== 0 || log !== checkpointed)
        throw new Error(`the checkpoint could not complete (${JSON.stringify(result)})`);
      lastCheckpointAt = at;
      return undefined;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  };

  const run = (): void => {
    timer = undefined;
    if (stopped) return;
    const failure = checkpoint();
    if (failure !== undefined) {
      onFailure(failure);
      schedule();
    }
  };

  function schedule(): void {
    if (timer !== undefined || stopped) return;
    timer = setTimeout(run, delayMs);
    timer.unref(); // a pending checkpoint never keeps the process alive: closing checkpoints anyway
  }

  return {
    committed: schedule,
    checkpoint,
    stop: () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    get lastCheckpointAt() {
      return lastCheckpointAt;
    },
  };
}
