/**
 * Withdrawals (spec/paths/withdrawals.yaml): queries of the caller's withdrawals, the two create commands
 * (account withdrawal as JSON or multipart with supporting documents; instruction withdrawal), approve,
 * reject, cancel, and the MT103 confirmation of a completed withdrawal as text/plain.
 */
import { badRequest, created, entity, list, notFound, type Handler, type HandlerContext } from "../api/handler.js";
import type { SupportingDocumentRecord, WithdrawalRecord } from "../state/records.js";
import {
  approveWithdrawal,
  cancelWithdrawal,
  createAccountWithdrawal as createAccount,
  createInstructionWithdrawal as createInstruction,
  mt103Refusal,
  rejectWithdrawal,
  type CreateWithdrawalOutcome,
} from "../domain/withdrawals.js";
import { toMt103Text, toWithdrawalDto } from "../dto/withdrawal.js";
import { noFees } from "../dto/fee.js";
import { commandResult } from "./command-result.js";

/** The caller's withdrawal named by path parameter `key`. */
function ownWithdrawal(context: HandlerContext, key: string): WithdrawalRecord | undefined {
  return context.store.owned(context.store.withdrawals, context.tenant, Number(context.path[key]));
}

const withdrawalId = (context: HandlerContext): number => Number(context.path["withdrawalId"]);

/** The multipart parts named `SupportingDocuments`, as the withdrawal keeps them (name, type, size). */
function supportingDocuments(context: HandlerContext): SupportingDocumentRecord[] {
  return context.files
    .filter((file) => file.fieldName === "SupportingDocuments")
    .map((file) => ({ fileName: file.fileName, contentType: file.contentType, size: file.size }));
}

const createdWithdrawal = (outcome: CreateWithdrawalOutcome) =>
  outcome.ok ? created(outcome.withdrawal.Id, `/api/v1/Withdrawals(${outcome.withdrawal.Id})`) : commandResult(outcome);

const listWithdrawals: Handler = (context) =>
  list(
    context.store.withdrawals
      .filter((row) => row.tenant === context.tenant)
      .map((row) => toWithdrawalDto(context.store, row)),
  );

const getWithdrawal: Handler = (context) => {
  const withdrawal = ownWithdrawal(context, "id");
  return withdrawal === undefined ? notFound("The withdrawal") : entity(toWithdrawalDto(context.store, withdrawal));
};

const listWithdrawalFees: Handler = (context) =>
  ownWithdrawal(context, "withdrawalId") === undefined ? notFound("The withdrawal") : list(noFees());

/** PaymentConfirmationDetailsDto has no fields the reference shows: an empty entity. */
const getWithdrawalPaymentConfirmationDetails: Handler = (context) =>
  ownWithdrawal(context, "withdrawalId") === undefined ? notFound("The withdrawal") : entity({});

const listAccountWithdrawals: Handler = (context) => {
  const account = context.store.accountOf(context.tenant, Number(context.path["accountId"]));
  if (account === undefined) return notFound("The account");
  const rows = context.store.withdrawals.filter((row) => row.AccountId === account.Id);
  return list(rows.map((row) => toWithdrawalDto(context.store, row)));
};

const getWithdrawalConfirmationMt103: Handler = (context) => {
  const withdrawal = ownWithdrawal(context, "withdrawalId");
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
    createdWithdrawal(createAccount(context, context.tenant, context.body, supportingDocuments(context))),
  createInstructionWithdrawal: (context) => createdWithdrawal(createInstruction(context, context.tenant, context.body)),
  approveWithdrawal: (context) => commandResult(approveWithdrawal(context, context.tenant, withdrawalId(context))),
  rejectWithdrawal: (context) => commandResult(rejectWithdrawal(context, context.tenant, withdrawalId(context))),
  cancelWithdrawal: (context) => commandResult(cancelWithdrawal(context, context.tenant, withdrawalId(context))),
  getWithdrawalConfirmationMt103,
} satisfies Record<string, Handler>;
