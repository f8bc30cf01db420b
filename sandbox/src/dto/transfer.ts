/**
 * Transfer DTOs: the same transfer seen as outbound (with the transfer beneficiary's name and status), as
 * inbound, or through /Transfers (no direction; its Beneficiary has the inbound shape). AccountId and
 * AccountName are always the paying account's, as the spec's examples show for both directions.
 */
import type { TransferRecord } from "../state/records.js";
import type { Store } from "../state/store.js";
import { decimalsOf, fromMinor } from "../domain/money.js";
import { statusText, transferBeneficiaryStatuses, transferStatuses } from "../domain/statuses.js";
import { noFees, type FeeDto } from "./fee.js";

export interface InboundTransferBeneficiaryDto {
  readonly Id: number;
  readonly AccountId: number;
  readonly BeneficiaryAccountId: number;
  readonly BeneficiaryAccountName: string | null;
  readonly CurrencyCode: string;
}

export interface OutboundTransferBeneficiaryDto extends InboundTransferBeneficiaryDto {
  readonly Name: string | null;
  readonly StatusCode: string | null;
  readonly Status: string | null;
}

interface TransferFields<B> {
  readonly Beneficiary: B;
  readonly Id: number;
  readonly AccountId: number;
  readonly AccountName: string | null;
  readonly CurrencyCode: string;
  readonly Amount: number;
  readonly Reference: string | null;
  readonly InstructionId: number | null;
  readonly CreatedDate: string;
  readonly ValueDate: string;
  readonly StatusCode: string;
  readonly Status: string;
  readonly Fees: FeeDto[];
}

export type OutboundTransferDto = TransferFields<OutboundTransferBeneficiaryDto>;
export type InboundTransferDto = TransferFields<InboundTransferBeneficiaryDto>;
export type TransferDto = TransferFields<InboundTransferBeneficiaryDto>;

function inboundBeneficiary(store: Store, transfer: TransferRecord): InboundTransferBeneficiaryDto {
  return {
    Id: transfer.BeneficiaryId,
    AccountId: transfer.AccountId,
    BeneficiaryAccountId: transfer.BeneficiaryAccountId,
    BeneficiaryAccountName: store.accounts.get(transfer.BeneficiaryAccountId)?.Name ?? null,
    CurrencyCode: transfer.CurrencyCode,
  };
}

function fields<B>(store: Store, transfer: TransferRecord, beneficiary: B): TransferFields<B> {
  return {
    Beneficiary: beneficiary,
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

export function toOutboundTransferDto(store: Store, transfer: TransferRecord): OutboundTransferDto {
  const beneficiary = store.transferBeneficiaries.get(transfer.BeneficiaryId);
  return fields(store, transfer, {
    Name: beneficiary?.Name ?? null,
    StatusCode: beneficiary?.StatusCode ?? null,
    Status: beneficiary === undefined ? null : statusText(transferBeneficiaryStatuses, beneficiary.StatusCode),
    ...inboundBeneficiary(store, transfer),
  });
}

export function toInboundTransferDto(store: Store, transfer: TransferRecord): InboundTransferDto {
  return fields(store, transfer, inboundBeneficiary(store, transfer));
}

export function toTransferDto(store: Store, transfer: TransferRecord): TransferDto {
  return fields(store, transfer, inboundBeneficiary(store, transfer));
}
