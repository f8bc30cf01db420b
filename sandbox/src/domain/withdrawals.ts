/**
 * Withdrawals: funds leave the system for the bank account of a withdrawal beneficiary.
 *
 *   create   → P   an ad-hoc withdrawal allocates its funds; an instruction withdrawal allocates nothing (it
 *                  is paid from what its exchange buys); WithdrawalCreated
 *   approve  P → A allocated funds move to processing
 *   reject   P → R allocated funds returned
 *   cancel   P|A → X funds returned (allocated or processing), WithdrawalCanceled
 *   complete A (P is approved first) → C (control API): debited with a statement item, WithdrawalCompleted
 * C, R and X are final: approve, reject and cancel answer 410 there.
 *
 * The conditional rules (payment purpose, BoE purpose code, receiver LEI, ultimate originator, account setup)
 * are the validators'; the sandbox knows the whole context (beneficiary routing and sector, account setup), so
 * none is left unchecked. Ids the validators cannot judge (purpose codes, subaccount numbers) are checked here.
 */
import {
  validateCreateAccountWithdrawal,
  validateCreateInstructionWithdrawal,
  type AccountContext,
  type BeneficiaryContext,
  type WithdrawalDetails,
} from "@account-funds/validators";
import type {
  AccountRecord,
  BeneficiaryRecord,
  ExchangeRecord,
  SupportingDocumentRecord,
  TenantId,
  WithdrawalRecord,
} from "../state/records.js";
import type { Store } from "../state/store.js";
import type { DomainContext } from "./context.js";
import { movablePayment, type PaymentKind } from "./movable-payment.js";
import { allocate, debit, InsufficientFunds, release, startProcessing } from "./balances.js";
import { instructionRuleRefusal } from "./exchanges.js";
import { unknownBoEPurposeCode } from "./purpose-codes.js";
import { decimalsOf, fromMinor } from "./money.js";
import { statusText, withdrawalStatuses } from "./statuses.js";
import { amountToMove, returnFunds } from "./transfers.js";
import { type CommandRefusal, isRefusal, refuse, type Done, type InvalidRequest } from "./outcomes.js";

const done: Done = { ok: true };

export type CreateWithdrawalOutcome = { ok: true; withdrawal: WithdrawalRecord } | CommandRefusal | InvalidRequest;

/** What the rules need to know about the beneficiary: bank country, type, and vertical/industry of its sector. */
export function beneficiaryRuleContext(store: Store, beneficiary: BeneficiaryRecord): BeneficiaryContext {
  const country = beneficiary.PaymentRouting["CountryCode"];
  const sector = beneficiary.IndustryId === undefined ? undefined : store.sectors.get(beneficiary.IndustryId);
  return {
    ...(typeof country === "string" ? { bankCountry: country } : {}),
    type: beneficiary.BeneficiaryType,
    // No sector: known not to be a bank (empty names), rather than unknown, so the LEI rule is decided.
    vertical: sector?.Vertical ?? "",
    industry: sector?.Name ?? "",
  };
}

export function accountRuleContext(account: AccountRecord): AccountContext {
  return {
    isPsp: account.setup.isPsp,
    acceptsUltimateOriginator: account.setup.acceptsUltimateOriginator,
    acceptsPaymentChargesCode: account.setup.acceptsPaymentChargesCode,
  };
}

/** A number member of a body not yet validated, to find the context the validators need. */
function memberId(body: unknown, key: string): number | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

function ownedBeneficiary(store: Store, tenant: TenantId, body: unknown): BeneficiaryRecord | undefined {
  const id = memberId(body, "BeneficiaryId");
  return id === undefined ? undefined : store.owned(store.beneficiaries, tenant, id);
}

