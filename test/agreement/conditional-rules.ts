/**
 * The conditional rules of the spec (`x-conditional-rules`, by `name`), the body fields each one decides, and why
 * JSON Schema cannot state it. The one table of the places where a request validator may refuse a body the spec
 * accepts: the two-way agreement test (spec-validators-verdicts.test.ts) and the sandbox fuzz test read it, and
 * the agreement test holds it to the spec's own list.
 */

export const conditionalRules = {
  "payment-purpose": {
    fields: ["/PaymentPurposeId"],
    reason: "needs the beneficiary's bank country, which the body lacks",
  },
  "boe-purpose-code": {
    fields: ["/BoEPurposeCodeId"],
    reason:
      "needs the currency paid out, which an instruction withdrawal or an exchange body lacks (an account withdrawal states it: if/then)",
  },
  "receiver-lei": {
    fields: ["/ReceiverLei"],
    reason: "needs the beneficiary's type, vertical and industry, which the body lacks",
  },
  "ultimate-originator": {
    fields: ["/UltimateOriginator"],
    reason: "needs to know whether the account is a PSP account",
  },
  "account-setup": {
    fields: ["/UltimateOriginator", "/PaymentChargesCode"],
    reason: "needs the account's setup, which the API does not expose",
  },
  "industry-id": {
    fields: ["/IndustryId"],
    reason: "needs the /Sectors list and whether the beneficiary is held by the customer account",
  },
  "industry-details": {
    fields: ["/IndustryDetails"],
    reason: "needs the name of the sector the IndustryId chooses (/Sectors)",
  },
  "additional-information": {
    fields: ["/AdditionalInformation"],
    reason: "needs the RequiredAdditionalInformation answer for the beneficiary's currency, countries and type",
  },
} as const satisfies Record<string, { readonly fields: readonly string[]; readonly reason: string }>;

export type ConditionalRuleName = keyof typeof conditionalRules;

/** Whether a JSON pointer is a field of one of `rules` (the field itself or inside it). */
export function isAtFieldOf(rules: readonly ConditionalRuleName[], pointer: string): boolean {
  return rules.some((rule) =>
    conditionalRules[rule].fields.some((field) => pointer === field || pointer.startsWith(`${field}/`)),
  );
}
