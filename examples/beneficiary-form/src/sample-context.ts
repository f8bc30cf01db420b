/**
 * Fixed sample data standing in for what a real form fetches before it can check the context rules of
 * CreateWithdrawalBeneficiary: the account the user acts for, the /v1/Sectors list, the
 * /v1/Beneficiaries/{CurrencyCode}/RequiredAdditionalInformation response and facts the body does not carry.
 * Every name and rule here is invented for the example; none of it is the API's data.
 *
 * Pure data, no DOM: the end-to-end test imports it to validate the submitted body with the same context.
 */
import type {
  CreateWithdrawalBeneficiaryOptions,
  RequiredAdditionalInformation,
  Sector,
} from "@account-funds/validators";

/** The AccountId of the body: the account the signed-in user acts for (from /v1/Accounts). */
export const sampleAccountId = 1001;

/**
 * A /v1/Sectors response. "Banks" triggers the ReceiverLei rule, "Other services" the IndustryDetails rule. Every
 * sample has a Name (the API's SectorDto may lack one), so the form can label its options.
 */
export const sampleSectors: readonly (Sector & { readonly Name: string })[] = [
  { Id: 1, Name: "Banks" },
  { Id: 2, Name: "Building Societies" },
  { Id: 3, Name: "Software" },
  { Id: 4, Name: "Retail" },
  { Id: 99, Name: "Other services" },
];

/** The RequiredAdditionalInformation query: what the API keys its answer on (§ "RequiredAdditionalInformation query"). */
export interface AdditionalInformationQuery {
  readonly currencyCode: string;
  readonly beneficiaryCountryCode: string;
  readonly beneficiaryBankCountry: string;
  /** `Individual` or `Company`; anything else (nothing chosen yet) matches no sample rule. */
  readonly beneficiaryType: string;
}

const indianPurposeCode: readonly RequiredAdditionalInformation[] = [
  { Field: "PurposeCode", Rule: [{ RegEx: "^P[0-9]{4}$" }] },
];
const brazilianTaxId: readonly RequiredAdditionalInformation[] = [
  { Field: "TaxId", Rule: [{ RegEx: "^[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2}$" }] },
];
const none: readonly RequiredAdditionalInformation[] = [];

/**
 * The sample RequiredAdditionalInformation response: INR payments need a purpose code; individuals living in
 * Brazil need a tax id. Each answer is a constant, so a form can tell by identity that the rules did not change.
 */
export function sampleRequiredAdditionalInformation(
  query: AdditionalInformationQuery,
): readonly RequiredAdditionalInformation[] {
  if (query.currencyCode.trim().toUpperCase() === "INR") return indianPurposeCode;
  if (query.beneficiaryType === "Individual" && query.beneficiaryCountryCode.trim().toUpperCase() === "BR")
    return brazilianTaxId;
  return none;
}

/**
 * The options the form binds with `withOptions`. The beneficiary's vertical and whether it is held by the
 * customer account are facts of the customer's setup that the body lacks: here every beneficiary is a
 * financial-institution customer's own counterparty (vertical FI, held by the customer account), so a GBP
 * company in Banks needs a ReceiverLei and every company needs an industry.
 */
export function sampleOptions(
  additionalInformationRules: readonly RequiredAdditionalInformation[],
): CreateWithdrawalBeneficiaryOptions {
  return { vertical: "FI", heldByCustomerAccount: true, sectors: sampleSectors, additionalInformationRules };
}