/** The beneficiary when `accountId` may pay it in `currencyCode`, else why not (target BeneficiaryId or CurrencyCode). */
function payableBeneficiary(
  beneficiary: BeneficiaryRecord | undefined,
  requestedId: number,
  accountId: number,
  currency: { code: string; target: string },
): BeneficiaryRecord | CommandRefusal {
  if (beneficiary === undefined || beneficiary.AccountId !== accountId) {
    return refuse(
      400,
      "unknown_beneficiary",
      `BeneficiaryId ${requestedId} is not a withdrawal beneficiary of account ${accountId}.`,
      "BeneficiaryId",
    );
  }
  if (beneficiary.StatusCode !== "E") {
    return refuse(
      400,
      "beneficiary_not_enabled",
      `Withdrawal beneficiary ${beneficiary.Id} is not enabled.`,
      "BeneficiaryId",
    );
  }
  if (beneficiary.CurrencyCode !== currency.code) {
    return refuse(
      400,
      "currency_mismatch",
      `Withdrawal beneficiary ${beneficiary.Id} is paid in ${beneficiary.CurrencyCode}, not ${currency.code}.`,
      currency.target,
    );
  }
  return beneficiary;
}

/**
 * Ids the validators only check for shape: the payment purpose must be one listed for the beneficiary's bank
 * country or a generic one, the BoE purpose code one of `BoEPaymentPurposes`, the subaccount number one of
 * the account's subaccounts.
 */
function checkReferencedIds(
  store: Store,
  details: WithdrawalDetails,
  account: AccountRecord,
  bankCountry: string | undefined,
): CommandRefusal | undefined {
  if (details.PaymentPurposeId !== undefined) {
    const purpose = store.paymentPurposes.get(details.PaymentPurposeId);
    const fits =
      purpose !== undefined &&
      !purpose.boe &&
      (purpose.CountryCode === undefined || purpose.CountryCode === bankCountry);
    if (!fits) {
      return refuse(
        400,
        "unknown_payment_purpose",
        `PaymentPurposeId ${details.PaymentPurposeId} is not a payment purpose for bank accounts in ${bankCountry ?? "this country"}.`,
        "PaymentPurposeId",
      );
    }
  }
  const boe = unknownBoEPurposeCode(store, details.BoEPurposeCodeId);
  if (boe !== undefined) return boe;
  const subaccountNumber = details.UltimateOriginator?.SubaccountNumber;
  if (subaccountNumber !== undefined) {
    const known =
      store.accounts.filter((row) => row.ParentAccountId === account.Id && row.AccountNumber === subaccountNumber)
        .length > 0;
    if (!known) {
      return refuse(
        400,
        "unknown_subaccount",
        `SubaccountNumber ${subaccountNumber} is not a subaccount of account ${account.Id}.`,
        "UltimateOriginator/SubaccountNumber",
      );
    }
  }
  return undefined;
}

/** The stored form of the conditional fields. */
function detailsOf(details: WithdrawalDetails): Partial<WithdrawalRecord> {
  return {
    ...(details.PaymentPurposeId === undefined ? {} : { PaymentPurposeId: details.PaymentPurposeId }),
    ...(details.BoEPurposeCodeId === undefined ? {} : { BoEPurposeCodeId: details.BoEPurposeCodeId }),
    ...(details.ReceiverLei === undefined ? {} : { ReceiverLei: details.ReceiverLei }),
    ...(details.PaymentChargesCode === undefined ? {} : { PaymentChargesCode: details.PaymentChargesCode }),
    ...(details.UltimateOriginator === undefined ? {} : { UltimateOriginator: { ...details.UltimateOriginator } }),
  };
}

