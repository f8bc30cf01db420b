/**
 * Withdrawals: funds leave the system for the bank account of a withdrawal beneficiary, through the payments'
 * lifecycle (`payment-lifecycle.ts`). An ad-hoc withdrawal allocates its funds when it is created; an
 * instruction withdrawal allocates nothing: it is paid from what its exchange buys, once that exchange completed.
 * Completing (the control API) debits the account with a statement item: WithdrawalCompleted. What a request is
 * checked with beyond its own fields: `withdrawal-checks.ts`.
 */
import { validateCreateAccountWithdrawal, validateCreateInstructionWithdrawal } from "@account-funds/validators";
import type {
  ExchangeRecord,
  SupportingDocumentRecord,
  TenantId,
  WithdrawalRecord,
} from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { allocate, debit } from "./balances.js";
import type { DomainContext } from "./context.js";
import { instructionRuleRefusal } from "./exchanges.js";
import { invalidRequest, type InvalidRequest } from "./outcomes.js";
import { amountToMove, createPayment, paymentCommands, type PaymentKind } from "./payment-lifecycle.js";
import { badRequest, isRefusal, refuse, unknownAccount, type CommandRefusal } from "./refusals.js";
import { statusText, withdrawalStatuses } from "./statuses.js";
import {
  accountRuleContext,
  beneficiaryRuleContext,
  detailsOf,
  memberId,
  ownedBeneficiary,
  payableBeneficiary,
  referencedIdRefusal,
} from "./withdrawal-checks.js";

export { beneficiaryRuleContext } from "./withdrawal-checks.js";

export type CreateWithdrawalOutcome = { ok: true; withdrawal: WithdrawalRecord } | CommandRefusal | InvalidRequest;

/** Whether the withdrawal holds funds while it waits: an instruction withdrawal does not. */
const holdsFunds = (withdrawal: WithdrawalRecord): boolean => withdrawal.InstructionId === undefined;

/** Withdrawals as the payments' lifecycle sees them. */
const withdrawalKind: PaymentKind<WithdrawalRecord> = {
  noun: "Withdrawal",
  table: (store) => store.withdrawals,
  counter: "withdrawals",
  move: (store, id, to) => store.withdrawals.update(id, to),
  holdsFunds,
  // An instruction withdrawal waits for its exchange; it is then paid from the available balance (409 without).
  notReady: (store, withdrawal) =>
    holdsFunds(withdrawal) || store.exchanges.get(withdrawal.InstructionId ?? -1)?.StatusCode === "C"
      ? undefined
      : refuse(
          409,
          "instruction_not_completed",
          `Withdrawal ${withdrawal.Id} waits for exchange ${withdrawal.InstructionId} to complete.`,
        ),
  settle(ctx, withdrawal) {
    const { store, clock } = ctx;
    const { AccountId: accountId, CurrencyCode: currencyCode, amount } = withdrawal;
    if (!holdsFunds(withdrawal)) allocate(store, clock, accountId, currencyCode, amount);
    const beneficiary = store.beneficiaries.get(withdrawal.BeneficiaryId);
    const reference = withdrawal.Reference === undefined ? "" : ` ${withdrawal.Reference}`;
    debit(store, clock, {
      accountId,
      currencyCode,
      amount,
      from: holdsFunds(withdrawal) ? "processing" : "allocated",
      narrative: `Withdrawal${reference} to ${beneficiary?.Name ?? `beneficiary ${withdrawal.BeneficiaryId}`}`,
      detail: { kind: "withdrawal", id: withdrawal.Id },
    });
    return [{ tenant: withdrawal.tenant, reason: "WithdrawalCompleted" }];
  },
};

/** Approve (P → A), reject (P → R), cancel (P|A → X; WithdrawalCanceled) and, for the control API, complete. */
export const {
  approve: approveWithdrawal,
  reject: rejectWithdrawal,
  cancel: cancelWithdrawal,
  complete: completeWithdrawal,
} = paymentCommands(withdrawalKind);

