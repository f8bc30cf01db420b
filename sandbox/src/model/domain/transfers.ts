/**
 * Internal transfers: an account pays one of its transfer beneficiaries (another account within the system),
 * through the payments' lifecycle (`payment-lifecycle.ts`): created P with its funds allocated, approved,
 * rejected, cancelled, and completed by the control API: the payer is debited from processing and the
 * beneficiary account credited, TransferCompleted to the payer's tenant and IncomingTransferCompleted to the
 * receiver's.
 */
import { validateCreateAccountTransfer } from "@account-funds/validators";
import type { TenantId, TransferBeneficiaryRecord, TransferRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import type { DomainContext } from "./context.js";
import { credit, debit } from "./balances.js";
import { invalidRequest, type InvalidRequest } from "./outcomes.js";
import { amountToMove, createPayment, paymentCommands, type PaymentKind } from "./payment-lifecycle.js";
import { badRequest, unknownAccount, type CommandRefusal } from "./refusals.js";

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

/** POST /Transfers/CreateAccountTransfer: validates, checks references and funds, then allocates. */
export function createTransfer(
  ctx: DomainContext,
  tenant: TenantId,
  body: unknown,
): { ok: true; transfer: TransferRecord } | CommandRefusal | InvalidRequest {
  const checked = validateCreateAccountTransfer(body, { wireForm: true });
  if (!checked.ok) return invalidRequest(checked.issues);
  const request = checked.value;

  const account = ctx.store.accountOf(tenant, request.AccountId);
  if (account === undefined) return unknownAccount(request.AccountId);
  const beneficiary = payableTransferBeneficiary(ctx, tenant, account.Id, request.BeneficiaryId);
  if (beneficiary === undefined) {
    return badRequest(
      "unknown_beneficiary",
      `BeneficiaryId ${request.BeneficiaryId} is not an enabled transfer beneficiary of account ${account.Id}.`,
      "BeneficiaryId",
    );
  }
  if (beneficiary.CurrencyCode !== request.CurrencyCode) {
    return badRequest(
      "currency_mismatch",
      `Transfer beneficiary ${beneficiary.Id} receives ${beneficiary.CurrencyCode}, not ${request.CurrencyCode}.`,
      "CurrencyCode",
    );
  }
  const amount = amountToMove(ctx, account.Id, request.CurrencyCode, request.Amount);
  if (typeof amount !== "number") return amount;

  const { CurrencyCode } = request;
  const order = { tenant, AccountId: account.Id, BeneficiaryId: beneficiary.Id, CurrencyCode, amount };
  const transfer = createPayment(ctx, transferKind, order, (fresh) => ({
    ...fresh,
    BeneficiaryAccountId: beneficiary.BeneficiaryAccountId,
    ...(request.Reference === undefined ? {} : { Reference: request.Reference }),
  }));
  return { ok: true, transfer };
}

/** Transfers as the payments' lifecycle sees them. */
const transferKind: PaymentKind<TransferRecord> = {
  noun: "Transfer",
  table: (store) => store.transfers,
  counter: "transfers",
  move: (store, id, to) => store.transfers.update(id, to),
  holdsFunds: () => true,
  settle(ctx, transfer) {
    const { store, clock } = ctx;
    const payer = store.accounts.get(transfer.AccountId);
    const receiver = store.accounts.get(transfer.BeneficiaryAccountId);
    if (payer === undefined || receiver === undefined)
      throw new Error(`transfer ${transfer.Id} names an account that does not exist`);
    const reference = transfer.Reference === undefined ? "" : ` ${transfer.Reference}`;
    const detail = { kind: "transfer", id: transfer.Id } as const;
    const { CurrencyCode: currencyCode, amount } = transfer;
    const to = `Transfer${reference} to ${receiver.Name}`;
    debit(store, clock, { accountId: payer.Id, currencyCode, amount, from: "processing", narrative: to, detail });
    const from = `Transfer${reference} from ${payer.Name}`;
    credit(store, clock, { accountId: receiver.Id, currencyCode, amount, narrative: from, detail });
    return [
      { tenant: transfer.tenant, reason: "TransferCompleted" },
      { tenant: receiver.tenant, reason: "IncomingTransferCompleted" },
    ];
  },
};

/** Approve (P → A), reject (P → R), cancel (P|A → X; TransferCanceled) and, for the control API, complete. */
export const {
  approve: approveTransfer,
  reject: rejectTransfer,
  cancel: cancelTransfer,
  complete: completeTransfer,
} = paymentCommands(transferKind);

/** Outbound for `tenant`: one of its accounts pays. */
export function isOutboundFor(store: Store, tenant: TenantId, transfer: TransferRecord): boolean {
  return store.accountOf(tenant, transfer.AccountId) !== undefined;
}

/** Inbound for `tenant`: one of its accounts receives. */
export function isInboundFor(store: Store, tenant: TenantId, transfer: TransferRecord): boolean {
  return store.accountOf(tenant, transfer.BeneficiaryAccountId) !== undefined;
}
