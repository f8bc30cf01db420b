/**
 * Internal transfers: an account pays one of its transfer beneficiaries (another account within the system).
 *
 *   create   → P   funds allocated on the paying account, TransferCreated
 *   approve  P → A allocated funds move to processing
 *   reject   P → R allocated funds returned
 *   cancel   P|A → X funds returned (allocated or processing), TransferCanceled
 *   complete A (P is approved first) → C (control API): payer debited from processing, beneficiary account
 *            credited, TransferCompleted to the payer's tenant and IncomingTransferCompleted to the receiver's
 * C, R and X are final: approve, reject and cancel answer 410 there. Every command runs inside
 * `store.atomically`, so a refused one changes nothing.
 */
import { validateCreateAccountTransfer } from "@account-funds/validators";
import type { TenantId, TransferBeneficiaryRecord, TransferRecord } from "../state/records.js";
import type { Store } from "../state/store.js";
import type { DomainContext } from "./context.js";
import { movablePayment, type PaymentKind } from "./movable-payment.js";
import { availableOf, balanceOf, credit, debit, release, allocate, startProcessing } from "./balances.js";
import { decimalsOf, fromMinor, toMinor } from "./money.js";
import { transferStatuses } from "./statuses.js";
import { type CommandRefusal, type InvalidRequest, type Done, refuse, isRefusal, done } from "./outcomes.js";

/** The Enabled transfer beneficiary of `tenant` that `accountId` may pay, or undefined. */
export function payableTransferBeneficiary(
  ctx: DomainContext,
  tenant: TenantId,
  accountId: number,
  beneficiaryId: number,
): TransferBeneficiaryRecord | undefined {
  const beneficiary = ctx.store.owned(ctx.store.transferBeneficiaries, tenant, beneficiaryId);
  return beneficiary !== undefined && beneficiary.AccountId === accountId && beneficiary.StatusCode === "E"
    ? beneficiary
    : undefined;
}

/**
 * The amount to move in minor units: the requested one, or the whole available balance when Amount is absent
 * ("the maximum transferable amount"). Refused (target `Amount`) when it exceeds what is available.
 */
export function amountToMove(
  ctx: DomainContext,
  accountId: number,
  currencyCode: string,
  requested: number | undefined,
): number | CommandRefusal {
  const decimals = decimalsOf(ctx.store, currencyCode);
  const balance = balanceOf(ctx.store, accountId, currencyCode);
  const available = balance === undefined ? 0 : availableOf(balance);
  const shown = `${fromMinor(available, decimals).toFixed(decimals)} ${currencyCode}`;
  if (requested === undefined) {
    return available > 0
      ? available
      : refuse(
          400,
          "insufficient_funds",
          `No funds are available in ${currencyCode} on account ${accountId}.`,
          "Amount",
        );
  }
  const amount = toMinor(requested, decimals);
  if (amount === undefined)
    return refuse(
      400,
      "invalid_amount",
      `Amount has more decimal places than ${currencyCode} allows (${decimals}).`,
      "Amount",
    );
  if (amount > available)
    return refuse(400, "insufficient_funds", `Amount exceeds the available balance of ${shown}.`, "Amount");
  return amount;
}

/** POST /Transfers/CreateAccountTransfer: validates, checks references and funds, then allocates. */
export function createTransfer(
  ctx: DomainContext,
  tenant: TenantId,
  body: unknown,
): { ok: true; transfer: TransferRecord } | CommandRefusal | InvalidRequest {
  const checked = validateCreateAccountTransfer(body);
  if (!checked.ok) return { ok: false, status: 400, issues: checked.issues };
  const request = checked.value;
  const { store, clock, events } = ctx;

  const account = store.accountOf(tenant, request.AccountId);
  if (account === undefined)
    return refuse(
      400,
      "unknown_account",
      `Account ${request.AccountId} does not exist, or you have no permission to use it.`,
      "AccountId",
    );
  const beneficiary = payableTransferBeneficiary(ctx, tenant, account.Id, request.BeneficiaryId);
  if (beneficiary === undefined) {
    return refuse(
      400,
      "unknown_beneficiary",
      `BeneficiaryId ${request.BeneficiaryId} is not an enabled transfer beneficiary of account ${account.Id}.`,
      "BeneficiaryId",
    );
  }
  if (beneficiary.CurrencyCode !== request.CurrencyCode) {
    return refuse(
      400,
      "currency_mismatch",
      `Transfer beneficiary ${beneficiary.Id} receives ${beneficiary.CurrencyCode}, not ${request.CurrencyCode}.`,
      "CurrencyCode",
    );
  }
  const amount = amountToMove(ctx, account.Id, request.CurrencyCode, request.Amount);
  if (typeof amount !== "number") return amount;

  const transfer = store.atomically(() => {
    allocate(store, clock, account.Id, request.CurrencyCode, amount);
    const now = clock.now().toISOString();
    const created = store.transfers.insert({
      Id: store.nextId("transfers"),
      tenant,
      AccountId: account.Id,
      BeneficiaryId: beneficiary.Id,
      BeneficiaryAccountId: beneficiary.BeneficiaryAccountId,
      CurrencyCode: request.CurrencyCode,
      amount,
      ...(request.Reference === undefined ? {} : { Reference: request.Reference }),
      CreatedDate: now,
      ValueDate: now,
      StatusCode: "P",
    });
    events.raise(tenant, "TransferCreated", created.Id);
    return created;
  });
  return { ok: true, transfer };
}

