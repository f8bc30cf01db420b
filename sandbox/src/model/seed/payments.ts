/**
 * Seeds one tenant's transfers and withdrawals in every state (Completed, Pending, Approved, Cancelled,
 * Rejected) by running the same domain commands as the API, so balances, statements and events agree with
 * them. Withdrawals go to the tenant's enabled withdrawal beneficiaries of its primary account (seeded before
 * by `seedActivity`), with whatever the conditional rules ask for that beneficiary; an instruction withdrawal
 * is added when the tenant has an open exchange whose target currency one of them is paid in.
 */
import type { SandboxClock } from "../../foundation/clock.js";
import type { DomainContext } from "../domain/context.js";
import { availableOf, balanceOf } from "../domain/balances.js";
import { decimalsOf, toMinor } from "../domain/money.js";
import {
  approveTransfer,
  cancelTransfer,
  completeTransfer,
  createTransfer,
  rejectTransfer,
} from "../domain/transfers.js";
import {
  approveWithdrawal,
  beneficiaryRuleContext,
  cancelWithdrawal,
  completeWithdrawal,
  createAccountWithdrawal,
  createInstructionWithdrawal,
  rejectWithdrawal,
} from "../domain/withdrawals.js";
import { createEventSink } from "../webhooks/event-sink.js";
import type {
  AccountRecord,
  BeneficiaryRecord,
  SupportingDocumentRecord,
  TenantId,
} from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import type { SeededAccounts } from "./seeded-accounts.js";
import { type Done, type InvalidRequest } from "../domain/outcomes.js";
import type { CommandRefusal } from "../domain/refusals.js";

type Step = "complete" | "keep" | "approve" | "cancel" | "reject";

/** A valid LEI (ISO 17442 check digits), for beneficiaries that need one. */
const SEED_RECEIVER_LEI = "5493001KJTIIGC8Y1R12";

/** Fails the seeding loudly: a refused seed command is a bug in the seed, not a user error. */
function expectOk<T extends { ok: true }>(what: string, outcome: T | CommandRefusal | InvalidRequest): T {
  if (outcome.ok) return outcome;
  const why =
    "issues" in outcome
      ? outcome.issues.map((found) => `${found.path.join("/")}: ${found.message}`).join("; ")
      : outcome.message;
  throw new Error(`seeding ${what} failed: ${why}`);
}

function transferBeneficiaryId(
  store: Store,
  tenant: TenantId,
  from: number,
  to: number,
  currencyCode: string,
): number | undefined {
  return store.transferBeneficiaries.filter(
    (row) =>
      row.tenant === tenant &&
      row.AccountId === from &&
      row.BeneficiaryAccountId === to &&
      row.CurrencyCode === currencyCode &&
      row.StatusCode === "E",
  )[0]?.Id;
}

/** Whether `amount` (major units) is available on the account in that currency. */
function affordable(store: Store, accountId: number, currencyCode: string, amount: number): boolean {
  const balance = balanceOf(store, accountId, currencyCode);
  const minor = toMinor(amount, decimalsOf(store, currencyCode));
  return balance !== undefined && minor !== undefined && availableOf(balance) >= minor;
}