/** POST /Withdrawals/CreateAccountWithdrawal (JSON, or the `Request` part with supporting documents). */
export function createAccountWithdrawal(
  ctx: DomainContext,
  tenant: TenantId,
  body: unknown,
  supportingDocuments: readonly SupportingDocumentRecord[] = [],
): CreateWithdrawalOutcome {
  const { store, clock, events } = ctx;
  const accountId = memberId(body, "AccountId");
  const account = accountId === undefined ? undefined : store.accountOf(tenant, accountId);
  const found = ownedBeneficiary(store, tenant, body);
  const checked = validateCreateAccountWithdrawal(body, {
    ...(found === undefined ? {} : { beneficiary: beneficiaryRuleContext(store, found) }),
    ...(account === undefined ? {} : { account: accountRuleContext(account) }),
  });
  if (!checked.ok) return { ok: false, status: 400, issues: checked.issues };
  const request = checked.value;

  if (account === undefined)
    return refuse(
      400,
      "unknown_account",
      `Account ${request.AccountId} does not exist, or you have no permission to use it.`,
      "AccountId",
    );
  const beneficiary = payableBeneficiary(found, request.BeneficiaryId, account.Id, {
    code: request.CurrencyCode,
    target: "CurrencyCode",
  });
  if (isRefusal(beneficiary)) return beneficiary;
  const bankCountry = beneficiaryRuleContext(store, beneficiary).bankCountry;
  const wrongId = checkReferencedIds(store, request, account, bankCountry);
  if (wrongId !== undefined) return wrongId;
  const amount = amountToMove(ctx, account.Id, request.CurrencyCode, request.Amount);
  if (typeof amount !== "number") return amount;

  const withdrawal = store.atomically(() => {
    allocate(store, clock, account.Id, request.CurrencyCode, amount);
    const now = clock.now().toISOString();
    const created = store.withdrawals.insert({
      Id: store.nextId("withdrawals"),
      tenant,
      AccountId: account.Id,
      BeneficiaryId: beneficiary.Id,
      CurrencyCode: request.CurrencyCode,
      amount,
      ...(request.Reference === undefined ? {} : { Reference: request.Reference }),
      ...(request.Description === undefined ? {} : { Description: request.Description }),
      ...detailsOf(request),
      supportingDocuments: [...supportingDocuments],
      CreatedDate: now,
      ValueDate: now,
      StatusCode: "P",
    });
    events.raise(tenant, "WithdrawalCreated", created.Id);
    return created;
  });
  return { ok: true, withdrawal };
}

/** Exchange states from which an instruction can no longer complete and trigger a withdrawal. */
const closedInstructionStatuses: readonly string[] = ["C", "R", "X"];

/** Instruction withdrawals waiting on the exchange `exchangeId` (not rejected or cancelled). */
export function instructionWithdrawalsOf(store: Store, exchangeId: number): WithdrawalRecord[] {
  return store.withdrawals.filter(
    (row) => row.InstructionId === exchangeId && row.StatusCode !== "R" && row.StatusCode !== "X",
  );
}

/** The exchange of `tenant` that can still trigger a withdrawal, or why not (target InstructionId). */
function openInstruction(store: Store, tenant: TenantId, instructionId: number): ExchangeRecord | CommandRefusal {
  const exchange = store.owned(store.exchanges, tenant, instructionId);
  if (exchange === undefined)
    return refuse(
      400,
      "unknown_instruction",
      `InstructionId ${instructionId} is not an exchange instruction you can use.`,
      "InstructionId",
    );
  if (closedInstructionStatuses.includes(exchange.StatusCode)) {
    return refuse(
      400,
      "instruction_closed",
      `Exchange ${instructionId} can no longer complete and trigger a withdrawal.`,
      "InstructionId",
    );
  }
  if (instructionWithdrawalsOf(store, exchange.Id).length > 0) {
    return refuse(
      400,
      "instruction_in_use",
      `Exchange ${instructionId} already triggers a withdrawal.`,
      "InstructionId",
    );
  }
  return exchange;
}

/**
 * POST /Withdrawals/CreateInstructionWithdrawal: pays what the exchange `InstructionId` buys (its target
 * currency, its Bought amount) from its account once it completes; nothing is allocated until then. The
 * exchange now funds a known withdrawal, so its own BoEPurposeCodeId and ReceiverLei rules are applied too.
 */
