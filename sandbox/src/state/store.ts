/**
 * The sandbox's state: one table per kind of record, id allocation, tenant-scoped lookups, atomic commands and
 * the JSON form of the whole state. Domain modules change state only through `store.atomically(...)`. With a
 * data file, a sink (`persistTo`) writes each command's changes before the command returns: when it cannot,
 * the command is undone and its caller gets the sink's error (a `StoreWriteError`, answered 503).
 */
import type {
  AccountRecord,
  AlertRecord,
  BalanceRecord,
  BeneficiaryRecord,
  CountryRecord,
  CurrencyRecord,
  DepositRecord,
  DepositorRecord,
  EntityRecord,
  EventRecord,
  ExchangeRecord,
  JobRecord,
  PaymentPurposeRecord,
  RateRecord,
  SandboxState,
  SectorRecord,
  StatementItemRecord,
  TenantId,
  TransferBeneficiaryRecord,
  TransferRecord,
  WebhookCursorRecord,
  WebhookDeadLetterRecord,
  WebhookTargetRecord,
  WithdrawalRecord,
} from "./records.js";
import { Table, UndoJournal, type AnyTable, type RowKey, type TouchedKeys } from "./table.js";

/** The tables of the state, by their names in `SandboxState`. */
export type TableName = Exclude<keyof SandboxState, "version" | "nextId">;

/** Every table name, in the order a data file lists them. */
export const TABLE_NAMES = [
  "entities",
  "accounts",
  "balances",
  "statementItems",
  "transferBeneficiaries",
  "beneficiaries",
  "transfers",
  "withdrawals",
  "exchanges",
  "alerts",
  "deposits",
  "depositors",
  "jobs",
  "currencies",
  "countries",
  "sectors",
  "paymentPurposes",
  "rates",
  "events",
  "webhookTargets",
  "webhookCursors",
  "webhookDeadLetters",
] as const satisfies readonly TableName[];
// A table added to SandboxState and not listed above fails to compile here.
const everyTableListed: Exclude<TableName, (typeof TABLE_NAMES)[number]> extends never ? true : never = true;
void everyTableListed;

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

const byId = (row: { readonly Id: number }): number => row.Id;
export const balanceKey = (accountId: number, currencyCode: string): string => `${accountId}:${currencyCode}`;
const rateKey = (row: RateRecord): string => `${row.SourceCurrencyCode}/${row.TargetCurrencyCode}`;

export class Store {
  readonly #journal = new UndoJournal();
  #nextId: Record<string, number>;
  /** Counters handed out since the sink last wrote them (an undone command's ids are skipped, not reused). */
  readonly #movedCounters = new Set<string>();
  readonly #listeners = new Set<() => void>();
  #sink: StoreSink | undefined;
  readonly #tableNames: ReadonlyMap<object, TableName>;
  readonly #tableByName: ReadonlyMap<string, AnyTable>;

  readonly entities: Table<EntityRecord>;
  readonly accounts: Table<AccountRecord>;
  readonly balances: Table<BalanceRecord, string>;
  readonly statementItems: Table<StatementItemRecord>;
  readonly transferBeneficiaries: Table<TransferBeneficiaryRecord>;
  readonly beneficiaries: Table<BeneficiaryRecord>;
  readonly transfers: Table<TransferRecord>;
  readonly withdrawals: Table<WithdrawalRecord>;
  readonly exchanges: Table<ExchangeRecord>;
  readonly alerts: Table<AlertRecord>;
  readonly deposits: Table<DepositRecord>;
  readonly depositors: Table<DepositorRecord>;
  readonly jobs: Table<JobRecord>;
  readonly currencies: Table<CurrencyRecord, string>;
  readonly countries: Table<CountryRecord, string>;
  readonly sectors: Table<SectorRecord>;
  readonly paymentPurposes: Table<PaymentPurposeRecord>;
  readonly rates: Table<RateRecord, string>;
  readonly events: Table<EventRecord>;
  readonly webhookTargets: Table<WebhookTargetRecord>;
  readonly webhookCursors: Table<WebhookCursorRecord>;
  readonly webhookDeadLetters: Table<WebhookDeadLetterRecord>;

