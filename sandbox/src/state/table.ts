/**
 * Undo entries of the command in progress: when a command fails half-way, `Store.atomically` replays them in
 * reverse, so a rejected command changes nothing. Outside a command nothing is recorded.
 */
export class UndoJournal {
  #entries: (() => void)[] | undefined;

  record(undo: () => void): void {
    this.#entries?.push(undo);
  }

  run<R>(command: () => R): R {
    if (this.#entries !== undefined) return command(); // nested: the outer command owns the journal
    this.#entries = [];
    try {
      return command();
    } catch (error) {
      for (const undo of this.#entries.reverse()) undo();
      throw error;
    } finally {
      this.#entries = undefined;
    }
  }
}

/**
 * One kind of record by its key (the integer `Id` for entities), in insertion order. Records are immutable
 * values: an update replaces the record, so a reader holding the old one never sees a half-applied command.
 */
export class Table<T extends object, K extends string | number = number> {
  readonly #rows = new Map<K, T>();
  readonly #journal: UndoJournal;
  readonly #keyOf: (row: T) => K;

  constructor(journal: UndoJournal, keyOf: (row: T) => K, rows: readonly T[] = []) {
    this.#journal = journal;
    this.#keyOf = keyOf;
    for (const row of rows) this.#rows.set(keyOf(row), row);
  }

  get(key: K): T | undefined {
    return this.#rows.get(key);
  }

  /** Adds a new record; its key must be unused (ids come from `Store.nextId`). */
  insert(row: T): T {
    const key = this.#keyOf(row);
    if (this.#rows.has(key)) throw new Error(`duplicate key ${key}`);
    this.#rows.set(key, row);
    this.#journal.record(() => this.#rows.delete(key));
    return row;
  }

  /** Replaces a record with a changed copy (its key unchanged) and returns the new record. */
  update(key: K, change: Partial<T>): T {
    const current = this.#rows.get(key);
    if (current === undefined) throw new Error(`no record with key ${key}`);
    const next = { ...current, ...change };
    if (this.#keyOf(next) !== key) throw new Error(`an update cannot change the key ${key}`);
    this.#rows.set(key, next);
    this.#journal.record(() => this.#rows.set(key, current));
    return next;
  }

  /** Replaces every record (a reset); not undoable, so never called inside a command. */
  replaceAll(rows: readonly T[]): void {
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