export function createInstructionWithdrawal(
  ctx: DomainContext,
  tenant: TenantId,
  body: unknown,
): CreateWithdrawalOutcome {
  const { store, clock, events } = ctx;
  const instructionId = memberId(body, "InstructionId");
  const exchange = instructionId === undefined ? undefined : store.owned(store.exchanges, tenant, instructionId);
  const account = exchange === undefined ? undefined : store.accounts.get(exchange.AccountId);
  const found = ownedBeneficiary(store, tenant, body);
  const checked = validateCreateInstructionWithdrawal(body, {
    ...(exchange === undefined ? {} : { currencyCode: exchange.TargetCurrencyCode }),
    ...(found === undefined ? {} : { beneficiary: beneficiaryRuleContext(store, found) }),
    ...(account === undefined ? {} : { account: accountRuleContext(account) }),
  });
  if (!checked.ok) return { ok: false, status: 400, issues: checked.issues };
  const request = checked.value;

  const instruction = openInstruction(store, tenant, request.InstructionId);
  if (isRefusal(instruction)) return instruction;
  if (account === undefined) throw new Error(`exchange ${instruction.Id} names an account that does not exist`);
  const beneficiary = payableBeneficiary(found, request.BeneficiaryId, account.Id, {
    code: instruction.TargetCurrencyCode,
    target: "BeneficiaryId",
  });
  if (isRefusal(beneficiary)) return beneficiary;
  const beneficiaryContext = beneficiaryRuleContext(store, beneficiary);
  const wrongId = checkReferencedIds(store, request, account, beneficiaryContext.bankCountry);
  if (wrongId !== undefined) return wrongId;
  const instructionRule = instructionRuleRefusal(store, instruction, beneficiaryContext);
  if (instructionRule !== undefined) return instructionRule;

  const withdrawal = store.atomically(() => {
    const now = clock.now().toISOString();
    const created = store.withdrawals.insert({
      Id: store.nextId("withdrawals"),
      tenant,
      AccountId: account.Id,
      BeneficiaryId: beneficiary.Id,
      CurrencyCode: instruction.TargetCurrencyCode,
      amount: instruction.bought,
      InstructionId: instruction.Id,
      ...detailsOf(request),
      supportingDocuments: [],
      CreatedDate: now,
      ValueDate: now,
      StatusCode: "P",
    });
    events.raise(tenant, "WithdrawalCreated", created.Id);
    return created;
  });
  return { ok: true, withdrawal };
}

/** Whether the withdrawal holds funds while it waits: an instruction withdrawal does not. */
const holdsFunds = (withdrawal: WithdrawalRecord): boolean => withdrawal.InstructionId === undefined;

/** Withdrawals as movablePayment sees them. */
const withdrawalKind: PaymentKind<WithdrawalRecord> = {
  noun: "Withdrawal",
  table: (store) => store.withdrawals,
  statuses: withdrawalStatuses,
};

function approve(ctx: DomainContext, withdrawal: WithdrawalRecord): WithdrawalRecord {
  if (holdsFunds(withdrawal))
    startProcessing(ctx.store, ctx.clock, withdrawal.AccountId, withdrawal.CurrencyCode, withdrawal.amount);
  return ctx.store.withdrawals.update(withdrawal.Id, { StatusCode: "A" });
}

/** P → A. An Approved withdrawal can no longer be approved (410). */
export function approveWithdrawal(ctx: DomainContext, tenant: TenantId, id: number): Done | CommandRefusal {
  const withdrawal = movablePayment(ctx, withdrawalKind, tenant, id, "approved");
  if (isRefusal(withdrawal)) return withdrawal;
  if (withdrawal.StatusCode !== "P") return refuse(410, "gone", `Withdrawal ${id} is already approved.`);
  ctx.store.atomically(() => approve(ctx, withdrawal));
  return done;
}

/** P → R: the allocated funds return. Only a Pending withdrawal awaits approval. */
export function rejectWithdrawal(ctx: DomainContext, tenant: TenantId, id: number): Done | CommandRefusal {
  const withdrawal = movablePayment(ctx, withdrawalKind, tenant, id, "rejected");
  if (isRefusal(withdrawal)) return withdrawal;
  if (withdrawal.StatusCode !== "P")
    return refuse(410, "gone", `Withdrawal ${id} is already approved and can no longer be rejected.`);
  const { store, clock } = ctx;
  store.atomically(() => {
    if (holdsFunds(withdrawal)) release(store, clock, withdrawal.AccountId, withdrawal.CurrencyCode, withdrawal.amount);
    store.withdrawals.update(withdrawal.Id, { StatusCode: "R" });
  });
  return done;
}