  constructor(state: SandboxState) {
    const journal = this.#journal;
    this.#nextId = { ...state.nextId };
    this.entities = new Table("entities", journal, byId, state.entities);
    this.accounts = new Table("accounts", journal, byId, state.accounts);
    this.balances = new Table("balances", journal, (row) => balanceKey(row.AccountId, row.CurrencyCode), state.balances);
    this.statementItems = new Table("statementItems", journal, byId, state.statementItems);
    this.transferBeneficiaries = new Table("transferBeneficiaries", journal, byId, state.transferBeneficiaries);
    this.beneficiaries = new Table("beneficiaries", journal, byId, state.beneficiaries);
    this.transfers = new Table("transfers", journal, byId, state.transfers);
    this.withdrawals = new Table("withdrawals", journal, byId, state.withdrawals);
    this.exchanges = new Table("exchanges", journal, byId, state.exchanges);
    this.alerts = new Table("alerts", journal, byId, state.alerts);
    this.deposits = new Table("deposits", journal, byId, state.deposits);
    this.depositors = new Table("depositors", journal, byId, state.depositors);
    this.jobs = new Table("jobs", journal, byId, state.jobs);
    this.currencies = new Table("currencies", journal, (row) => row.Id, state.currencies);
    this.countries = new Table("countries", journal, (row) => row.Id, state.countries);
    this.sectors = new Table("sectors", journal, byId, state.sectors);
    this.paymentPurposes = new Table("paymentPurposes", journal, byId, state.paymentPurposes);
    this.rates = new Table("rates", journal, rateKey, state.rates);
    this.events = new Table("events", journal, (row) => row.sequence, state.events);
    this.webhookTargets = new Table("webhookTargets", journal, (row) => row.id, state.webhookTargets);
    this.webhookCursors = new Table("webhookCursors", journal, (row) => row.targetId, state.webhookCursors);
    this.webhookDeadLetters = new Table("webhookDeadLetters", journal, (row) => row.id, state.webhookDeadLetters);
    const tables = this.tables();
    this.#tableNames = new Map(TABLE_NAMES.map((name) => [tables[name], name]));
    this.#tableByName = new Map(TABLE_NAMES.map((name) => [name, tables[name]]));
  }

  /** Every table by its name; the type makes a table missing here a compile error. */
  tables(): Readonly<Record<TableName, AnyTable>> {
    return {
      entities: this.entities,
      accounts: this.accounts,
      balances: this.balances,
      statementItems: this.statementItems,
      transferBeneficiaries: this.transferBeneficiaries,
      beneficiaries: this.beneficiaries,
      transfers: this.transfers,
      withdrawals: this.withdrawals,
      exchanges: this.exchanges,
      alerts: this.alerts,
      deposits: this.deposits,
      depositors: this.depositors,
      jobs: this.jobs,
      currencies: this.currencies,
      countries: this.countries,
      sectors: this.sectors,
      paymentPurposes: this.paymentPurposes,
      rates: this.rates,
      events: this.events,
      webhookTargets: this.webhookTargets,
      webhookCursors: this.webhookCursors,
      webhookDeadLetters: this.webhookDeadLetters,
    };
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
   * Replaces the state with `state` (a reset to the seed), in place, so every part holding the store sees it.
   * Webhook targets and their cursors are kept and event sequence numbers keep growing, so the cursors stay
   * meaningful; dead letters go with the state they came from. With a sink, the sink is written first: when
   * it fails, nothing changed.
   */
  restore(state: SandboxState): void {
    const nextEvent = Math.max(this.#nextId["events"] ?? 1, state.nextId["events"] ?? 1);
    const events = state.events.map((event, index) => ({ ...event, sequence: nextEvent + index }));
    // Ids are never reused, even across a reset: kept records (webhook targets) and clients' caches stay unambiguous.
    const nextId: Record<string, number> = { ...this.#nextId };
    for (const [kind, id] of Object.entries(state.nextId)) nextId[kind] = Math.max(nextId[kind] ?? 1, id);
    const next: SandboxState = {
      ...state,
      nextId: { ...nextId, events: nextEvent + events.length },
      events,
      webhookTargets: this.webhookTargets.all(),
      webhookCursors: this.webhookCursors.all(),
      webhookDeadLetters: [],
    };
    this.#sink?.replace(next);
    this.#movedCounters.clear();
    this.#nextId = { ...next.nextId };
    const tables = this.tables();
    for (const name of TABLE_NAMES) tables[name].replaceAll(next[name]);
    for (const listener of this.#listeners) listener();
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
      const table = this.#tableByName.get(kind);
      if (table !== undefined && !removedFrom.has(kind) && table.get(next - 1) !== undefined) continue;
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
  nextId(kind: string): number {
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
    return {
      version: 1,
      nextId: { ...this.#nextId },
      entities: this.entities.all(),
      accounts: this.accounts.all(),
      balances: this.balances.all(),
      statementItems: this.statementItems.all(),
      transferBeneficiaries: this.transferBeneficiaries.all(),
      beneficiaries: this.beneficiaries.all(),
      transfers: this.transfers.all(),
      withdrawals: this.withdrawals.all(),
      exchanges: this.exchanges.all(),
      alerts: this.alerts.all(),
      deposits: this.deposits.all(),
      depositors: this.depositors.all(),
      jobs: this.jobs.all(),
      currencies: this.currencies.all(),
      countries: this.countries.all(),
      sectors: this.sectors.all(),
      paymentPurposes: this.paymentPurposes.all(),
      rates: this.rates.all(),
      events: this.events.all(),
      webhookTargets: this.webhookTargets.all(),
      webhookCursors: this.webhookCursors.all(),
      webhookDeadLetters: this.webhookDeadLetters.all(),
    };
  }
}
