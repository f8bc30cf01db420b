/**
 * The data file on its own, in-process: timed checkpoints carry every commit into the file (the `.db` copied without
 * its WAL holds it), the lifecycle row tells a clean stop from an unclean one and from a WAL gone missing, and a
 * file whose state was only in a missing WAL is refused rather than seeded again. Snapshots: a consistent copy of a
 * data file or of an in-memory state, which loads as the same state and starts a sandbox (`from`).
 * (The same with real processes, copies taken while the command runs and SIGKILL: test/sandbox/data-file-copies.test.ts.)
 * @module-tag node-lines: the SQLite driver (node:sqlite from Node 22.13, better-sqlite3 before).
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSandbox } from "../../../src/assembly/sandbox.js";
import { seedStore } from "../../../src/model/seed/index.js";
import { clock, close, closeAll, createAlert, open, seeded } from "./data-file-fixture.js";
import { CHECKPOINT_DELAY_MS } from "../../../src/foundation/state/checkpoints.js";
import { readSnapshot, takeSnapshot } from "../../../src/foundation/state/snapshot.js";
import { openSqlite } from "../../../src/foundation/state/sqlite-driver.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "sandbox-lifecycle-"));
});
afterEach(() => {
  vi.useRealTimers();
  closeAll();
  rmSync(directory, { recursive: true, force: true });
});

/** The `.db` alone, copied as `cp` would while the sandbox runs: no WAL beside the copy. */
function copyWithoutWal(path: string, name = "copy.db"): string {
  const copy = join(directory, name);
  copyFileSync(path, copy);
  return copy;
}

describe("timed checkpoints", () => {
  it(`carry every commit into the file itself within ${CHECKPOINT_DELAY_MS} ms`, () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const path = join(directory, "state.db");
    const { store } = seeded(path);
    const ids = Array.from({ length: 20 }, (_, index) => createAlert(store, { limit: index + 1 }));
    // Before the checkpoint the commits are only in the WAL: the file alone lacks them.
    const early = open(copyWithoutWal(path, "early.db"));
    expect(early.state?.alerts.map((alert) => alert.Id)).not.toContain(ids.at(-1));
    vi.advanceTimersByTime(CHECKPOINT_DELAY_MS);
    const copy = open(copyWithoutWal(path));
    expect(copy.state).toEqual(store.toJSON());
    expect(copy.previousStop).toMatchObject({ kind: "wal-missing", checkpointedAt: expect.any(String) });
  });
});

describe("the lifecycle row", () => {
  it("says clean after a clean close, and the file needs no WAL", () => {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    createAlert(store, { limit: 1 });
    close(file);
    expect(existsSync(`${path}-wal`)).toBe(false);
    const again = open(path);
    expect(again.previousStop).toEqual({ kind: "clean" });
    expect(again.state).toEqual(store.toJSON());
  });

  it("says crashed when a file left open comes with its WAL, which SQLite replays", () => {
    const path = join(directory, "state.db");
    const { store } = seeded(path);
    createAlert(store, { limit: 1 }); // in the WAL only: no checkpoint has run since
    const copy = copyWithoutWal(path);
    copyFileSync(`${path}-wal`, `${copy}-wal`);
    const crashed = open(copy);
    expect(crashed.previousStop).toEqual({ kind: "crashed" });
    expect(crashed.state).toEqual(store.toJSON());
  });

  it("says crashed, not wal-missing, when the WAL beside a file left open is empty (nothing lost)", () => {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    createAlert(store, { limit: 1 });
    expect(file.checkpoint()).toBeUndefined();
    const copy = copyWithoutWal(path);
    writeFileSync(`${copy}-wal`, "");
    const crashed = open(copy);
    expect(crashed.previousStop).toEqual({ kind: "crashed" });
    expect(crashed.state).toEqual(store.toJSON());
  });

  it("says wal-missing for a file left open without its WAL, and starts from its last checkpoint", () => {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    const checkpointed = store.toJSON();
    createAlert(store, { limit: 1 }); // acknowledged after the last checkpoint: lost with the WAL
    const copy = open(copyWithoutWal(path));
    expect(copy.previousStop).toMatchObject({ kind: "wal-missing" });
    expect(copy.state).toEqual(checkpointed);
    close(file);
  });

  it("refuses a file whose whole state was in the missing WAL, rather than seeding it again", () => {
    const path = join(directory, "state.db");
    const file = open(path); // written and checkpointed: the schema and the lifecycle row, no state yet
    file.sink.replace(seedStore(clock).toJSON()); // the seed, in the WAL only
    expect(() => open(copyWithoutWal(path))).toThrow(
      /a sandbox had it open when it was copied or stopped, and its WAL file .*-wal is missing, which held its whole state/,
    );
  });

  it("refuses a WAL-mode file with no tables and no WAL (a file of a sandbox before these checks, copied alone)", () => {
    const path = join(directory, "old.db");
    const database = openSqlite(path);
    database.exec("PRAGMA locking_mode = EXCLUSIVE");
    database.exec("PRAGMA journal_mode = WAL");
    database.exec("CREATE TABLE counters (kind TEXT PRIMARY KEY, next_id INTEGER NOT NULL) STRICT");
    expect(() => open(copyWithoutWal(path))).toThrow(/holds no tables and no .*-wal is beside it/);
    database.close();
    // An empty file is a new data file, as before.
    const empty = join(directory, "empty.db");
    writeFileSync(empty, "");
    expect(open(empty).previousStop).toEqual({ kind: "new" });
  });
});

