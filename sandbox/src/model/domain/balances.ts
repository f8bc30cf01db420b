/**
 * Balances of one account in one currency, as the sandbox keeps them consistent:
 *   Value      funds on the account (changes only with a statement item, so the statement sums to it);
 *   Allocated  reserved by pending transfers, withdrawals and exchanges (returned on cancel or reject);
 *   Processing approved and on their way out (leaving Value when completed);
 *   Available  Value − Allocated − Processing, never negative.
 * The reference names the four figures without defining them; these meanings are the sandbox's.
 */
import type { SandboxClock } from "../../foundation/clock.js";
import type { BalanceRecord, StatementDetail, StatementItemRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { balanceKey } from "../../foundation/state/tables.js";

export class InsufficientFunds extends Error {
  constructor(
    readonly available: number,
    readonly requested: number,
  ) {
    super(`insufficient available funds: ${available} available, ${requested} requested (minor units)`);
  }
}

export function availableOf(balance: BalanceRecord): number {
  return balance.value - balance.allocated - balance.processing;
}

export function balanceOf(store: Store, accountId: number, currencyCode: string): BalanceRecord | undefined {
  return store.balances.get(balanceKey(accountId, currencyCode));
}

/** The balance, created empty on first use of a currency. */
export function ensureBalance(
  store: Store,
  clock: SandboxClock,
  accountId: number,
  currencyCode: string,
): BalanceRecord {
  return (
    balanceOf(store, accountId, currencyCode) ??
    store.balances.insert({
      AccountId: accountId,
      CurrencyCode: currencyCode,
      value: 0,
      allocated: 0,
      processing: 0,
      ValueDate: clock.now().toISOString(),
    })
  );
}

function change(
  store: Store,
  balance: BalanceRecord,
  delta: Partial<Pick<BalanceRecord, "value" | "allocated" | "processing">>,
  clock: SandboxClock,
): BalanceRecord {
  const next = {
    value: balance.value + (delta.value ?? 0),
    allocated: balance.allocated + (delta.allocated ?? 0),
    processing: balance.processing + (delta.processing ?? 0),
  };
  if (next.allocated < 0 || next.processing < 0)
    throw new Error(`balance ${balance.AccountId}/${balance.CurrencyCode} would go negative`);
  return store.balances.update(balanceKey(balance.AccountId, balance.CurrencyCode), {
    ...next,
    ValueDate: clock.now().toISOString(),
  });
}

/** A move of `amount` (minor units) between the figures of one account's balance in one currency. */
type BalanceMove = (
  store: Store,
  clock: SandboxClock,
  accountId: number,
  currencyCode: string,
  amount: number,
) => BalanceRecord;

/** Reserves `amount` of the available funds; throws InsufficientFunds (inside a command, which is then undone). */
export const allocate: BalanceMove = (store, clock, accountId, currencyCode, amount) => {
  const balance = ensureBalance(store, clock, accountId, currencyCode);
  const available = availableOf(balance);
  if (amount > available) throw new InsufficientFunds(available, amount);
  return change(store, balance, { allocated: amount }, clock);
};

/** Returns allocated funds to the available balance (cancel, reject). */
export const release: BalanceMove = (store, clock, accountId, currencyCode, amount) =>
  change(store, ensureBalance(store, clock, accountId, currencyCode), { allocated: -amount }, clock);

/** Moves allocated funds to processing (approve). */
export const startProcessing: BalanceMove = (store, clock, accountId, currencyCode, amount) => {
  const balance = ensureBalance(store, clock, accountId, currencyCode);
  return change(store, balance, { allocated: -amount, processing: amount }, clock);
};

/** Funds leave the account (completion): out of `from` and out of Value, with a statement item. */
export function debit(
  store: Store,
  clock: SandboxClock,
  entry: {
    accountId: number;
    currencyCode: string;
    amount: number;
    from: "allocated" | "processing";
    narrative: string;
    detail?: StatementDetail;
  },
): StatementItemRecord {
  const balance = ensureBalance(store, clock, entry.accountId, entry.currencyCode);
  const updated = change(store, balance, { value: -entry.amount, [entry.from]: -entry.amount }, clock);
  return appendStatementItem(store, clock, updated, -entry.amount, entry.narrative, entry.detail);
}

/** Funds arrive on the account (deposit, incoming transfer, bought currency), with a statement item. */
export function credit(
  store: Store,
  clock: SandboxClock,
  entry: { accountId: number; currencyCode: string; amount: number; narrative: string; detail?: StatementDetail },
): StatementItemRecord {
  const balance = ensureBalance(store, clock, entry.accountId, entry.currencyCode);
  const updated = change(store, balance, { value: entry.amount }, clock);
  return appendStatementItem(store, clock, updated, entry.amount, entry.narrative, entry.detail);
}

function appendStatementItem(
  store: Store,
  clock: SandboxClock,
  balance: BalanceRecord,
  delta: number,
  narrative: string,
  detail?: StatementDetail,
): StatementItemRecord {
  const id = store.nextId("statementItems");
  const item: StatementItemRecord = {
    Id: id,
    AccountId: balance.AccountId,
    CurrencyCode: balance.CurrencyCode,
    delta,
    runningTotal: balance.value,
    ValueDate: clock.now().toISOString(),
    Sequence: String(id).padStart(10, "0"),
    Narrative: narrative,
    ...(detail === undefined ? {} : { detail }),
  };
  return store.statementItems.insert(item);
}
