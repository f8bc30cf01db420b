import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandboxClock } from "../../src/auth/clock.js";
import {
  createStateWriter,
  loadState,
  loadStateFile,
  serializeState,
  writeFileAtomically,
} from "../../src/state/persistence.js";
import { Store } from "../../src/state/store.js";
import { createEventSink } from "../../src/webhooks/event-sink.js";
import { emptyState } from "../../src/state/empty-state.js";

/** A store with a little of everything that a restart must keep: records, ids in use, events, a webhook target. */
function storeWithData(): Store {
  const store = new Store(emptyState());
  const events = createEventSink(store, createSandboxClock(new Date("2025-03-01T10:00:00Z")));
  store.atomically(() => {
    store.entities.insert({ Id: store.nextId("entities"), tenant: "demo", Name: "Demo Ltd", CountryCode: "GB" });
    store.currencies.insert({
      Id: "EUR",
      Name: "Euro",
      Type: "Fiat",
      Format: "#,##0.00",
      FormatTemplate: "€{0}",
      SignificantDigits: 2,
    });
    store.webhookTargets.insert({
      id: store.nextId("webhookTargets"),
      url: "http://127.0.0.1:9999/hook",
      tenant: "demo",
    });
    events.raise("demo", "TransferCreated", 5);
  });
  return store;
}

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "sandbox-state-"));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("loadState", () => {
  it("answers undefined when the file does not exist", () => {
    expect(loadState(join(directory, "missing.json"))).toBeUndefined();
    expect(loadStateFile(join(directory, "missing.json"))).toBeUndefined();
  });

  it("names the file when it is not JSON", async () => {
    const path = join(directory, "corrupt.json");
    await writeFile(path, '{"version": 1, "entities": [');
    expect(() => loadState(path)).toThrow(`The sandbox data file ${path} is not valid JSON`);
  });

  it("names the file and the versions when the version differs", async () => {
    const path = join(directory, "future.json");
    await writeFile(path, JSON.stringify({ ...emptyState(), version: 2 }));
    expect(() => loadState(path)).toThrow(
      `The sandbox data file ${path} is not a sandbox state: its version is 2, this sandbox reads version 1`,
    );
  });

  it("refuses a state with a missing table", async () => {
    const path = join(directory, "partial.json");
    const { events: _events, ...partial } = emptyState();
    await writeFile(path, JSON.stringify(partial));
    expect(() => loadState(path)).toThrow(/not a sandbox state: "events" is not an array/);
  });

  it("refuses a file that is not an object", async () => {
    const path = join(directory, "array.json");
    await writeFile(path, "[]");
    expect(() => loadState(path)).toThrow(/not a sandbox state: the file does not hold a JSON object/);
  });

  it("names the file when it cannot be read", () => {
    expect(() => loadState(directory)).toThrow(`Cannot read the sandbox data file ${directory}`);
  });
});

describe("createStateWriter", () => {
  it("round-trips the store and the webhook cursors through the file", async () => {
    const path = join(directory, "state.json");
    const store = storeWithData();
    const writer = createStateWriter(path, store, { debounceMs: 10, webhookCursors: () => ({ "1": 1 }) });
    store.atomically(() => store.entities.update(1, { Name: "Demo Limited" }));
    await writer.close();

    const loaded = loadStateFile(path);
    expect(loaded?.state).toEqual(store.toJSON());
    expect(loaded?.webhookCursors).toEqual({ "1": 1 });
    expect(loaded?.state).not.toHaveProperty("webhookCursors");

    // A store made from the file goes on where the old one stopped: same records, ids not reused.
    const restarted = new Store(loaded!.state);
    expect(restarted.toJSON()).toEqual(store.toJSON());
    expect(restarted.entities.get(1)?.Name).toBe("Demo Limited");
    expect(restarted.nextId("entities")).toBe(2);
    expect(restarted.nextId("events")).toBe(2);
  });

  it("debounces a burst of changes into one write after the quiet time", async () => {
    const path = join(directory, "state.json");
    const store = storeWithData();
    const writer = createStateWriter(path, store, { debounceMs: 40 });
    for (let index = 0; index < 5; index += 1)
      store.atomically(() => store.entities.update(1, { Name: `Name ${index}` }));
    await expect(readFile(path, "utf8")).rejects.toThrow(/ENOENT/);

    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(loadState(path)?.entities[0]?.Name).toBe("Name 4");
    await writer.close();
  });

  it("writes nothing on close when nothing changed, and stops listening after close", async () => {
    const path = join(directory, "state.json");
    const store = storeWithData();
    const writer = createStateWriter(path, store, { debounceMs: 10 });
    await writer.close();
    store.atomically(() => store.entities.update(1, { Name: "After close" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadState(path)).toBeUndefined();
  });

  it("writes on schedule() too (cursors change outside commands)", async () => {
    const path = join(directory, "state.json");
    const store = storeWithData();
    let cursor = 0;
    const writer = createStateWriter(path, store, { debounceMs: 10, webhookCursors: () => ({ "1": cursor }) });
    cursor = 1;
    writer.schedule();
    await writer.flush();
    expect(loadStateFile(path)?.webhookCursors).toEqual({ "1": 1 });
    await writer.close();
  });

  it("reports a failed write, leaves no temporary file, and writes once the place is writable again", async () => {
    const path = join(directory, "nested", "state.json");
    const store = storeWithData();
    const errors: Error[] = [];
    const writer = createStateWriter(path, store, { debounceMs: 5, onError: (error) => errors.push(error) });
    store.atomically(() => store.entities.update(1, { Name: "Unsaved" }));
    await expect(writer.flush()).rejects.toThrow(`Cannot write the sandbox data file ${path}`);

    store.atomically(() => store.entities.update(1, { Name: "Again" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining(`Cannot write the sandbox data file ${path}`),
    ]);

    await mkdir(join(directory, "nested"));
    await writer.close();
    expect(loadState(path)?.entities[0]?.Name).toBe("Again");
  });
});

describe("writeFileAtomically", () => {
  it("replaces the file whole and leaves no temporary file beside it", async () => {
    const path = join(directory, "state.json");
    await writeFile(path, serializeState(emptyState()));
    const text = serializeState(storeWithData().toJSON(), { "1": 1 });
    await writeFileAtomically(path, text);
    expect(await readFile(path, "utf8")).toBe(text);
    expect(await readdir(directory)).toEqual(["state.json"]);
  });

  it("keeps the previous file when the write fails", async () => {
    const path = join(directory, "state.json");
    const previous = serializeState(emptyState());
    await writeFile(path, previous);
    // Renaming a file over a directory fails after the temporary file is written: the data file must survive.
    const blocked = join(directory, "blocked");
    await mkdir(join(blocked, "inner"), { recursive: true });
    await expect(writeFileAtomically(blocked, "{}")).rejects.toThrow();
    expect(await readFile(path, "utf8")).toBe(previous);
    expect((await readdir(directory)).sort()).toEqual(["blocked", "state.json"]);
  });

  it("never shows a reader a half-written file while many writes race", async () => {
    const path = join(directory, "state.json");
    const texts = Array.from({ length: 20 }, (_, index) =>
      serializeState({ ...emptyState(), nextId: { entities: index } }),
    );
    await writeFile(path, texts[0]!);
    const reads: string[] = [];
    const reader = (async () => {
      for (let index = 0; index < 50; index += 1) reads.push(await readFile(path, "utf8"));
    })();
    await Promise.all(texts.map((text) => writeFileAtomically(path, text)));
    await reader;
    for (const read of reads) expect(texts).toContain(read);
  });
});
