/**
 * Transfers (spec/paths/transfers.yaml). A transfer is outbound for the tenant whose account pays and inbound
 * for the tenant whose account receives; /Transfers shows both. The commands act for the paying tenant only:
 * the receiving one sees the transfer but cannot move it (404, as for anyone else's).
 */
import {
  created,
  entity,
  list,
  notFound,
  type Handler,
  type HandlerTable,
  type RequestContext,
} from "../api/handler.js";
import { locationOf } from "../../foundation/http/operation-path.js";
import type { TransferRecord } from "../../foundation/state/records.js";
import {
  approveTransfer,
  cancelTransfer,
  createTransfer,
  isInboundFor,
  isOutboundFor,
  rejectTransfer,
} from "../../model/domain/transfers.js";
import { toInboundTransferDto, toOutboundTransferDto, toTransferDto } from "../dto/transfer.js";
import { noFees } from "../dto/fee.js";
import { commandResult } from "./command-result.js";

type Visibility = (context: RequestContext, transfer: TransferRecord) => boolean;
const outbound: Visibility = (context, transfer) => isOutboundFor(context.store, context.tenant, transfer);
const inbound: Visibility = (context, transfer) => isInboundFor(context.store, context.tenant, transfer);
const either: Visibility = (context, transfer) => outbound(context, transfer) || inbound(context, transfer);

function visibleTransfer(context: RequestContext, id: number, visible: Visibility): TransferRecord | undefined {
  const transfer = context.store.transfers.get(id);
  return transfer !== undefined && visible(context, transfer) ? transfer : undefined;
}

const fees = (visible: Visibility) => (context: RequestContext & { readonly path: { readonly transferId: number } }) =>
  visibleTransfer(context, context.path.transferId, visible) === undefined ? notFound("The transfer") : list(noFees());

const listTransfers: Handler<"listTransfers"> = (context) =>
  list(
    context.store.transfers
      .filter((transfer) => either(context, transfer))
      .map((transfer) => toTransferDto(context.store, transfer)),
  );

const getTransfer: Handler<"getTransfer"> = (context) => {
  const transfer = visibleTransfer(context, context.path.id, either);
  return transfer === undefined ? notFound("The transfer") : entity(toTransferDto(context.store, transfer));
};

const getInboundTransfer: Handler<"getInboundTransfer"> = (context) => {
  const transfer = visibleTransfer(context, context.path.id, inbound);
  return transfer === undefined
    ? notFound("The inbound transfer")
    : entity(toInboundTransferDto(context.store, transfer));
};

const getOutboundTransfer: Handler<"getOutboundTransfer"> = (context) => {
  const transfer = visibleTransfer(context, context.path.id, outbound);
  return transfer === undefined
    ? notFound("The outbound transfer")
    : entity(toOutboundTransferDto(context.store, transfer));
};

const listAccountInboundTransfers: Handler<"listAccountInboundTransfers"> = (context) => {
  const account = context.store.accountOf(context.tenant, context.path.accountId);
  if (account === undefined) return notFound("The account");
  const received = context.store.transfers.filter((transfer) => transfer.BeneficiaryAccountId === account.Id);
  return list(received.map((transfer) => toInboundTransferDto(context.store, transfer)));
};

const listAccountOutboundTransfers: Handler<"listAccountOutboundTransfers"> = (context) => {
  const account = context.store.accountOf(context.tenant, context.path.accountId);
  if (account === undefined) return notFound("The account");
  const sent = context.store.transfers.filter((transfer) => transfer.AccountId === account.Id);
  return list(sent.map((transfer) => toOutboundTransferDto(context.store, transfer)));
};

const createAccountTransfer: Handler<"createAccountTransfer"> = (context) => {
  const outcome = createTransfer(context, context.tenant, context.body);
  return outcome.ok
    ? created(outcome.transfer.Id, locationOf("getTransfer", { id: outcome.transfer.Id }))
    : commandResult(outcome);
};

export const transferHandlers = {
  listTransfers,
  getTransfer,
  listTransferFees: fees(either),
  getInboundTransfer,
  listInboundTransferFees: fees(inbound),
  getOutboundTransfer,
  listOutboundTransferFees: fees(outbound),
  listAccountInboundTransfers,
  listAccountOutboundTransfers,
  createAccountTransfer,
  approveTransfer: (context) => commandResult(approveTransfer(context, context.tenant, context.path.transferId)),
  rejectTransfer: (context) => commandResult(rejectTransfer(context, context.tenant, context.path.transferId)),
  cancelTransfer: (context) => commandResult(cancelTransfer(context, context.tenant, context.path.transferId)),
} satisfies Partial<HandlerTable>;
