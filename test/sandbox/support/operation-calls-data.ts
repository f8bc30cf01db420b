/**
 * Data for the operation calls, always found through the caller's own lists (never hard-coded ids), and the
 * commands that make fresh entities for a command to act on. Amounts are compared in cents, so that decimal
 * figures from JSON never drift by floating-point rounding.
 */
import { filter, type AccountFundsClient, type components } from "@account-funds/client";
import { expect } from "vitest";
import { createdId } from "./operation-calls-clients.js";

type Schemas = components["schemas"];
export type AccountDto = Schemas["AccountDto"];

export const cents = (amount: number | null | undefined): number => Math.round((amount ?? 0) * 100);

export function first<T>(rows: readonly T[], what: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`the seeded state has no ${what}`);
  return row;
}

/** The caller's first account by Id: the seed's primary multi-currency account. */
export async function primaryAccount(client: AccountFundsClient): Promise<AccountDto> {
  return first((await client.accounts.listAccounts({ $orderby: "Id" })).value, "account");
}

/** The caller's accounts, by Id. */
export async function accountsOf(client: AccountFundsClient): Promise<readonly AccountDto[]> {
  return (await client.accounts.listAccounts({ $orderby: "Id" })).value;
}

export async function transferBeneficiaryFor(
  client: AccountFundsClient,
  accountId: number,
  currencyCode: string,
): Promise<Schemas["TransferBeneficiaryDto"]> {
  const rows = await client.accounts.listTransferBeneficiaries(accountId, {
    $filter: filter.eq("CurrencyCode", currencyCode).and(filter.eq("StatusCode", "E")),
    $orderby: "Id",
  });
  return first(rows.value, `enabled ${currencyCode} transfer beneficiary of account ${accountId}`);
}

export async function withdrawalBeneficiaryFor(
  client: AccountFundsClient,
  accountId: number,
  currencyCode: string,
): Promise<Schemas["BeneficiaryDto"]> {
  const rows = await client.accounts.listBeneficiaries(accountId, {
    $filter: filter.eq("CurrencyCode", currencyCode).and(filter.eq("StatusCode", "E")),
    $orderby: "Id",
  });
  return first(rows.value, `enabled ${currencyCode} withdrawal beneficiary of account ${accountId}`);
}

/** The four figures of a balance in cents; asserts Available = Value − Allocated − Processing. */
export interface Figures {
  readonly value: number;
  readonly allocated: number;
  readonly processing: number;
  readonly available: number;
}

export async function figures(client: AccountFundsClient, accountId: number, currencyCode: string): Promise<Figures> {
  const balance = await client.accounts.getBalance(accountId, currencyCode);
  const result = {
    value: cents(balance.Value),
    allocated: cents(balance.Allocated),
    processing: cents(balance.Processing),
    available: cents(balance.Available),
  };
  expect(result.available, `Available of ${accountId}/${currencyCode}`).toBe(
    result.value - result.allocated - result.processing,
  );
  return result;
}

/** Figures after minus figures before. */
export function delta(before: Figures, after: Figures): Figures {
  return {
    value: after.value - before.value,
    allocated: after.allocated - before.allocated,
    processing: after.processing - before.processing,
    available: after.available - before.available,
  };
}

/** The statement of the balance sums to its Value, and its last running total is that Value. */
export async function expectStatementMatchesBalance(
  client: AccountFundsClient,
  accountId: number,
  currencyCode: string,
): Promise<void> {
  const items: Schemas["AccountStatementItemDto"][] = [];
  for await (const item of client.accounts.listBalanceStatement.paginate(accountId, currencyCode)) items.push(item);
  const { value } = await figures(client, accountId, currencyCode);
  expect(items.length).toBeGreaterThan(0);
  expect(
    items.reduce((sum, item) => sum + cents(item.DeltaBalance), 0),
    `statement of ${accountId}/${currencyCode}`,
  ).toBe(value);
  expect(cents(items.at(-1)?.RunningTotal)).toBe(value);
}

export interface Payment {
  readonly accountId: number;
  readonly currencyCode: string;
  readonly amount: number;
}

/** A new Pending transfer to the account's first enabled transfer beneficiary in the currency; its id. */
export async function createTransfer(
  client: AccountFundsClient,
  payment: Payment,
  reference = "Operation test",
): Promise<number> {
  const beneficiary = await transferBeneficiaryFor(client, payment.accountId, payment.currencyCode);
  const result = await client.withResponse.transfers.createAccountTransfer({
    AccountId: payment.accountId,
    CurrencyCode: payment.currencyCode,
    Amount: payment.amount,
    BeneficiaryId: beneficiary.Id,
    Reference: reference,
  });
  return createdId(result);
}

/** A new Pending withdrawal to the account's first enabled withdrawal beneficiary in the currency; its id. */
export async function createWithdrawal(
  client: AccountFundsClient,
  payment: Payment,
  reference = "Operation test",
): Promise<number> {
  const beneficiary = await withdrawalBeneficiaryFor(client, payment.accountId, payment.currencyCode);
  const result = await client.withResponse.withdrawals.createAccountWithdrawal({
    AccountId: payment.accountId,
    CurrencyCode: payment.currencyCode,
    Amount: payment.amount,
    BeneficiaryId: beneficiary.Id,
    Reference: reference,
    Description: "Created by the operation tests",
  });
  return createdId(result);
}

export interface ExchangeOrder {
  readonly accountId: number;
  readonly sourceCurrencyCode: string;
  readonly targetCurrencyCode: string;
  readonly goal: number;
  readonly goalType: "Buy" | "Sell";
  readonly useAvailableFunds: boolean;
}

/** A new exchange (Pending, or Allocated with UseAvailableFunds); its id. */
export async function createExchange(client: AccountFundsClient, order: ExchangeOrder): Promise<number> {
  const result = await client.withResponse.exchanges.createExchange({
    AccountId: order.accountId,
    SourceCurrencyCode: order.sourceCurrencyCode,
    TargetCurrencyCode: order.targetCurrencyCode,
    Goal: order.goal,
    GoalType: order.goalType,
    UseAvailableFunds: order.useAvailableFunds,
  });
  return createdId(result);
}

/** The body of a new EUR withdrawal beneficiary (a German IBAN) of the account. */
export function beneficiaryBody(accountId: number, name: string): Schemas["CreateWithdrawalBeneficiary"] {
  return {
    AccountId: accountId,
    Name: name,
    CurrencyCode: "EUR",
    BeneficiaryType: "Individual",
    PaymentRouting: { Type: "BicIban", CountryCode: "DE", Bic: "DEUTDEFF", Iban: "DE89 3704 0044 0532 0130 00" },
    Address: { Street: "Hauptstrasse", HouseNumber: "1", Town: "Berlin", PostCode: "10115", CountryCode: "DE" },
    Reference: "operation test",
  };
}

/** A new Enabled withdrawal beneficiary of the account; its id. */
export async function createBeneficiary(
  client: AccountFundsClient,
  accountId: number,
  name = "Jonas Weber",
): Promise<number> {
  const result = await client.withResponse.beneficiaries.createWithdrawalBeneficiary(beneficiaryBody(accountId, name));
  return createdId(result);
}