describe("snapshots", () => {
  it("of a data file: a consistent copy, WAL included, in one file that loads as the same state", () => {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    createAlert(store, { limit: 7 }); // in the WAL: the snapshot has it all the same
    const bytes = takeSnapshot(file, () => store.toJSON());
    expect(Buffer.from(bytes.subarray(0, 16)).toString("latin1")).toBe("SQLite format 3\0");
    expect([bytes[18], bytes[19]]).toEqual([1, 1]); // a rollback-journal file: nothing needed beside it
    const loaded = readSnapshot(bytes);
    expect(loaded.state).toEqual(store.toJSON());
    expect(loaded.previousStop).toEqual({ kind: "clean" });
  });

  it("of an in-memory state, and a sandbox started from it (reset goes back to it); the file is never changed", async () => {
    const first = await createSandbox();
    createAlert(first.store, { limit: 42 });
    const saved = join(directory, "saved.db");
    writeFileSync(saved, await first.snapshot());
    const before = readFileSync(saved);
    await first.close();

    const second = await createSandbox({ from: saved });
    expect(second.store.toJSON()).toEqual(first.store.toJSON());
    createAlert(second.store, { limit: 43 });
    second.reset(); // back to the snapshot's rows (ids are never handed out again, so events are renumbered)
    expect(second.store.alerts.all()).toEqual(first.store.alerts.all());
    expect(second.store.alerts.all().map((alert) => alert.Limit)).toContain(42);
    await second.close();
    expect(readFileSync(saved).equals(before)).toBe(true);
  });

  it("starts a new data file, and refuses one that already holds a state", async () => {
    const source = await createSandbox();
    const bytes = await source.snapshot();
    await source.close();
    const path = join(directory, "state.db");
    const started = await createSandbox({ from: bytes, dataFile: path });
    expect(started.dataFile?.previousStop).toEqual({ kind: "new" });
    await started.close();
    expect(readSnapshot(path).state).toEqual(source.store.toJSON());
    await expect(createSandbox({ from: bytes, dataFile: path })).rejects.toThrow(
      /already holds a state: starting from a snapshot needs a new data file/,
    );
  });

  it("refuses a snapshot that is not one, naming it", () => {
    const path = join(directory, "notes.db");
    writeFileSync(path, "not a database\n");
    expect(() => readSnapshot(path)).toThrow(`The snapshot ${path} cannot be used: it is neither`);
    expect(() => readSnapshot(join(directory, "missing.db"))).toThrow(/The snapshot .*missing\.db cannot be read/);
  });
});
