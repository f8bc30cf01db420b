/**
 * The state's tables, described once. An entry says which record a table holds (through its JSON Schema), how a
 * row is keyed, where its ids come from, what a reset does with its rows and what the data file calls it; the
 * state's type, the empty state, the store's tables, `restore()`, the JSON form, the data file's statements and
 * its row checks all read this list. A new table is one entry here (with its record type and schema) and a
 * migration that creates its SQLite table: a test holds the migrations against this list.
 */
import type { JSONSchemaType } from "ajv";
import * as schemas from "./record-schemas/index.js";
import type { RowKey } from "./table.js";

/** What a reset (`Store.restore`, back to the seed) does with a table's rows. */
export type OnReset<T> =
  /** The seed's rows replace them. */
  | "seed"
  /** They stay: registrations that outlive a reset (webhook targets, and how far delivery to them got). */
  | "keep"
  /** They go, and the seed brings none (dead letters go with the state they came from). */
  | "drop"
  /**
   * The seed's rows replace them with new ids past every id handed out so far: event sequence numbers keep
   * growing across resets, so the delivery cursors stay meaningful.
   */
  | { readonly renumber: (row: T, id: number) => T };

/** Where a table's keys come from. */
export type IdSource =
  /** Ids from the store's counter of the table's name (`store.nextId(name)`), never handed out twice. */
  | "counter"
  /** What the record is (a currency code, an account and currency, a target id): no counter. */
  | "natural";

export interface TableSpec<T extends object, K extends RowKey, I extends IdSource = IdSource> {
  /** Its table in the data file. */
  readonly sql: string;
  readonly key: (row: NoInfer<T>) => K;
  /** How the data file keys the rows: by an integer rowid, or by text beside a row number that keeps their order. */
  readonly sqlKey: K extends number ? "INTEGER" : "TEXT";
  readonly ids: I;
  readonly reset: OnReset<NoInfer<T>>;
  /** Every row of a data file is checked against it on opening (and it says which record the table holds). */
  readonly schema: JSONSchemaType<T>;
}

const table = <T extends object, K extends RowKey, I extends IdSource>(spec: TableSpec<T, K, I>): TableSpec<T, K, I> =>
  spec;

const byId = <T extends { readonly Id: number }>(row: T): number => row.Id;

/** Most tables: records with an integer `Id` from the table's counter, replaced by the seed's on a reset. */
function ofIds<T extends { readonly Id: number }>(
  sql: string,
  schema: JSONSchemaType<T>,
): TableSpec<T, number, "counter"> {
  return { sql, key: byId, sqlKey: "INTEGER", ids: "counter", reset: "seed", schema };
}

/** The key of a balance: its account and currency. */
export const balanceKey = (accountId: number, currencyCode: string): string => `${accountId}:${currencyCode}`;

