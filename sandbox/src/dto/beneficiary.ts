/**
 * BeneficiaryDto (withdrawal beneficiaries) and TransferBeneficiaryDto from their records. The withdrawal
 * beneficiary's routing is kept as it was created (`{Type, CountryCode, Bic, Iban, ...}`); the DTO shows it as
 * the PartyIdentification's Properties, and the first intermediary routing (if any) as the intermediary's.
 */
import type { BeneficiaryRecord, TransferBeneficiaryRecord } from "../state/records.js";
import { beneficiaryStatuses, statusText, transferBeneficiaryStatuses } from "../domain/statuses.js";

export interface PartyIdentificationDto {
  readonly Properties: Readonly<Record<string, unknown>> | null;
}

export interface PaymentRoutingDto {
  readonly AccountHolderName: string | null;
  readonly PartyIdentification: PartyIdentificationDto | null;
  readonly IntermediaryPartyIdentification: PartyIdentificationDto | null;
}

export interface BeneficiaryDto {
  readonly Id: number;
  readonly AccountId: number;
  readonly Name: string;
  readonly CurrencyCode: string;
  readonly StatusCode: string;
  readonly Status: string;
  readonly PaymentRouting: PaymentRoutingDto;
}

export interface TransferBeneficiaryDto {
  readonly Id: number;
  readonly AccountId: number;
  readonly BeneficiaryAccountId: number;
  readonly Name: string;
  readonly Website: string | null;
  readonly Vertical: string | null;
  readonly Industry: string | null;
  readonly CurrencyCode: string;
  readonly StatusCode: string;
  readonly Status: string;
}

export function toPaymentRoutingDto(beneficiary: BeneficiaryRecord): PaymentRoutingDto {
  const intermediary = beneficiary.IntermediaryPaymentRouting?.[0];
  return {
    AccountHolderName: beneficiary.AccountHolderName,
    PartyIdentification: { Properties: { ...beneficiary.PaymentRouting } },
    IntermediaryPartyIdentification: intermediary === undefined ? null : { Properties: { ...intermediary } },
  };
}

export function toBeneficiaryDto(beneficiary: BeneficiaryRecord): BeneficiaryDto {
  return {
    Id: beneficiary.Id,
    AccountId: beneficiary.AccountId,
    Name: beneficiary.Name,
    CurrencyCode: beneficiary.CurrencyCode,
    StatusCode: beneficiary.StatusCode,
    Status: statusText(beneficiaryStatuses, beneficiary.StatusCode),
    PaymentRouting: toPaymentRoutingDto(beneficiary),
  };
}

export function toTransferBeneficiaryDto(beneficiary: TransferBeneficiaryRecord): TransferBeneficiaryDto {
  return {
    Id: beneficiary.Id,
    AccountId: beneficiary.AccountId,
    BeneficiaryAccountId: beneficiary.BeneficiaryAccountId,
    Name: beneficiary.Name,
    Website: beneficiary.Website ?? null,
    Vertical: beneficiary.Vertical ?? null,
    Industry: beneficiary.Industry ?? null,
    CurrencyCode: beneficiary.CurrencyCode,
    StatusCode: beneficiary.StatusCode,
    Status: statusText(transferBeneficiaryStatuses, beneficiary.StatusCode),
  };
}
