/**
 * The durable store in-process: what a data file holds after commands, a failed write undone in memory with
 * no id reused, the import of a version 1 JSON file, and every kind of file start-up must refuse, named.
 * (Killed processes, a full disk and read-only storage: test/sandbox/durability.test.ts, with real processes.)
 * @module-tag node-lines: the SQLite driver (node:sqlite from Node 22.13, better-sqlite3 before).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDataFile, type DataFile } from "../../../src/foundation/state/data-file.js";
import { seedStore } from "../../../src/model/seed/index.js";
import { clock, close, closeAll, createAlert, open, seeded } from "./data-file-fixture.js";
import { loadSqliteDriver, openSqlite } from "../../../src/foundation/state/sqlite-driver.js";
import {
  migrate,
  SCHEMA_VERSION,
  schemaVersionOf,
  type Migration,
} from "../../../src/foundation/state/sqlite-schema.js";
import { Store, type StoreSink } from "../../../src/foundation/state/store.js";
import { StoreWriteError } from "../../../src/foundation/state/store-write-error.js";
import { emptyState, type SandboxState } from "../../../src/foundation/state/tables.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "sandbox-data-"));
});
afterEach(() => {
  closeAll();
  rmSync(directory, { recursive: true, force: true });
});

function reopen(path: string, file: DataFile): SandboxState {
  close(file);
  const again = open(path);
  expect(again.state).toBeDefined();
  return again.state!;
}

describe("a data file", () => {
  it(`is SQLite through ${loadSqliteDriver().name} on Node ${process.versions.node}, versioned, and holds the seed`, () => {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    expect(file.driver).toBe(loadSqliteDriver().name);
    expect(readFileSync(path).subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
    expect(reopen(path, file)).toEqual(store.toJSON());
  });

  it("holds every completed command and its id counters, in the tables' order", () => {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    const first = createAlert(store);
    const second = createAlert(store, { tenant: "other" });
    store.atomically(() => store.alerts.update(first, { Active: false }));
    store.atomically(() => store.balances.update(store.balances.all()[0]!.AccountId + ":GBP", { value: 123 }));
    const state = reopen(path, file);
    expect(state).toEqual(store.toJSON());
    expect(state.alerts.find((alert) => alert.Id === first)?.Active).toBe(false);
    expect(state.nextId["alerts"]).toBe(second + 1);
    expect(state.balances.map((row) => `${row.AccountId}:${row.CurrencyCode}`)).toEqual(
      store.balances.all().map((row) => `${row.AccountId}:${row.CurrencyCode}`),
    );
  });

  it("holds a reset (the whole state replaced) and a removal", () => {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    const target = store.atomically(() =>
      store.webhookTargets.insert({ id: store.nextId("webhookTargets"), url: "http://127.0.0.1:9/h" }),
    );
    createAlert(store);
    store.restore(seedStore(clock).toJSON());
    store.atomically(() => store.webhookTargets.delete(target.id));
    expect(reopen(path, file)).toEqual(store.toJSON());
  });

  it("holds the webhook delivery cursors and the dead-letter list", () => {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    const event = store.events.all()[0]!;
    store.atomically(() => {
      const target = store.webhookTargets.insert({ id: store.nextId("webhookTargets"), url: "http://127.0.0.1:9/h" });
      store.webhookCursors.put({ targetId: target.id, deliveredSequence: event.sequence });
      store.webhookDeadLetters.insert({
        id: store.nextId("webhookDeadLetters"),
        targetId: target.id,
        url: target.url,
        events: [event],
        reason: "attempts",
        attempts: 10,
        lastError: "HTTP 503",
        failedAt: "2025-03-01T10:05:00.000Z",
      });
    });
    const state = reopen(path, file);
    expect(state.webhookCursors).toEqual(store.webhookCursors.all());
    expect(state.webhookDeadLetters).toEqual(store.webhookDeadLetters.all());
    expect(state.webhookDeadLetters).toHaveLength(1);
  });

  it("undoes a command in memory when its write fails, and hands out none of its ids again", () => {
    const store = new Store(emptyState());
    const written: (string | number)[][] = [];
    let failing = false;
    const sink: StoreSink = {
      write: (changes) => {
        if (failing)
          throw new StoreWriteError("/data/state.db", "a command's changes", new Error("database or disk is full"));
        written.push(changes.tables.flatMap((table) => table.put.map(({ key }) => key)));
      },
      replace: () => undefined,
    };
    store.persistTo(sink);
    const first = createAlert(store);
    failing = true;
    expect(() => createAlert(store)).toThrow(StoreWriteError);
    expect(store.alerts.all().map((alert) => alert.Id)).toEqual([first]);
    failing = false;
    const third = createAlert(store);
    expect(third).toBe(first + 2);
    expect(written).toEqual([[first], [third]]);
  });

  it("refuses a write outside a command once durable", () => {
    const store = new Store(emptyState());
    store.persistTo({ write: () => undefined, replace: () => undefined });
    expect(() => store.sectors.insert({ Id: 1, Name: "Banks", Vertical: "FI" })).toThrow(
      /only inside store.atomically/,
    );
  });
});

describe("start-up refuses a file it cannot use, naming it", () => {
  it("in a directory that does not exist", () => {
    const path = join(directory, "missing", "state.db");
    expect(() => openDataFile(path)).toThrow(`The directory of the sandbox data file ${path} does not exist`);
  });

  it("that is neither SQLite nor JSON, or a directory", () => {
    const path = join(directory, "notes.txt");
    writeFileSync(path, "hello");
    expect(() => openDataFile(path)).toThrow(`${path} cannot be used: it is neither a sandbox database`);
    expect(() => openDataFile(directory)).toThrow(`The sandbox data file ${directory} cannot be read`);
  });

  it("that another application's SQLite database is", () => {
    const path = join(directory, "other.db");
    const database = openSqlite(path);
    database.exec("CREATE TABLE things (id INTEGER)");
    database.close();
    expect(() => openDataFile(path)).toThrow(/it is not a sandbox data file \(application_id is 0/);
  });

  /** A seeded data file, closed, then changed behind the sandbox's back with `sql` (`?` is `parameter`). */
  function tampered(sql: readonly string[], parameter?: string): { path: string; store: Store } {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    close(file);
    const database = openSqlite(path);
    for (const statement of sql)
      database.prepare(statement).run(...(statement.includes("?") && parameter !== undefined ? [parameter] : []));
    database.close();
    return { path, store };
  }

  it("of a newer schema version than this sandbox reads", () => {
    const { path } = tampered(["PRAGMA user_version = 99"]);
    expect(() => openDataFile(path)).toThrow(
      new RegExp(`its schema version is 99; this sandbox reads versions up to ${SCHEMA_VERSION}`),
    );
  });

  it("that another sandbox holds open", () => {
    const path = join(directory, "state.db");
    seeded(path);
    expect(() => openDataFile(path)).toThrow(/another process holds it/);
  });

  it("with a row of the wrong shape, naming the table and the row's key", () => {
    const key = `${seedStore(clock).balances.all()[0]!.AccountId}:GBP`;
    const { path } = tampered(["UPDATE balances SET data = json_set(data, '$.value', '100') WHERE key = ?"], key);
    expect(() => openDataFile(path)).toThrow(
      new RegExp(`${path} cannot be used: the row of table balances with key "${key}": /value must be integer`),
    );
  });

  it("with a counters row SQLite's own checks refuse", () => {
    const { path } = tampered([
      "PRAGMA ignore_check_constraints = ON",
      "UPDATE counters SET next_id = 0 WHERE kind = 'transfers'",
    ]);
    expect(() => openDataFile(path)).toThrow(/SQLite's integrity check failed \(CHECK constraint failed in counters\)/);
  });
});