/** In the order a data file lists them. */
const tables = {
  entities: ofIds("entities", schemas.entity),
  accounts: ofIds("accounts", schemas.account),
  balances: table({
    sql: "balances",
    key: (row) => balanceKey(row.AccountId, row.CurrencyCode),
    sqlKey: "TEXT",
    ids: "natural",
    reset: "seed",
    schema: schemas.balance,
  }),
  statementItems: ofIds("statement_items", schemas.statementItem),
  transferBeneficiaries: ofIds("transfer_beneficiaries", schemas.transferBeneficiary),
  beneficiaries: ofIds("beneficiaries", schemas.beneficiary),
  transfers: ofIds("transfers", schemas.transfer),
  withdrawals: ofIds("withdrawals", schemas.withdrawal),
  exchanges: ofIds("exchanges", schemas.exchange),
  alerts: ofIds("alerts", schemas.alert),
  deposits: ofIds("deposits", schemas.deposit),
  depositors: ofIds("depositors", schemas.depositor),
  jobs: ofIds("jobs", schemas.job),
  currencies: table({
    sql: "currencies",
    key: (row) => row.Id,
    sqlKey: "TEXT",
    ids: "natural",
    reset: "seed",
    schema: schemas.currency,
  }),
  countries: table({
    sql: "countries",
    key: (row) => row.Id,
    sqlKey: "TEXT",
    ids: "natural",
    reset: "seed",
    schema: schemas.country,
  }),
  sectors: table({
    sql: "sectors",
    key: byId,
    sqlKey: "INTEGER",
    ids: "natural",
    reset: "seed",
    schema: schemas.sector,
  }),
  paymentPurposes: table({
    sql: "payment_purposes",
    key: byId,
    sqlKey: "INTEGER",
    ids: "natural",
    reset: "seed",
    schema: schemas.paymentPurpose,
  }),
  rates: table({
    sql: "rates",
    key: (row) => `${row.SourceCurrencyCode}/${row.TargetCurrencyCode}`,
    sqlKey: "TEXT",
    ids: "natural",
    reset: "seed",
    schema: schemas.rate,
  }),
  events: table({
    sql: "events",
    key: (row) => row.sequence,
    sqlKey: "INTEGER",
    ids: "counter",
    reset: { renumber: (event, sequence) => ({ ...event, sequence }) },
    schema: schemas.event,
  }),
  webhookTargets: table({
    sql: "webhook_targets",
    key: (row) => row.id,
    sqlKey: "INTEGER",
    ids: "counter",
    reset: "keep",
    schema: schemas.webhookTarget,
  }),
  webhookCursors: table({
    sql: "webhook_cursors",
    key: (row) => row.targetId,
    sqlKey: "INTEGER",
    ids: "natural",
    reset: "keep",
    schema: schemas.webhookCursor,
  }),
  webhookDeadLetters: table({
    sql: "webhook_dead_letters",
    key: (row) => row.id,
    sqlKey: "INTEGER",
    ids: "counter",
    reset: "drop",
    schema: schemas.webhookDeadLetter,
  }),
};

type Tables = typeof tables;
export type TableName = keyof Tables;
/** The record a table holds. */
export type RowOf<N extends TableName> = Tables[N] extends TableSpec<infer T, infer _K, infer _I> ? T : never;
/** The type of a table's keys. */
export type KeyOf<N extends TableName> = Tables[N] extends TableSpec<infer _T, infer K, infer _I> ? K : never;
/** The tables whose ids come from a counter of their name: what `store.nextId` takes. */
export type CountedTableName = { [N in TableName]: Tables[N]["ids"] extends "counter" ? N : never }[TableName];

/** Each table's description, typed by its name (so generic code over a name `N` sees `RowOf<N>`). */
export const TABLES: { readonly [N in TableName]: TableSpec<RowOf<N>, KeyOf<N>> } = tables;

/** Every table name, in the order of `TABLES`. */
// Object.keys types its result as string[]; these are the keys of `tables`, declared just above.
export const TABLE_NAMES = Object.keys(tables) as readonly TableName[];

/** The rows of every table. */
export type TableRows = { [N in TableName]: RowOf<N>[] };

/** Everything the sandbox holds; a version 1 JSON data file is this object (the later tables are optional there). */
export type SandboxState = { readonly version: 1; nextId: Record<string, number> } & TableRows;

/** The rows of every table, each table's from `rowsOf` (the empty state, the JSON form, a reset). */
export function everyTable(rowsOf: <N extends TableName>(name: N) => RowOf<N>[]): TableRows {
  const rows: Partial<Record<TableName, object[]>> = {};
  for (const name of TABLE_NAMES) rows[name] = rowsOf(name);
  // Every name of TABLE_NAMES got its table's rows just above.
  return rows as TableRows;
}

/** A state with no records: what a Store starts from before seeding, and what unit tests build on. */
export function emptyState(): SandboxState {
  return { version: 1, nextId: {}, ...everyTable(() => []) };
}

/**
 * The key of a row of `table`, for generic code (the data file, its checks), whose rows are that table's records:
 * they were read from its table, or checked against its schema first.
 */
export function keyOfRow(table: TableName, row: object): RowKey {
  // Seen as a method, the key function takes any object (method parameters are bivariant): the caller vouches.
  const spec: { key(row: object): RowKey } = TABLES[table];
  return spec.key(row);
}
