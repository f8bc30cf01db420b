/**
 * The command in progress: undo entries, replayed in reverse when a command fails half-way (so a rejected
 * command changes nothing), and the keys it touched, which a durable store writes when it completes. Outside a
 * command nothing is recorded (fixtures build state that way); once the store is durable, tables refuse writes
 * outside a command, which could be neither undone nor written to the data file.
 */
export type RowKey = string | number;

/** What a table is to the journal: its name, and its rows by key (the current row, or undefined once removed). */
export interface JournaledTable {
  readonly name: string;
  get(key: RowKey): object | undefined;
}

/** A table whatever its row type: what the store's generic code (resets, the data file) needs of it. */
export interface AnyTable extends JournaledTable {
  keyOf(row: object): RowKey;
  all(): object[];
  replaceAll(rows: readonly object[]): void;
}

/** The keys a completed command touched, per table. */
export type TouchedKeys = ReadonlyMap<JournaledTable, ReadonlySet<RowKey>>;

export class UndoJournal {
  #entries: (() => void)[] | undefined;
  #touched: Map<JournaledTable, Set<RowKey>> | undefined;
  #commandsOnly = false;

  get active(): boolean {
    return this.#entries !== undefined;
  }

  /** From now on a write outside a command throws (a durable store: it would be lost). */
  requireCommands(): void {
    this.#commandsOnly = true;
  }

  record(table: JournaledTable, key: RowKey, undo: () => void): void {
    if (this.#entries === undefined || this.#touched === undefined) {
      if (!this.#commandsOnly) return;
      throw new Error(`${table.name}: records change only inside store.atomically(...)`);
    }
    this.#entries.push(undo);
    let keys = this.#touched.get(table);
    if (keys === undefined) this.#touched.set(table, (keys = new Set()));
    keys.add(key);
  }

  /**
   * Runs `command`; then `complete` with the touched keys, still inside the command: when either throws, every
   * change is undone and the error goes to the caller.
   */
  run<R>(command: () => R, complete?: (touched: TouchedKeys) => void): R {
    if (this.#entries !== undefined) return command(); // nested: the outer command owns the journal
    this.#entries = [];
    this.#touched = new Map();
    try {
      const result = command();
      complete?.(this.#touched);
      return result;
    } catch (error) {
      for (const undo of this.#entries.reverse()) undo();
      throw error;
    } finally {
      this.#entries = undefined;
      this.#touched = undefined;
    }
  }
}

/**
 * One kind of record by its key (the integer `Id` for entities), in insertion order. Records are immutable
 * values: an update replaces the record, so a reader holding the old one never sees a half-applied command.
 */
export class Table<T extends object, K extends RowKey = number> implements AnyTable {
  readonly #rows = new Map<K, T>();
  readonly #journal: UndoJournal;
  readonly #keyOf: (row: T) => K;
  /** The table's name in the store (`transfers`, `statementItems`, ...): error messages and the data file. */
  readonly name: string;

  constructor(name: string, journal: UndoJournal, keyOf: (row: T) => K, rows: readonly T[] = []) {
    this.name = name;
    this.#journal = journal;
    this.#keyOf = keyOf;
    for (const row of rows) this.#rows.set(keyOf(row), row);
  }

  get(key: K): T | undefined {
    return this.#rows.get(key);
  }

  keyOf(row: T): K {
    return this.#keyOf(row);
  }

  /** Adds a new record; its key must be unused (ids come from `Store.nextId`). */
  insert(row: T): T {
    const key = this.#keyOf(row);
    if (this.#rows.has(key)) throw new Error(`${this.name}: duplicate key ${key}`);
    this.#journal.record(this, key, () => this.#rows.delete(key));
    this.#rows.set(key, row);
    return row;
  }

  /** Replaces a record with a changed copy (its key unchanged) and returns the new record. */
  update(key: K, change: Partial<T>): T {
    const current = this.#rows.get(key);
    if (current === undefined) throw new Error(`${this.name}: no record with key ${key}`);
    const next = { ...current, ...change };
    if (this.#keyOf(next) !== key) throw new Error(`${this.name}: an update cannot change the key ${key}`);
    this.#journal.record(this, key, () => this.#rows.set(key, current));
    this.#rows.set(key, next);
    return next;
  }

  /** Inserts the record, or replaces the one with its key (keeping that one's place in the order). */
  put(row: T): T {
    const key = this.#keyOf(row);
    const current = this.#rows.get(key);
    this.#journal.record(this, key, () =>
      current === undefined ? this.#rows.delete(key) : this.#rows.set(key, current),
    );
    this.#rows.set(key, row);
    return row;
  }

  /** Removes a record; false when there is none with that key. */
  delete(key: K): boolean {
    const current = this.#rows.get(key);
    if (current === undefined) return false;
    // Undoing a removal puts the record back at the end: order only matters for the rows a command keeps.
    this.#journal.record(this, key, () => this.#rows.set(key, current));
    this.#rows.delete(key);
    return true;
  }

  /** Replaces every record (a reset); not undoable, so never called inside a command. */
  replaceAll(rows: readonly T[]): void {
    if (this.#journal.active) throw new Error(`${this.name}: replaceAll cannot run inside a command`);
    this.#rows.clear();
    for (const row of rows) this.#rows.set(this.#keyOf(row), row);
  }

  all(): T[] {
    return [...this.#rows.values()];
  }

  filter(predicate: (row: T) => boolean): T[] {
    const found: T[] = [];
    for (const row of this.#rows.values()) if (predicate(row)) found.push(row);
    return found;
  }

  get size(): number {
    return this.#rows.size;
  }
}