function seedTransfers(ctx: DomainContext, tenant: TenantId, accounts: SeededAccounts): void {
  const { store } = ctx;
  const secondaryCurrency =
    store.balances.filter((row) => row.AccountId === accounts.secondary)[0]?.CurrencyCode ?? "GBP";
  const plans: readonly {
    from: number;
    to: number | undefined;
    currency: string;
    amount: number;
    reference: string;
    step: Step;
  }[] = [
    {
      from: accounts.primary,
      to: accounts.secondary,
      currency: "GBP",
      amount: 1500,
      reference: "INV-2025-0142",
      step: "complete",
    },
    {
      from: accounts.primary,
      to: accounts.secondary,
      currency: "EUR",
      amount: 2000,
      reference: "Q1 reserve top-up",
      step: "keep",
    },
    {
      from: accounts.secondary,
      to: accounts.primary,
      currency: secondaryCurrency,
      amount: 750,
      reference: "Float refund",
      step: "approve",
    },
    {
      from: accounts.primary,
      to: accounts.subaccounts[0],
      currency: "USD",
      amount: 300,
      reference: "Client float",
      step: "cancel",
    },
    {
      from: accounts.primary,
      to: accounts.secondary,
      currency: "USD",
      amount: 1000,
      reference: "Duplicate payment",
      step: "reject",
    },
  ];
  for (const plan of plans) {
    const beneficiaryId =
      plan.to === undefined ? undefined : transferBeneficiaryId(store, tenant, plan.from, plan.to, plan.currency);
    if (beneficiaryId === undefined || !affordable(store, plan.from, plan.currency, plan.amount)) continue;
    const body = {
      AccountId: plan.from,
      CurrencyCode: plan.currency,
      Amount: plan.amount,
      BeneficiaryId: beneficiaryId,
      Reference: plan.reference,
    };
    const { transfer } = expectOk(`transfer ${plan.reference}`, createTransfer(ctx, tenant, body));
    const moved: Record<Step, () => Done | CommandRefusal> = {
      complete: () => completeTransfer(ctx, transfer.Id),
      keep: () => ({ ok: true }),
      approve: () => approveTransfer(ctx, tenant, transfer.Id),
      cancel: () => cancelTransfer(ctx, tenant, transfer.Id),
      reject: () => rejectTransfer(ctx, tenant, transfer.Id),
    };
    expectOk(`transfer ${transfer.Id} (${plan.step})`, moved[plan.step]());
  }
}

/** The conditional fields a withdrawal to `beneficiary` in `currencyCode` needs, so that the rules accept it. */
function requiredDetails(store: Store, beneficiary: BeneficiaryRecord, currencyCode: string): Record<string, unknown> {
  const context = beneficiaryRuleContext(store, beneficiary);
  const details: Record<string, unknown> = {};
  if (currencyCode === "GBP") {
    const codes = store.paymentPurposes.filter((row) => row.boe);
    const boe = codes.find((row) => /goods/i.test(row.Name)) ?? codes[0];
    if (boe !== undefined) details["BoEPurposeCodeId"] = boe.Id;
  }
  if (context.bankCountry === "AE" || (context.bankCountry === "CN" && currencyCode === "CNH")) {
    const purposes = store.paymentPurposes.filter(
      (row) => !row.boe && (row.CountryCode === context.bankCountry || row.CountryCode === undefined),
    );
    const purpose = purposes.find((row) => row.CountryCode === context.bankCountry) ?? purposes[0];
    if (purpose !== undefined) details["PaymentPurposeId"] = purpose.Id;
  }
  const isBank = ["BANKS", "BUILDING SOCIETIES"].includes((context.industry ?? "").toUpperCase());
  if (currencyCode === "GBP" && context.type === "Company" && context.vertical?.toUpperCase() === "FI" && isBank) {
    details["ReceiverLei"] = SEED_RECEIVER_LEI;
  }
  return details;
}

/** An UltimateOriginator the account accepts: the subaccount for a PSP account, name and address otherwise. */
function ultimateOriginator(
  store: Store,
  account: AccountRecord,
  accounts: SeededAccounts,
): Record<string, unknown> | undefined {
  if (!account.setup.acceptsUltimateOriginator) return undefined;
  if (!account.setup.isPsp) {
    return {
      Name: "Adatum Corporation",
      Address: { Street: "Harbour Road", HouseNumber: "12", Town: "Bristol", PostCode: "BS1 5TY", CountryCode: "GB" },
    };
  }
  const subaccount = accounts.subaccounts
    .map((id) => store.accounts.get(id))
    .find((row) => row?.ParentAccountId === account.Id);
  return subaccount === undefined ? undefined : { SubaccountNumber: subaccount.AccountNumber };
}

const currencyOrder = ["GBP", "EUR", "USD"];
const orderOf = (currencyCode: string): number => {
  const index = currencyOrder.indexOf(currencyCode);
  return index === -1 ? currencyOrder.length : index;
};