describe("ids from the data file", () => {
  it("are never handed out again: past the largest row, and past a removed one by its counter", () => {
    const path = join(directory, "state.db");
    const { file, store } = seeded(path);
    const register = (): number =>
      store.atomically(() =>
        store.webhookTargets.insert({ id: store.nextId("webhookTargets"), url: "http://127.0.0.1:9/h" }),
      ).id;
    const first = register();
    const second = register();
    store.atomically(() => store.webhookTargets.delete(second)); // the largest id is gone from the table
    const alert = createAlert(store);
    const state = reopen(path, file);
    expect(state.nextId["webhookTargets"]).toBe(second + 1);
    expect(state.nextId["alerts"]).toBe(alert + 1);
    const restarted = new Store(state);
    expect(restarted.nextId("webhookTargets")).toBe(second + 1);
    expect(first).toBe(second - 1);
  });

  it("skip an id a failed write handed out, across a restart", () => {
    const path = join(directory, "state.db");
    const file = open(path);
    const store = seedStore(clock);
    file.sink.replace(store.toJSON());
    let failing = false;
    store.persistTo({
      write: (changes) => {
        if (failing) throw new StoreWriteError(path, "a command's changes", new Error("disk full"));
        file.sink.write(changes);
      },
      replace: (state) => file.sink.replace(state),
    });
    failing = true;
    expect(() => createAlert(store)).toThrow(StoreWriteError);
    failing = false;
    store.atomically(() => store.sectors.update(1, { Name: "Banks and banking" }));
    const state = reopen(path, file);
    // The failed create's id was handed out (in its 503's command): the next command wrote the counter past it.
    expect(state.nextId["alerts"]).toBe(store.toJSON().nextId["alerts"]);
    expect(state.alerts.at(-1)!.Id).toBe(state.nextId["alerts"]! - 2);
  });
});