/** Transfers as movablePayment sees them. */
const transferKind: PaymentKind<TransferRecord> = {
  noun: "Transfer",
  table: (store) => store.transfers,
  statuses: transferStatuses,
};

/** P → A: the allocated funds start processing. An Approved transfer can no longer be approved (410). */
export function approveTransfer(ctx: DomainContext, tenant: TenantId, id: number): Done | CommandRefusal {
  const transfer = movablePayment(ctx, transferKind, tenant, id, "approved");
  if (isRefusal(transfer)) return transfer;
  if (transfer.StatusCode !== "P") return refuse(410, "gone", `Transfer ${id} is already approved.`);
  ctx.store.atomically(() => approve(ctx, transfer));
  return done;
}

function approve(ctx: DomainContext, transfer: TransferRecord): TransferRecord {
  startProcessing(ctx.store, ctx.clock, transfer.AccountId, transfer.CurrencyCode, transfer.amount);
  return ctx.store.transfers.update(transfer.Id, { StatusCode: "A" });
}

/** P → R: the allocated funds return to the available balance. Only a Pending transfer awaits approval. */
export function rejectTransfer(ctx: DomainContext, tenant: TenantId, id: number): Done | CommandRefusal {
  const transfer = movablePayment(ctx, transferKind, tenant, id, "rejected");
  if (isRefusal(transfer)) return transfer;
  if (transfer.StatusCode !== "P")
    return refuse(410, "gone", `Transfer ${id} is already approved and can no longer be rejected.`);
  const { store, clock } = ctx;
  store.atomically(() => {
    release(store, clock, transfer.AccountId, transfer.CurrencyCode, transfer.amount);
    store.transfers.update(transfer.Id, { StatusCode: "R" });
  });
  return done;
}

/** P|A → X: the funds (allocated, or processing once approved) return to the account; TransferCanceled. */
export function cancelTransfer(ctx: DomainContext, tenant: TenantId, id: number): Done | CommandRefusal {
  const transfer = movablePayment(ctx, transferKind, tenant, id, "cancelled");
  if (isRefusal(transfer)) return transfer;
  const { store, events } = ctx;
  store.atomically(() => {
    const from = transfer.StatusCode === "A" ? { processing: transfer.amount } : { allocated: transfer.amount };
    returnFunds(ctx, transfer.AccountId, transfer.CurrencyCode, from);
    store.transfers.update(transfer.Id, { StatusCode: "X" });
    events.raise(transfer.tenant, "TransferCanceled", transfer.Id);
  });
  return done;
}

/** Gives back reserved funds: allocated ones directly, processing ones by moving them back first. */
export function returnFunds(
  ctx: DomainContext,
  accountId: number,
  currencyCode: string,
  from: { allocated: number } | { processing: number },
): void {
  const { store, clock } = ctx;
  if ("processing" in from) {
    // balances.ts has no "stop processing": move processing back to allocated (a negative start), then release.
    startProcessing(store, clock, accountId, currencyCode, -from.processing);
    release(store, clock, accountId, currencyCode, from.processing);
  } else {
    release(store, clock, accountId, currencyCode, from.allocated);
  }
}

/**
 * Control API: completes a transfer of any tenant (a Pending one is approved first). The payer is debited
 * from processing and the beneficiary account credited, each with a statement item.
 */
export function completeTransfer(ctx: DomainContext, id: number): Done | CommandRefusal {
  const found = movablePayment(ctx, transferKind, undefined, id, "completed");
  if (isRefusal(found)) return found;
  const { store, clock, events } = ctx;
  store.atomically(() => {
    const transfer = found.StatusCode === "P" ? approve(ctx, found) : found;
    const payer = store.accounts.get(transfer.AccountId);
    const receiver = store.accounts.get(transfer.BeneficiaryAccountId);
    if (payer === undefined || receiver === undefined)
      throw new Error(`transfer ${id} names an account that does not exist`);
    const reference = transfer.Reference === undefined ? "" : ` ${transfer.Reference}`;
    debit(store, clock, {
      accountId: payer.Id,
      currencyCode: transfer.CurrencyCode,
      amount: transfer.amount,
      from: "processing",
      narrative: `Transfer${reference} to ${receiver.Name}`,
      detail: { kind: "transfer", id: transfer.Id },
    });
    credit(store, clock, {
      accountId: receiver.Id,
      currencyCode: transfer.CurrencyCode,
      amount: transfer.amount,
      narrative: `Transfer${reference} from ${payer.Name}`,
      detail: { kind: "transfer", id: transfer.Id },
    });
    store.transfers.update(transfer.Id, { StatusCode: "C", ValueDate: clock.now().toISOString() });
    events.raise(transfer.tenant, "TransferCompleted", transfer.Id);
    events.raise(receiver.tenant, "IncomingTransferCompleted", transfer.Id);
  });
  return done;
}

/** Outbound for `tenant`: one of its accounts pays. */
export function isOutboundFor(store: Store, tenant: TenantId, transfer: TransferRecord): boolean {
  return store.accountOf(tenant, transfer.AccountId) !== undefined;
}

/** Inbound for `tenant`: one of its accounts receives. */
export function isInboundFor(store: Store, tenant: TenantId, transfer: TransferRecord): boolean {
  return store.accountOf(tenant, transfer.BeneficiaryAccountId) !== undefined;
}
