/**
 * What a withdrawal request is checked with beyond its own fields. The conditional rules (payment purpose, BoE
 * purpose code, receiver LEI, ultimate originator, account setup) are the validators'; the sandbox knows the whole
 * context they need (the beneficiary's routing and sector, the account's setup), so none is left unchecked. Ids
 * the validators can only check for shape (purpose codes, subaccount numbers) and the beneficiary the account
 * pays are checked here.
 */
import type { AccountContext, BeneficiaryContext, WithdrawalDetails } from "@account-funds/validators";
import type { AccountRecord, BeneficiaryRecord, TenantId, WithdrawalRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { unknownBoEPurposeCode } from "./purpose-codes.js";
import { badRequest, type CommandRefusal } from "./refusals.js";

/** What the rules need to know about the beneficiary: bank country, type, and vertical/industry of its sector. */
export function beneficiaryRuleContext(store: Store, beneficiary: BeneficiaryRecord): BeneficiaryContext {
  const country = beneficiary.PaymentRouting["CountryCode"];
  const sector = beneficiary.IndustryId === undefined ? undefined : store.sectors.get(beneficiary.IndustryId);
  return {
    ...(typeof country === "string" ? { bankCountry: country } : {}),
    type: beneficiary.BeneficiaryType,
    // No sector: known not to be a bank (empty names), rather than unknown, so the LEI rule is decided.
    vertical: sector?.Vertical ?? "",
    industry: sector?.Name ?? "",
  };
}

export function accountRuleContext(account: AccountRecord): AccountContext {
  return {
    isPsp: account.setup.isPsp,
    acceptsUltimateOriginator: account.setup.acceptsUltimateOriginator,
    acceptsPaymentChargesCode: account.setup.acceptsPaymentChargesCode,
  };
}

/** A number member of a body not yet validated, to find the context the validators need. */
export function memberId(body: unknown, key: string): number | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

/** The tenant's beneficiary the body names, if any (before validation: the rules need its context). */
export function ownedBeneficiary(store: Store, tenant: TenantId, body: unknown): BeneficiaryRecord | undefined {
  const id = memberId(body, "BeneficiaryId");
  return id === undefined ? undefined : store.owned(store.beneficiaries, tenant, id);
}

/** The beneficiary if `accountId` may pay it in `currency.code`, else why not (at BeneficiaryId or the currency). */
export function payableBeneficiary(
  beneficiary: BeneficiaryRecord | undefined,
  requestedId: number,
  accountId: number,
  currency: { code: string; target: string },
): BeneficiaryRecord | CommandRefusal {
  if (beneficiary === undefined || beneficiary.AccountId !== accountId) {
    return badRequest(
      "unknown_beneficiary",
      `BeneficiaryId ${requestedId} is not a withdrawal beneficiary of account ${accountId}.`,
      "BeneficiaryId",
    );
  }
  if (beneficiary.StatusCode !== "E") {
    const message = `Withdrawal beneficiary ${beneficiary.Id} is not enabled.`;
    return badRequest("beneficiary_not_enabled", message, "BeneficiaryId");
  }
  if (beneficiary.CurrencyCode !== currency.code) {
    return badRequest(
      "currency_mismatch",
      `Withdrawal beneficiary ${beneficiary.Id} is paid in ${beneficiary.CurrencyCode}, not ${currency.code}.`,
      currency.target,
    );
  }
  return beneficiary;
}

/**
 * Ids the validators only check for shape: the payment purpose must be one listed for the beneficiary's bank
 * country or a generic one, the BoE purpose code one of `BoEPaymentPurposes`, the subaccount number one of
 * the account's subaccounts.
 */
export function referencedIdRefusal(
  store: Store,
  details: WithdrawalDetails,
  account: AccountRecord,
  bankCountry: string | undefined,
): CommandRefusal | undefined {
  if (details.PaymentPurposeId !== undefined) {
    const purpose = store.paymentPurposes.get(details.PaymentPurposeId);
    const fits =
      purpose !== undefined &&
      !purpose.boe &&
      (purpose.CountryCode === undefined || purpose.CountryCode === bankCountry);
    if (!fits) {
      return badRequest(
        "unknown_payment_purpose",
        `PaymentPurposeId ${details.PaymentPurposeId} is not a payment purpose for bank accounts in ${bankCountry ?? "this country"}.`,
        "PaymentPurposeId",
      );
    }
  }
  const boe = unknownBoEPurposeCode(store, details.BoEPurposeCodeId);
  if (boe !== undefined) return boe;
  const subaccountNumber = details.UltimateOriginator?.SubaccountNumber;
  if (subaccountNumber !== undefined) {
    const known =
      store.accounts.filter((row) => row.ParentAccountId === account.Id && row.AccountNumber === subaccountNumber)
        .length > 0;
    if (!known) {
      return badRequest(
        "unknown_subaccount",
        `SubaccountNumber ${subaccountNumber} is not a subaccount of account ${account.Id}.`,
        "UltimateOriginator/SubaccountNumber",
      );
    }
  }
  return undefined;
}

/** The stored form of the conditional fields. */
export function detailsOf(details: WithdrawalDetails): Partial<WithdrawalRecord> {
  return {
    ...(details.PaymentPurposeId === undefined ? {} : { PaymentPurposeId: details.PaymentPurposeId }),
    ...(details.BoEPurposeCodeId === undefined ? {} : { BoEPurposeCodeId: details.BoEPurposeCodeId }),
    ...(details.ReceiverLei === undefined ? {} : { ReceiverLei: details.ReceiverLei }),
    ...(details.PaymentChargesCode === undefined ? {} : { PaymentChargesCode: details.PaymentChargesCode }),
    ...(details.UltimateOriginator === undefined ? {} : { UltimateOriginator: { ...details.UltimateOriginator } }),
  };
}
