/**
 * The sandbox's state: one table per kind of record, id allocation, tenant-scoped lookups, atomic commands and
 * the JSON form a data file holds. Domain modules change state only through `store.atomically(...)`.
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
  WebhookTargetRecord,
  WithdrawalRecord,
} from "./records.js";
import { Table, UndoJournal } from "./table.js";

const byId = (row: { readonly Id: number }): number => row.Id;
export const balanceKey = (accountId: number, currencyCode: string): string => `${accountId}:${currencyCode}`;

export class Store {
  readonly #journal = new UndoJournal();
  #nextId: Record<string, number>;
  readonly #listeners = new Set<() => void>();

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

  constructor(state: SandboxState) {
    const journal = this.#journal;
    this.#nextId = { ...state.nextId };
    this.entities = new Table(journal, byId, state.entities);
    this.accounts = new Table(journal, byId, state.accounts);
    this.balances = new Table(journal, (row) => balanceKey(row.AccountId, row.CurrencyCode), state.balances);
    this.statementItems = new Table(journal, byId, state.statementItems);
    this.transferBeneficiaries = new Table(journal, byId, state.transferBeneficiaries);
    this.beneficiaries = new Table(journal, byId, state.beneficiaries);
    this.transfers = new Table(journal, byId, state.transfers);
    this.withdrawals = new Table(journal, byId, state.withdrawals);
    this.exchanges = new Table(journal, byId, state.exchanges);
    this.alerts = new Table(journal, byId, state.alerts);
    this.deposits = new Table(journal, byId, state.deposits);
    this.depositors = new Table(journal, byId, state.depositors);
    this.jobs = new Table(journal, byId, state.jobs);
    this.currencies = new Table(journal, (row) => row.Id, state.currencies);
    this.countries = new Table(journal, (row) => row.Id, state.countries);
    this.sectors = new Table(journal, byId, state.sectors);
    this.paymentPurposes = new Table(journal, byId, state.paymentPurposes);
    this.rates = new Table(journal, (row) => `${row.SourceCurrencyCode}/${row.TargetCurrencyCode}`, state.rates);
    this.events = new Table(journal, (row) => row.sequence, state.events);
    this.webhookTargets = new Table(journal, (row) => row.id, state.webhookTargets);
  }

  /**
   * Replaces the state with `state` (a reset to the seed), in place, so every part holding the store sees it.
   * Webhook targets are kept and event sequence numbers keep growing, so delivery cursors stay meaningful.
   */
  restore(state: SandboxState): void {
    const nextEvent = Math.max(this.#nextId["events"] ?? 1, state.nextId["events"] ?? 1);
    const events = state.events.map((event, index) => ({ ...event, sequence: nextEvent + index }));
    // Ids are never reused, even across a reset: kept records (webhook targets) and clients' caches stay unambiguous.
    const nextId: Record<string, number> = { ...this.#nextId };
    for (const [kind, id] of Object.entries(state.nextId)) nextId[kind] = Math.max(nextId[kind] ?? 1, id);
    this.#nextId = { ...nextId, events: nextEvent + events.length };
    this.entities.replaceAll(state.entities);
    this.accounts.replaceAll(state.accounts);
    this.balances.replaceAll(state.balances);
    this.statementItems.replaceAll(state.statementItems);
    this.transferBeneficiaries.replaceAll(state.transferBeneficiaries);
    this.beneficiaries.replaceAll(state.beneficiaries);
    this.transfers.replaceAll(state.transfers);
    this.withdrawals.replaceAll(state.withdrawals);
    this.exchanges.replaceAll(state.exchanges);
    this.alerts.replaceAll(state.alerts);
    this.deposits.replaceAll(state.deposits);
    this.depositors.replaceAll(state.depositors);
    this.jobs.replaceAll(state.jobs);
    this.currencies.replaceAll(state.currencies);
    this.countries.replaceAll(state.countries);
    this.sectors.replaceAll(state.sectors);
    this.paymentPurposes.replaceAll(state.paymentPurposes);
    this.rates.replaceAll(state.rates);
    this.events.replaceAll(events);
    for (const listener of this.#listeners) listener();
  }

  /**
   * Runs a command: every change it makes is undone if it throws, so a rejected command changes nothing.
   * Listeners (persistence, webhook delivery) hear about commands that completed.
   */
  atomically<R>(command: () => R): R {
    const result = this.#journal.run(command);
    for (const listener of this.#listeners) listener();
    return result;
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
    };
  }
}