function seedWithdrawals(ctx: DomainContext, tenant: TenantId, accounts: SeededAccounts): void {
  const { store } = ctx;
  const account = store.accounts.get(accounts.primary);
  if (account === undefined) return;
  const payable = store.beneficiaries
    .filter((row) => row.tenant === tenant && row.AccountId === account.Id && row.StatusCode === "E")
    .sort((a, b) => orderOf(a.CurrencyCode) - orderOf(b.CurrencyCode));
  const plans: readonly { amount: number; reference: string; description: string; step: Step }[] = [
    { amount: 2500, reference: "PO-88213", description: "Packaging supplies, invoice FS-2025-0311", step: "complete" },
    { amount: 1200, reference: "PO-88240", description: "Quarterly maintenance", step: "keep" },
    { amount: 980, reference: "PO-88251", description: "Freight, March", step: "approve" },
    { amount: 400, reference: "PO-88260", description: "Sample order", step: "cancel" },
    { amount: 150, reference: "PO-88277", description: "Duplicate invoice", step: "reject" },
  ];
  const documents: SupportingDocumentRecord[] = [
    { fileName: "invoice-PO-88240.pdf", contentType: "application/pdf", size: 48_213 },
  ];
  for (const [index, plan] of plans.entries()) {
    const candidates = payable.filter((row) => affordable(store, account.Id, row.CurrencyCode, plan.amount));
    const beneficiary = candidates[index % Math.max(candidates.length, 1)];
    if (beneficiary === undefined) continue;
    const originator = plan.step === "keep" ? ultimateOriginator(store, account, accounts) : undefined;
    const body = {
      AccountId: account.Id,
      CurrencyCode: beneficiary.CurrencyCode,
      Amount: plan.amount,
      BeneficiaryId: beneficiary.Id,
      Reference: plan.reference,
      Description: plan.description,
      ...requiredDetails(store, beneficiary, beneficiary.CurrencyCode),
      ...(plan.step === "complete" && account.setup.acceptsPaymentChargesCode ? { PaymentChargesCode: "SHA" } : {}),
      ...(originator === undefined ? {} : { UltimateOriginator: originator }),
    };
    const attached = plan.step === "keep" ? documents : [];
    const { withdrawal } = expectOk(
      `withdrawal ${plan.reference}`,
      createAccountWithdrawal(ctx, tenant, body, attached),
    );
    const moved: Record<Step, () => Done | CommandRefusal> = {
      complete: () => completeWithdrawal(ctx, withdrawal.Id),
      keep: () => ({ ok: true }),
      approve: () => approveWithdrawal(ctx, tenant, withdrawal.Id),
      cancel: () => cancelWithdrawal(ctx, tenant, withdrawal.Id),
      reject: () => rejectWithdrawal(ctx, tenant, withdrawal.Id),
    };
    expectOk(`withdrawal ${withdrawal.Id} (${plan.step})`, moved[plan.step]());
  }
  seedInstructionWithdrawal(ctx, tenant);
}

/** One instruction withdrawal on an open exchange of the tenant, when a beneficiary is paid in its target currency. */
function seedInstructionWithdrawal(ctx: DomainContext, tenant: TenantId): void {
  const { store } = ctx;
  for (const exchange of store.exchanges.filter(
    (row) => row.tenant === tenant && !["C", "R", "X"].includes(row.StatusCode),
  )) {
    const beneficiary = store.beneficiaries.filter(
      (row) =>
        row.tenant === tenant &&
        row.AccountId === exchange.AccountId &&
        row.StatusCode === "E" &&
        row.CurrencyCode === exchange.TargetCurrencyCode,
    )[0];
    if (beneficiary === undefined) continue;
    const body = {
      InstructionId: exchange.Id,
      BeneficiaryId: beneficiary.Id,
      ...requiredDetails(store, beneficiary, exchange.TargetCurrencyCode),
    };
    expectOk(`instruction withdrawal on exchange ${exchange.Id}`, createInstructionWithdrawal(ctx, tenant, body));
    return;
  }
}

export function seedPayments(store: Store, clock: SandboxClock, tenant: TenantId, accounts: SeededAccounts): void {
  // The seeded history raises its events like the API would; webhook targets only receive later ones.
  const ctx: DomainContext = { store, clock, events: createEventSink(store, clock) };
  seedTransfers(ctx, tenant, accounts);
  seedWithdrawals(ctx, tenant, accounts);
}