describe("a version 1 JSON data file", () => {
  const v1 = (state: SandboxState, cursors: Record<string, number> = {}): string => {
    const { webhookCursors: _cursors, webhookDeadLetters: _letters, ...tables } = state;
    return `${JSON.stringify({ ...tables, webhookCursors: cursors })}\n`;
  };

  it("is imported once, into SQLite at the same path, the JSON kept beside it", () => {
    const path = join(directory, "state.json");
    const store = seedStore(clock);
    store.atomically(() =>
      store.webhookTargets.insert({ id: store.nextId("webhookTargets"), url: "http://127.0.0.1:9/h" }),
    );
    const json = v1(store.toJSON(), { "1": 7 });
    writeFileSync(path, json);

    const file = open(path);
    expect(file.importedFrom).toBe(`${path}.v1.json`);
    expect(readFileSync(`${path}.v1.json`, "utf8")).toBe(json);
    expect(file.state).toEqual({ ...store.toJSON(), webhookCursors: [{ targetId: 1, deliveredSequence: 7 }] });
    expect(readFileSync(path).subarray(0, 6).toString("latin1")).toBe("SQLite");
    const again = reopen(path, file);
    expect(again).toEqual(file.state);
    expect(existsSync(`${path}.v1-2.json`)).toBe(false);
  });

  const refused = (mutate: (state: Record<string, unknown>) => void, message: RegExp): void => {
    const path = join(directory, "state.json");
    const state = JSON.parse(v1(seedStore(clock).toJSON())) as Record<string, unknown>;
    mutate(state);
    writeFileSync(path, JSON.stringify(state));
    expect(() => openDataFile(path)).toThrow(message);
    expect(existsSync(`${path}.v1.json`)).toBe(false);
    expect(readFileSync(path, "utf8")).toBe(JSON.stringify(state)); // left as it was
  };

  it("with nextId {} is refused, naming the counter", () => {
    refused(
      (state) => (state["nextId"] = {}),
      /state\.json cannot be used: the id counter nextId\.entities is missing, not a positive integer \(its table holds ids up to 2\)/,
    );
  });

  it("with a balance as a string is refused, naming the row", () => {
    refused((state) => {
      const balances = state["balances"] as Record<string, unknown>[];
      balances[3] = { ...balances[3], value: "100.00" };
    }, /state\.json cannot be used: row balances\[3\]: \/value must be integer \(the row: \{"AccountId"/);
  });

  it("with a null row is refused, naming the row", () => {
    refused(
      (state) => (state["transfers"] as unknown[]).splice(1, 0, null),
      /row transfers\[1\]: the row is null, not an object/,
    );
  });

  it("with two rows of one key is refused, naming both", () => {
    refused((state) => {
      const alerts = state["alerts"] as unknown[];
      alerts.push(alerts[0]);
    }, /row alerts\[\d+\]: its key 1 is also the key of alerts\[0\]/);
  });

  it("that is not valid JSON, or of another version, is refused", () => {
    const path = join(directory, "state.json");
    writeFileSync(path, '{"version": 1, "entities": [');
    expect(() => openDataFile(path)).toThrow(`The sandbox data file ${path} cannot be used: it is not valid JSON`);
    writeFileSync(path, JSON.stringify({ ...JSON.parse(v1(emptyState())), version: 2 }));
    expect(() => openDataFile(path)).toThrow(/its version is 2; a JSON data file of version 1 is imported/);
  });
});

describe("migrations", () => {
  it("run the versions a file lacks, once, each with its version bump", () => {
    const path = join(directory, "state.db");
    const database = openSqlite(path);
    const migrations: Migration[] = [
      { version: 1, sql: "CREATE TABLE a (x INTEGER) STRICT;" },
      { version: 2, sql: "ALTER TABLE a ADD COLUMN y TEXT;" },
    ];
    expect(migrate(database, migrations.slice(0, 1))).toEqual([1]);
    expect(migrate(database, migrations)).toEqual([2]);
    expect(migrate(database, migrations)).toEqual([]);
    expect(schemaVersionOf(database)).toBe(2);
    database.close();
  });

  it("leave the file as it was when one fails", () => {
    const path = join(directory, "state.db");
    const database = openSqlite(path);
    expect(() =>
      migrate(database, [{ version: 1, sql: "CREATE TABLE a (x INTEGER); CREATE TABLE a (y INTEGER);" }]),
    ).toThrow();
    expect(schemaVersionOf(database)).toBe(0);
    expect(database.prepare("SELECT count(*) AS n FROM sqlite_schema").get()).toEqual({ n: 0 });
    database.close();
  });
});

describe("the SQLite binding", () => {
  it("is chosen by ACCOUNT_FUNDS_SANDBOX_SQLITE when set, and an unknown one is refused", () => {
    expect(() => loadSqliteDriver("sqlite3")).toThrow(/must be node:sqlite or better-sqlite3/);
    const hasNodeSqlite = process.getBuiltinModule("node:sqlite") !== undefined;
    if (hasNodeSqlite) expect(loadSqliteDriver("node:sqlite").name).toBe("node:sqlite");
    else expect(() => loadSqliteDriver("node:sqlite")).toThrow(/node:sqlite/);
    expect(loadSqliteDriver(undefined).name).toBe(hasNodeSqlite ? "node:sqlite" : "better-sqlite3");
  });
});
