/**
 * Transfer DTOs: the same transfer seen as outbound (with the transfer beneficiary's name and status), as
 * inbound, or through /Transfers (no direction; its Beneficiary has the inbound shape). AccountId and
 * AccountName are always the paying account's, as the spec's examples show for both directions.
 */
import type {
  InboundTransferBeneficiaryDto,
  InboundTransferDto,
  OutboundTransferBeneficiaryDto,
  OutboundTransferDto,
  TransferDto,
} from "@account-funds/client";
import type { TransferRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { decimalsOf, fromMinor } from "../../model/domain/money.js";
import { statusText, transferBeneficiaryStatuses, transferStatuses } from "../../model/domain/statuses.js";
import { noFees } from "./fee.js";

/** What the three transfer DTOs share: all but the Beneficiary, whose shape depends on the direction. */
type TransferFields = Omit<OutboundTransferDto & InboundTransferDto & TransferDto, "Beneficiary">;

function inboundBeneficiary(store: Store, transfer: TransferRecord): InboundTransferBeneficiaryDto {
  return {
    Id: transfer.BeneficiaryId,
    AccountId: transfer.AccountId,
    BeneficiaryAccountId: transfer.BeneficiaryAccountId,
    BeneficiaryAccountName: store.accounts.get(transfer.BeneficiaryAccountId)?.Name ?? null,
    CurrencyCode: transfer.CurrencyCode,
  };
}

function fields(store: Store, transfer: TransferRecord): TransferFields {
  return {
    Id: transfer.Id,
    AccountId: transfer.AccountId,
    AccountName: store.accounts.get(transfer.AccountId)?.Name ?? null,
    CurrencyCode: transfer.CurrencyCode,
    Amount: fromMinor(transfer.amount, decimalsOf(store, transfer.CurrencyCode)),
    Reference: transfer.Reference ?? null,
    InstructionId: null,
    CreatedDate: transfer.CreatedDate,
    ValueDate: transfer.ValueDate,
    StatusCode: transfer.StatusCode,
    Status: statusText(transferStatuses, transfer.StatusCode),
    Fees: noFees(),
  };
}

function outboundBeneficiary(store: Store, transfer: TransferRecord): OutboundTransferBeneficiaryDto {
  const beneficiary = store.transferBeneficiaries.get(transfer.BeneficiaryId);
  return {
    Name: beneficiary?.Name ?? null,
    StatusCode: beneficiary?.StatusCode ?? null,
    Status: beneficiary === undefined ? null : statusText(transferBeneficiaryStatuses, beneficiary.StatusCode),
    ...inboundBeneficiary(store, transfer),
  };
}

export function toOutboundTransferDto(store: Store, transfer: TransferRecord): OutboundTransferDto {
  return { Beneficiary: outboundBeneficiary(store, transfer), ...fields(store, transfer) };
}

export function toInboundTransferDto(store: Store, transfer: TransferRecord): InboundTransferDto {
  return { Beneficiary: inboundBeneficiary(store, transfer), ...fields(store, transfer) };
}

export function toTransferDto(store: Store, transfer: TransferRecord): TransferDto {
  return { Beneficiary: inboundBeneficiary(store, transfer), ...fields(store, transfer) };
}