/** POST /Withdrawals/CreateAccountWithdrawal (JSON, or the `Request` part with supporting documents). */
export function createAccountWithdrawal(
  ctx: DomainContext,
  tenant: TenantId,
  body: unknown,
  supportingDocuments: readonly SupportingDocumentRecord[] = [],
): CreateWithdrawalOutcome {
  const { store } = ctx;
  const accountId = memberId(body, "AccountId");
  const account = accountId === undefined ? undefined : store.accountOf(tenant, accountId);
  const found = ownedBeneficiary(store, tenant, body);
  const checked = validateCreateAccountWithdrawal(body, {
    wireForm: true,
    ...(found === undefined ? {} : { beneficiary: beneficiaryRuleContext(store, found) }),
    ...(account === undefined ? {} : { account: accountRuleContext(account) }),
  });
  if (!checked.ok) return invalidRequest(checked.issues);
  const request = checked.value;

  if (account === undefined) return unknownAccount(request.AccountId);
  const beneficiary = payableBeneficiary(found, request.BeneficiaryId, account.Id, {
    code: request.CurrencyCode,
    target: "CurrencyCode",
  });
  if (isRefusal(beneficiary)) return beneficiary;
  const bankCountry = beneficiaryRuleContext(store, beneficiary).bankCountry;
  const wrongId = referencedIdRefusal(store, request, account, bankCountry);
  if (wrongId !== undefined) return wrongId;
  const amount = amountToMove(ctx, account.Id, request.CurrencyCode, request.Amount);
  if (typeof amount !== "number") return amount;

  const { CurrencyCode } = request;
  const order = { tenant, AccountId: account.Id, BeneficiaryId: beneficiary.Id, CurrencyCode, amount };
  const withdrawal = createPayment(ctx, withdrawalKind, order, (fresh) => ({
    ...fresh,
    ...(request.Reference === undefined ? {} : { Reference: request.Reference }),
    ...(request.Description === undefined ? {} : { Description: request.Description }),
    ...detailsOf(request),
    supportingDocuments: [...supportingDocuments],
  }));
  return { ok: true, withdrawal };
}

/** Exchange states from which an instruction can no longer complete and trigger a withdrawal. */
const closedInstructionStatuses: readonly string[] = ["C", "R", "X"];

/** Instruction withdrawals waiting on the exchange `exchangeId` (not rejected or cancelled). */
function instructionWithdrawalsOf(store: Store, exchangeId: number): WithdrawalRecord[] {
  return store.withdrawals.filter(
    (row) => row.InstructionId === exchangeId && row.StatusCode !== "R" && row.StatusCode !== "X",
  );
}

/** The exchange of `tenant` that can still trigger a withdrawal, or why not (target InstructionId). */
function openInstruction(store: Store, tenant: TenantId, instructionId: number): ExchangeRecord | CommandRefusal {
  const exchange = store.owned(store.exchanges, tenant, instructionId);
  if (exchange === undefined) {
    const message = `InstructionId ${instructionId} is not an exchange instruction you can use.`;
    return badRequest("unknown_instruction", message, "InstructionId");
  }
  if (closedInstructionStatuses.includes(exchange.StatusCode)) {
    const message = `Exchange ${instructionId} can no longer complete and trigger a withdrawal.`;
    return badRequest("instruction_closed", message, "InstructionId");
  }
  if (instructionWithdrawalsOf(store, exchange.Id).length > 0) {
    const message = `Exchange ${instructionId} already triggers a withdrawal.`;
    return badRequest("instruction_in_use", message, "InstructionId");
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
  const { store } = ctx;
  const instructionId = memberId(body, "InstructionId");
  const exchange = instructionId === undefined ? undefined : store.owned(store.exchanges, tenant, instructionId);
  const account = exchange === undefined ? undefined : store.accounts.get(exchange.AccountId);
  const found = ownedBeneficiary(store, tenant, body);
  const checked = validateCreateInstructionWithdrawal(body, {
    wireForm: true,
    ...(exchange === undefined ? {} : { currencyCode: exchange.TargetCurrencyCode }),
    ...(found === undefined ? {} : { beneficiary: beneficiaryRuleContext(store, found) }),
    ...(account === undefined ? {} : { account: accountRuleContext(account) }),
  });
  if (!checked.ok) return invalidRequest(checked.issues);
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
  const wrongId = referencedIdRefusal(store, request, account, beneficiaryContext.bankCountry);
  if (wrongId !== undefined) return wrongId;
  const instructionRule = instructionRuleRefusal(store, instruction, beneficiaryContext);
  if (instructionRule !== undefined) return instructionRule;

  const order = {
    tenant,
    AccountId: account.Id,
    BeneficiaryId: beneficiary.Id,
    CurrencyCode: instruction.TargetCurrencyCode,
    amount: instruction.bought,
  };
  const withdrawal = createPayment(ctx, withdrawalKind, order, (fresh) => ({
    ...fresh,
    InstructionId: instruction.Id,
    ...detailsOf(request),
    supportingDocuments: [],
  }));
  return { ok: true, withdrawal };
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
