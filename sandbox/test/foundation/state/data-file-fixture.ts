/**
 * What the data file tests share: files opened through `open` (closed by `closeAll`, after each test), `seeded`
 * (a data file with the seed in it and a durable store over it, as `createSandbox` makes them), and one command.
 */
import { expect } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { seedStore } from "../../../src/model/seed/index.js";
import { openDataFile, type DataFile } from "../../../src/foundation/state/data-file.js";
import type { Store } from "../../../src/foundation/state/store.js";

export const clock = createSandboxClock(new Date("2025-03-01T10:00:00Z"));
const opened: DataFile[] = [];

export function open(path: string): DataFile {
  const file = openDataFile(path);
  opened.push(file);
  return file;
}

/** Closes a file `open` gave, expecting no failure. */
export function close(file: DataFile): void {
  opened.splice(opened.indexOf(file), 1);
  expect(file.close()).toBeUndefined();
}

export function closeAll(): void {
  for (const file of opened.splice(0)) file.close();
}

export function seeded(path: string): { file: DataFile; store: Store } {
  const file = open(path);
  expect(file.state).toBeUndefined();
  const store = seedStore(clock);
  file.sink.replace(store.toJSON());
  file.checkpoint();
  store.persistTo(file.sink);
  return { file, store };
}

export const createAlert = (store: Store, { tenant = "demo", limit = 1.2 } = {}): number =>
  store.atomically(() => {
    const id = store.nextId("alerts");
    store.alerts.insert({
      Id: id,
      tenant,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "EUR",
      Limit: limit,
      Rate: 1.17,
      CreatedDate: "2025-03-01T10:00:00Z",
      ValueDate: "2025-03-01T10:00:00Z",
      Active: true,
    });
    return id;
  });