/** P|A → X: the funds (allocated, or processing once approved) return to the account; WithdrawalCanceled. */
export function cancelWithdrawal(ctx: DomainContext, tenant: TenantId, id: number): Done | CommandRefusal {
  const withdrawal = movablePayment(ctx, withdrawalKind, tenant, id, "cancelled");
  if (isRefusal(withdrawal)) return withdrawal;
  const { store, events } = ctx;
  store.atomically(() => {
    if (holdsFunds(withdrawal)) {
      const from = withdrawal.StatusCode === "A" ? { processing: withdrawal.amount } : { allocated: withdrawal.amount };
      returnFunds(ctx, withdrawal.AccountId, withdrawal.CurrencyCode, from);
    }
    store.withdrawals.update(withdrawal.Id, { StatusCode: "X" });
    events.raise(withdrawal.tenant, "WithdrawalCanceled", withdrawal.Id);
  });
  return done;
}

/**
 * Control API: completes a withdrawal of any tenant (a Pending one is approved first): the funds leave the
 * account with a statement item. An instruction withdrawal needs its exchange Completed and is paid from the
 * available balance then (409 when the exchange is not completed or the funds are not there).
 */
export function completeWithdrawal(ctx: DomainContext, id: number): Done | CommandRefusal {
  const found = movablePayment(ctx, withdrawalKind, undefined, id, "completed");
  if (isRefusal(found)) return found;
  const { store, clock, events } = ctx;
  if (!holdsFunds(found) && store.exchanges.get(found.InstructionId ?? -1)?.StatusCode !== "C") {
    return refuse(
      409,
      "instruction_not_completed",
      `Withdrawal ${id} waits for exchange ${found.InstructionId} to complete.`,
    );
  }
  try {
    store.atomically(() => {
      const withdrawal = found.StatusCode === "P" ? approve(ctx, found) : found;
      if (!holdsFunds(withdrawal))
        allocate(store, clock, withdrawal.AccountId, withdrawal.CurrencyCode, withdrawal.amount);
      const beneficiary = store.beneficiaries.get(withdrawal.BeneficiaryId);
      const reference = withdrawal.Reference === undefined ? "" : ` ${withdrawal.Reference}`;
      debit(store, clock, {
        accountId: withdrawal.AccountId,
        currencyCode: withdrawal.CurrencyCode,
        amount: withdrawal.amount,
        from: holdsFunds(withdrawal) ? "processing" : "allocated",
        narrative: `Withdrawal${reference} to ${beneficiary?.Name ?? `beneficiary ${withdrawal.BeneficiaryId}`}`,
        detail: { kind: "withdrawal", id: withdrawal.Id },
      });
      store.withdrawals.update(withdrawal.Id, { StatusCode: "C", ValueDate: clock.now().toISOString() });
      events.raise(withdrawal.tenant, "WithdrawalCompleted", withdrawal.Id);
    });
  } catch (error) {
    if (!(error instanceof InsufficientFunds)) throw error;
    const decimals = decimalsOf(store, found.CurrencyCode);
    return refuse(
      409,
      "insufficient_funds",
      `Withdrawal ${id} needs ${fromMinor(error.requested, decimals)} ${found.CurrencyCode}; ${fromMinor(error.available, decimals)} is available.`,
    );
  }
  return done;
}

/** Why the MT103 confirmation cannot be given (400), or undefined when it can. */
export function mt103Refusal(store: Store, withdrawal: WithdrawalRecord): CommandRefusal | undefined {
  if (store.accounts.get(withdrawal.AccountId)?.setup.mt103Enabled !== true) {
    return refuse(
      400,
      "feature_not_enabled",
      `MT103 confirmations are not enabled for account ${withdrawal.AccountId}.`,
    );
  }
  if (withdrawal.StatusCode !== "C") {
    return refuse(
      400,
      "withdrawal_not_completed",
      `Withdrawal ${withdrawal.Id} is ${statusText(withdrawalStatuses, withdrawal.StatusCode)}, not Completed.`,
    );
  }
  return undefined;
}
