/**
 * The AdditionalInformation the sandbox requires of withdrawal beneficiaries, as data. The reference says
 * such fields are "required for certain country-of-residence and routing-country combinations" and that the
 * RequiredAdditionalInformation endpoint names them; which combinations, fields and expressions exist is
 * service data it does not show, so this table is sandbox behaviour (the MXN/MX/Company RFC rule is the
 * spec's example). The same table answers the endpoint and checks CreateWithdrawalBeneficiary.
 */
import type { RequiredAdditionalInformation } from "@account-funds/validators";

/** One rule: the combination it applies to (an absent condition matches anything) and the field it requires. */
export interface AdditionalInformationRequirement {
  readonly currencyCode: string;
  /** Country of the beneficiary's address (its residence). */
  readonly beneficiaryCountryCode?: string;
  /** Country of the beneficiary's bank: the PaymentRouting.CountryCode. */
  readonly beneficiaryBankCountry?: string;
  readonly beneficiaryType?: "Individual" | "Company";
  readonly field: string;
  readonly regEx: string;
}

export const additionalInformationRequirements: readonly AdditionalInformationRequirement[] = [
  // Mexican tax id (RFC) of a company banking in Mexico: the spec's example.
  {
    currencyCode: "MXN",
    beneficiaryBankCountry: "MX",
    beneficiaryType: "Company",
    field: "RFC",
    regEx: "^[A-Z&Ñ]{3,4}[0-9]{6}[A-Z0-9]{3}$",
  },
  // Mexican population registry id (CURP) of an individual banking in Mexico.
  {
    currencyCode: "MXN",
    beneficiaryBankCountry: "MX",
    beneficiaryType: "Individual",
    field: "CURP",
    regEx: "^[A-Z]{4}[0-9]{6}[HM][A-Z]{5}[A-Z0-9][0-9]$",
  },
  // Indian permanent account number (PAN) of an individual banking in India.
  {
    currencyCode: "INR",
    beneficiaryBankCountry: "IN",
    beneficiaryType: "Individual",
    field: "PAN",
    regEx: "^[A-Z]{5}[0-9]{4}[A-Z]$",
  },
  // Chinese resident identity card number of an individual banking in China.
  {
    currencyCode: "CNH",
    beneficiaryBankCountry: "CN",
    beneficiaryType: "Individual",
    field: "ResidentIdentityCardNumber",
    regEx: "^[0-9]{17}[0-9X]$",
  },
  // A phone number for any beneficiary banking in Nigeria.
  { currencyCode: "NGN", beneficiaryBankCountry: "NG", field: "BeneficiaryPhoneNumber", regEx: "^\\+?[0-9]{7,15}$" },
  // A residence/routing combination: US dollars to a bank in the Emirates for a beneficiary living in India.
  {
    currencyCode: "USD",
    beneficiaryCountryCode: "IN",
    beneficiaryBankCountry: "AE",
    field: "PassportNumber",
    regEx: "^[A-Z][0-9]{7}$",
  },
];

export interface AdditionalInformationQuery {
  readonly currencyCode: string;
  readonly beneficiaryCountryCode?: string;
  readonly beneficiaryBankCountry?: string;
  readonly beneficiaryType?: string;
}

/** A condition holds when the rule does not set it, or the query leaves it open, or both agree. */
function matches(condition: string | undefined, given: string | undefined): boolean {
  return condition === undefined || given === undefined || condition.toUpperCase() === given.toUpperCase();
}

/**
 * The fields a beneficiary of this combination must carry, each with its RegEx rules. A query parameter left
 * out matches every rule, so a partial query lists everything that may be required.
 */
export function requiredAdditionalInformation(query: AdditionalInformationQuery): RequiredAdditionalInformation[] {
  const byField = new Map<string, { Field: string; Rule: { RegEx: string }[] }>();
  for (const rule of additionalInformationRequirements) {
    if (rule.currencyCode !== query.currencyCode.toUpperCase()) continue;
    if (!matches(rule.beneficiaryCountryCode, query.beneficiaryCountryCode)) continue;
    if (!matches(rule.beneficiaryBankCountry, query.beneficiaryBankCountry)) continue;
    if (!matches(rule.beneficiaryType, query.beneficiaryType)) continue;
    const field = byField.get(rule.field) ?? { Field: rule.field, Rule: [] };
    field.Rule.push({ RegEx: rule.regEx });
    byField.set(rule.field, field);
  }
  return [...byField.values()];
}
