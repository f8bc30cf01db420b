/**
 * The one description of the state's tables (`tables.ts`) against what must agree with it and the compiler cannot
 * see: the SQLite tables the migrations create, and what a reset does with each table.
 * @module-tag node-lines: the SQLite driver (node:sqlite from Node 22.13, better-sqlite3 before).
 */
import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { seedStore } from "../../../src/model/seed/index.js";
import { openSqlite } from "../../../src/foundation/state/sqlite-driver.js";
import { migrate } from "../../../src/foundation/state/sqlite-schema.js";
import { TABLE_NAMES, TABLES, emptyState, keyOfRow } from "../../../src/foundation/state/tables.js";
import { Store } from "../../../src/foundation/state/store.js";

const clock = createSandboxClock(new Date("2025-03-01T10:00:00Z"));

/** `name → INTEGER | TEXT` of every record table (not the id counters, nor the lifecycle row) once migrated. */
function migratedTables(): Record<string, string> {
  const database = openSqlite(":memory:");
  try {
    migrate(database);
    const names = database
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT IN ('counters', 'lifecycle') ORDER BY name",
      )
      .all()
      .map((row) => String((row as { name: unknown }).name));
    const tables: Record<string, string> = {};
    for (const name of names) {
      const columns = database.prepare(`PRAGMA table_info(${name})`).all() as { name: string; type: string }[];
      tables[name] = columns.find((column) => column.name === "key")?.type ?? "no key column";
    }
    return tables;
  } finally {
    database.close();
  }
}

describe("the tables' description", () => {
  it("names every table the migrations create, with its key type, and no other", () => {
    const described = Object.fromEntries(TABLE_NAMES.map((name) => [TABLES[name].sql, TABLES[name].sqlKey]));
    expect(migratedTables()).toEqual(described);
  });

  it("gives every table its empty rows in the empty state, in the store and in the JSON form", () => {
    const state = new Store(emptyState()).toJSON();
    expect(Object.keys(state)).toEqual(["version", "nextId", ...TABLE_NAMES]);
    for (const name of TABLE_NAMES) expect(state[name]).toEqual([]);
  });

  it("is what a reset follows: the seed's rows, kept rows, no rows, or the seed's renumbered past the counter", () => {
    const store = seedStore(clock);
    store.atomically(() => {
      const target = store.webhookTargets.insert({ id: store.nextId("webhookTargets"), url: "http://127.0.0.1:9/" });
      store.webhookCursors.put({ targetId: target.id, deliveredSequence: 3 });
      store.webhookDeadLetters.insert({
        id: store.nextId("webhookDeadLetters"),
        targetId: target.id,
        url: target.url,
        events: store.events.all().slice(0, 1),
        reason: "attempts",
        attempts: 10,
        failedAt: "2025-03-01T10:00:00.000Z",
      });
      const job = { tenant: "demo", token: "t", Status: "Done", CreatedDate: "2025-03-01T10:00:00.000Z" };
      store.jobs.insert({ Id: store.nextId("jobs"), ...job });
    });
    const before = store.toJSON();
    const seed = seedStore(clock).toJSON();

    store.restore(seed);
    const after = store.toJSON();
    const rules = new Set<string>();
    for (const name of TABLE_NAMES) {
      const reset = TABLES[name].reset;
      rules.add(typeof reset === "object" ? "renumber" : reset);
      if (reset === "seed") expect(after[name], name).toEqual(seed[name]);
      else if (reset === "keep") expect(after[name], name).toEqual(before[name]);
      else if (reset === "drop") expect(after[name], name).toEqual([]);
      else {
        const first = before.nextId[name]!;
        const keys = after[name].map((row) => keyOfRow(name, row));
        expect(keys, name).toEqual(seed[name].map((_, index) => first + index));
        expect(after.nextId[name], name).toBe(first + seed[name].length);
      }
    }
    // Each rule is exercised, so a reset that mishandles one fails here.
    expect([...rules].sort()).toEqual(["drop", "keep", "renumber", "seed"]);
    expect(before.webhookTargets).toHaveLength(1);
    expect(before.webhookDeadLetters).toHaveLength(1);
    expect(seed.events.length).toBeGreaterThan(0);
  });
});
