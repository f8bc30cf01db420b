/**
 * Transfers (spec/paths/transfers.yaml). A transfer is outbound for the tenant whose account pays and inbound
 * for the tenant whose account receives; /Transfers shows both. The commands act for the paying tenant only:
 * the receiving one sees the transfer but cannot move it (404, as for anyone else's).
 */
import { created, entity, list, notFound, type Handler, type HandlerContext } from "../api/handler.js";
import type { TransferRecord } from "../state/records.js";
import {
  approveTransfer,
  cancelTransfer,
  createTransfer,
  isInboundFor,
  isOutboundFor,
  rejectTransfer,
} from "../domain/transfers.js";
import { toInboundTransferDto, toOutboundTransferDto, toTransferDto } from "../dto/transfer.js";
import { noFees } from "../dto/fee.js";
import { commandResult } from "./command-result.js";

type Visibility = (context: HandlerContext, transfer: TransferRecord) => boolean;
const outbound: Visibility = (context, transfer) => isOutboundFor(context.store, context.tenant, transfer);
const inbound: Visibility = (context, transfer) => isInboundFor(context.store, context.tenant, transfer);
const either: Visibility = (context, transfer) => outbound(context, transfer) || inbound(context, transfer);

function visibleTransfer(context: HandlerContext, key: string, visible: Visibility): TransferRecord | undefined {
  const transfer = context.store.transfers.get(Number(context.path[key]));
  return transfer !== undefined && visible(context, transfer) ? transfer : undefined;
}

const fees =
  (key: string, visible: Visibility): Handler =>
  (context) =>
    visibleTransfer(context, key, visible) === undefined ? notFound("The transfer") : list(noFees());

const listTransfers: Handler = (context) =>
  list(
    context.store.transfers
      .filter((transfer) => either(context, transfer))
      .map((transfer) => toTransferDto(context.store, transfer)),
  );

const getTransfer: Handler = (context) => {
  const transfer = visibleTransfer(context, "id", either);
  return transfer === undefined ? notFound("The transfer") : entity(toTransferDto(context.store, transfer));
};

const getInboundTransfer: Handler = (context) => {
  const transfer = visibleTransfer(context, "id", inbound);
  return transfer === undefined
    ? notFound("The inbound transfer")
    : entity(toInboundTransferDto(context.store, transfer));
};

const getOutboundTransfer: Handler = (context) => {
  const transfer = visibleTransfer(context, "id", outbound);
  return transfer === undefined
    ? notFound("The outbound transfer")
    : entity(toOutboundTransferDto(context.store, transfer));
};

const listAccountInboundTransfers: Handler = (context) => {
  const account = context.store.accountOf(context.tenant, Number(context.path["accountId"]));
  if (account === undefined) return notFound("The account");
  const received = context.store.transfers.filter((transfer) => transfer.BeneficiaryAccountId === account.Id);
  return list(received.map((transfer) => toInboundTransferDto(context.store, transfer)));
};

const listAccountOutboundTransfers: Handler = (context) => {
  const account = context.store.accountOf(context.tenant, Number(context.path["accountId"]));
  if (account === undefined) return notFound("The account");
  const sent = context.store.transfers.filter((transfer) => transfer.AccountId === account.Id);
  return list(sent.map((transfer) => toOutboundTransferDto(context.store, transfer)));
};

const createAccountTransfer: Handler = (context) => {
  const outcome = createTransfer(context, context.tenant, context.body);
  return outcome.ok
    ? created(outcome.transfer.Id, `/api/v1/Transfers(${outcome.transfer.Id})`)
    : commandResult(outcome);
};

const transferId = (context: HandlerContext): number => Number(context.path["transferId"]);

export const transferHandlers = {
  listTransfers,
  getTransfer,
  listTransferFees: fees("transferId", either),
  getInboundTransfer,
  listInboundTransferFees: fees("transferId", inbound),
  getOutboundTransfer,
  listOutboundTransferFees: fees("transferId", outbound),
  listAccountInboundTransfers,
  listAccountOutboundTransfers,
  createAccountTransfer,
  approveTransfer: (context) => commandResult(approveTransfer(context, context.tenant, transferId(context))),
  rejectTransfer: (context) => commandResult(rejectTransfer(context, context.tenant, transferId(context))),
  cancelTransfer: (context) => commandResult(cancelTransfer(context, context.tenant, transferId(context))),
} satisfies Record<string, Handler>;
