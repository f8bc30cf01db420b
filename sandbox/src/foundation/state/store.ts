/**
 * The sandbox's state: one table per kind of record, id allocation, tenant-scoped lookups, atomic commands and
 * the JSON form of the whole state. Domain modules change state only through `store.atomically(...)`. With a
 * data file, a sink (`persistTo`) writes each command's changes before the command returns: when it cannot,
 * the command is undone and its caller gets the sink's error (a `StoreWriteError`, answered 503).
 */
import type { AccountRecord, TenantId } from "./records.js";
import { Table, UndoJournal, type AnyTable, type RowKey, type TouchedKeys } from "./table.js";
import {
  TABLE_NAMES,
  TABLES,
  everyTable,
  type CountedTableName,
  type KeyOf,
  type RowOf,
  type SandboxState,
  type TableName,
  type TableRows,
} from "./tables.js";

/** What one completed command changed: per table, the rows it wrote (by key) and the keys it removed. */
export interface StoreChanges {
  readonly tables: readonly {
    readonly name: TableName;
    readonly put: readonly { readonly key: RowKey; readonly row: object }[];
    readonly removed: readonly RowKey[];
  }[];
  /**
   * Id counters the rows cannot tell: a data file takes a table's next id as past its largest key, so only a
   * counter whose last id is not a row left in its table (a removal, an id of an undone command) is here.
   */
  readonly counters: Readonly<Record<string, number>>;
}

/** Where a durable store writes; each method throws when it could not write, and then nothing was written. */
export interface StoreSink {
  write(changes: StoreChanges): void;
  /** Replaces everything (a reset). */
  replace(state: SandboxState): void;
}

/** The store's tables by name, each typed by its record: `store.transfers` is a `Table<TransferRecord>`. */
export type StoreTables = { readonly [N in TableName]: Table<RowOf<N>, KeyOf<N>> };

function openTable<N extends TableName>(name: N, journal: UndoJournal, rows: TableRows): Table<RowOf<N>, KeyOf<N>> {
  return new Table(name, journal, TABLES[name].key, rows[name]);
}

/**
 * The tables are fields of the store, one per entry of `TABLES`, set by the constructor. A class cannot declare
 * fields from a mapped type, hence the interface merged with it.
 */
// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export interface Store extends StoreTables {}

export class Store {
  readonly #journal = new UndoJournal();
  #nextId: Record<string, number>;
  /** Counters handed out since the sink last wrote them (an undone command's ids are skipped, not reused). */
  readonly #movedCounters = new Set<CountedTableName>();
  readonly #listeners = new Set<() => void>();
  #sink: StoreSink | undefined;
  readonly #tables: StoreTables;
  readonly #tableNames: ReadonlyMap<object, TableName>;

