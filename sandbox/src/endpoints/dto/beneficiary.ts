/**
 * BeneficiaryDto (withdrawal beneficiaries) and TransferBeneficiaryDto from their records. The withdrawal
 * beneficiary's routing is kept as it was created (`{Type, CountryCode, Bic, Iban, ...}`); the DTO shows it as
 * the PartyIdentification's Properties, and the first intermediary routing (if any) as the intermediary's.
 */
import type { BeneficiaryDto, PaymentRoutingDto, TransferBeneficiaryDto } from "@account-funds/client";
import type { BeneficiaryRecord, TransferBeneficiaryRecord } from "../../foundation/state/records.js";
import { beneficiaryStatuses, statusText, transferBeneficiaryStatuses } from "../../model/domain/statuses.js";

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
