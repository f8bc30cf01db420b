/**
 * Withdrawals (spec/paths/withdrawals.yaml): queries of the caller's withdrawals, the two create commands
 * (account withdrawal as JSON or multipart with supporting documents; instruction withdrawal), approve,
 * reject, cancel, and the MT103 confirmation of a completed withdrawal as text/plain.
 */
import {
  badRequest,
  created,
  entity,
  list,
  notFound,
  type Handler,
  type HandlerContext,
  type HandlerTable,
  type RequestContext,
} from "../api/handler.js";
import { locationOf } from "../../foundation/http/operation-path.js";
import type { SupportingDocumentRecord, WithdrawalRecord } from "../../foundation/state/records.js";
import {
  approveWithdrawal,
  cancelWithdrawal,
  createAccountWithdrawal as createAccount,
  createInstructionWithdrawal as createInstruction,
  mt103Refusal,
  rejectWithdrawal,
  type CreateWithdrawalOutcome,
} from "../../model/domain/withdrawals.js";
import { toMt103Text, toWithdrawalDto } from "../dto/withdrawal.js";
import { noFees } from "../dto/fee.js";
import { commandResult } from "./command-result.js";

/** The caller's withdrawal `id`. */
function ownWithdrawal(context: RequestContext, id: number): WithdrawalRecord | undefined {
  return context.store.owned(context.store.withdrawals, context.tenant, id);
}

/** The multipart parts named `SupportingDocuments`, as the withdrawal keeps them (name, type, size). */
function supportingDocuments(context: HandlerContext<"createAccountWithdrawal">): SupportingDocumentRecord[] {
  return context.files
    .filter((file) => file.fieldName === "SupportingDocuments")
    .map((file) => ({ fileName: file.fileName, contentType: file.contentType, size: file.size }));
}

const createdWithdrawal = (outcome: CreateWithdrawalOutcome, bodyPointer = "") =>
  outcome.ok
    ? created(outcome.withdrawal.Id, locationOf("getWithdrawal", { id: outcome.withdrawal.Id }))
    : commandResult(outcome, bodyPointer);

const listWithdrawals: Handler<"listWithdrawals"> = (context) =>
  list(
    context.store.withdrawals
      .filter((row) => row.tenant === context.tenant)
      .map((row) => toWithdrawalDto(context.store, row)),
  );

const getWithdrawal: Handler<"getWithdrawal"> = (context) => {
  const withdrawal = ownWithdrawal(context, context.path.id);
  return withdrawal === undefined ? notFound("The withdrawal") : entity(toWithdrawalDto(context.store, withdrawal));
};

const listWithdrawalFees: Handler<"listWithdrawalFees"> = (context) =>
  ownWithdrawal(context, context.path.withdrawalId) === undefined ? notFound("The withdrawal") : list(noFees());

/** PaymentConfirmationDetailsDto has no fields the reference shows: an empty entity. */
const getWithdrawalPaymentConfirmationDetails: Handler<"getWithdrawalPaymentConfirmationDetails"> = (context) =>
  ownWithdrawal(context, context.path.withdrawalId) === undefined ? notFound("The withdrawal") : entity({});

const listAccountWithdrawals: Handler<"listAccountWithdrawals"> = (context) => {
  const account = context.store.accountOf(context.tenant, context.path.accountId);
  if (account === undefined) return notFound("The account");
  const rows = context.store.withdrawals.filter((row) => row.AccountId === account.Id);
  return list(rows.map((row) => toWithdrawalDto(context.store, row)));
};

const getWithdrawalConfirmationMt103: Handler<"getWithdrawalConfirmationMt103"> = (context) => {
  const withdrawal = ownWithdrawal(context, context.path.withdrawalId);
  if (withdrawal === undefined) return notFound("The withdrawal");
  const refusal = mt103Refusal(context.store, withdrawal);
  if (refusal !== undefined) return badRequest(refusal.code, refusal.message);
  return { kind: "response", status: 200, body: toMt103Text(context.store, withdrawal), contentType: "text/plain" };
};

export const withdrawalHandlers = {
  listWithdrawals,
  getWithdrawal,
  listWithdrawalFees,
  getWithdrawalPaymentConfirmationDetails,
  listAccountWithdrawals,
  createAccountWithdrawal: (context) =>
    createdWithdrawal(
      createAccount(context, context.tenant, context.body, supportingDocuments(context)),
      context.bodyPointer,
    ),
  createInstructionWithdrawal: (context) => createdWithdrawal(createInstruction(context, context.tenant, context.body)),
  approveWithdrawal: (context) => commandResult(approveWithdrawal(context, context.tenant, context.path.withdrawalId)),
  rejectWithdrawal: (context) => commandResult(rejectWithdrawal(context, context.tenant, context.path.withdrawalId)),
  cancelWithdrawal: (context) => commandResult(cancelWithdrawal(context, context.tenant, context.path.withdrawalId)),
  getWithdrawalConfirmationMt103,
} satisfies Partial<HandlerTable>;