  constructor(state: SandboxState) {
    this.#nextId = { ...state.nextId };
    const tables: Partial<Record<TableName, AnyTable>> = {};
    for (const name of TABLE_NAMES) tables[name] = openTable(name, this.#journal, state);
    // Every name of TABLE_NAMES was given its table just above, typed by its record in `openTable`.
    this.#tables = tables as StoreTables;
    Object.assign(this, this.#tables);
    this.#tableNames = new Map(TABLE_NAMES.map((name) => [this.#tables[name], name]));
  }

  /** Every table by its name. */
  tables(): Readonly<Record<TableName, AnyTable>> {
    return this.#tables;
  }

  /**
   * From now on every command's changes go to `sink` before the command returns (the store must already hold
   * what the sink holds: the caller loaded one from the other, or wrote a snapshot).
   */
  persistTo(sink: StoreSink): void {
    this.#sink = sink;
    this.#journal.requireCommands();
    this.#movedCounters.clear();
  }

  /**
   * Replaces the state with `seed` (a reset), in place, so every part holding the store sees it: each table as
   * its `reset` rule in `tables.ts` says (webhook targets and their cursors are kept, event sequence numbers keep
   * growing, dead letters go with the state they came from). With a sink, the sink is written first: when it
   * fails, nothing changed.
   */
  restore(seed: SandboxState): void {
    // Ids are never reused, even across a reset: kept records (webhook targets) and clients' caches stay unambiguous.
    const nextId: Record<string, number> = { ...this.#nextId };
    for (const [kind, id] of Object.entries(seed.nextId)) nextId[kind] = Math.max(nextId[kind] ?? 1, id);
    const firstId = (name: TableName): number => Math.max(this.#nextId[name] ?? 1, seed.nextId[name] ?? 1);
    const rows = everyTable((name) => this.#rowsAfterReset(name, seed, firstId(name)));
    for (const name of TABLE_NAMES)
      if (typeof TABLES[name].reset === "object") nextId[name] = firstId(name) + rows[name].length;
    const next: SandboxState = { version: 1, nextId, ...rows };
    this.#sink?.replace(next);
    this.#movedCounters.clear();
    this.#nextId = { ...next.nextId };
    const tables = this.tables();
    for (const name of TABLE_NAMES) tables[name].replaceAll(next[name]);
    for (const listener of this.#listeners) listener();
  }

  /** A table's rows after a reset to `seed`, by its `reset` rule (`tables.ts`); renumbered rows start at `firstId`. */
  #rowsAfterReset<N extends TableName>(name: N, seed: TableRows, firstId: number): RowOf<N>[] {
    const reset = TABLES[name].reset;
    if (reset === "seed") return seed[name];
    if (reset === "keep") return this.#tables[name].all();
    if (reset === "drop") return [];
    return seed[name].map((row, index) => reset.renumber(row, firstId + index));
  }

  /**
   * Runs a command: every change it makes is undone if it throws, so a rejected command changes nothing. With
   * a sink, the changes are written before this returns; when that fails they are undone and the error thrown.
   * Listeners (webhook delivery) hear about commands that completed.
   */
  atomically<R>(command: () => R): R {
    const sink = this.#sink;
    const result = this.#journal.run(command, sink === undefined ? undefined : (touched) => this.#write(sink, touched));
    for (const listener of this.#listeners) listener();
    return result;
  }

  #write(sink: StoreSink, touched: TouchedKeys): void {
    if (touched.size === 0 && this.#movedCounters.size === 0) return;
    const tables: StoreChanges["tables"][number][] = [];
    for (const [table, keys] of touched) {
      const name = this.#tableNames.get(table);
      if (name === undefined) throw new Error(`${table.name} is not a table of this store`);
      const put: { key: RowKey; row: object }[] = [];
      const removed: RowKey[] = [];
      for (const key of keys) {
        const row = table.get(key);
        if (row === undefined) removed.push(key);
        else put.push({ key, row });
      }
      tables.push({ name, put, removed });
    }
    const counters: Record<string, number> = {};
    const removedFrom = new Set<string>(tables.filter((table) => table.removed.length > 0).map((table) => table.name));
    for (const kind of this.#movedCounters) {
      const next = this.#nextId[kind] ?? 1;
      if (!removedFrom.has(kind) && this.#tables[kind].get(next - 1) !== undefined) continue;
      counters[kind] = next;
    }
    for (const kind of removedFrom) {
      const next = this.#nextId[kind];
      if (next !== undefined) counters[kind] = next;
    }
    sink.write({ tables, counters });
    this.#movedCounters.clear();
  }

  /** Called after every completed command; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The next id of a kind of record ("transfers", "events", ...); ids are never reused, even after an undo. */
  nextId(kind: CountedTableName): number {
    const id = this.#nextId[kind] ?? 1;
    this.#nextId[kind] = id + 1;
    this.#movedCounters.add(kind);
    return id;
  }

  /** The account when it exists and belongs to `tenant`: another tenant's account is "not found". */
  accountOf(tenant: TenantId, accountId: number): AccountRecord | undefined {
    const account = this.accounts.get(accountId);
    return account?.tenant === tenant ? account : undefined;
  }

  /** A record of `table` when it exists and belongs to `tenant`. */
  owned<T extends { readonly tenant: TenantId }>(table: Table<T>, tenant: TenantId, id: number): T | undefined {
    const row = table.get(id);
    return row?.tenant === tenant ? row : undefined;
  }

  toJSON(): SandboxState {
    return { version: 1, nextId: { ...this.#nextId }, ...everyTable((name) => this.#tables[name].all()) };
  }
}
