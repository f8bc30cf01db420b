/** Valid request bodies and contexts shared by the request tests. */
import type { RequiredAdditionalInformation, Sector } from "../../src/index.js";

export const LEI = "5493001KJTIIGC8Y1R12";

export const address = {
  Street: "Unter den Linden",
  HouseNumber: "1",
  Town: "Berlin",
  PostCode: "10117",
  CountryCode: "DE",
};

export const validBeneficiary = {
  AccountId: 1001,
  Name: "Acme supplier",
  CurrencyCode: "EUR",
  PaymentRouting: { Type: "BicIban", CountryCode: "DE", Bic: "DEUTDEFF", Iban: "DE89370400440532013000" },
  BeneficiaryType: "Company",
  Address: address,
};

export const sectors: readonly Sector[] = [
  { Id: 1, Name: "Banks" },
  { Id: 2, Name: "Building Societies" },
  { Id: 3, Name: "Insurance" },
  { Id: 4, Name: "Other services" },
  { Id: 5, Name: "Other" },
];

export const taxIdRules: readonly RequiredAdditionalInformation[] = [
  { Field: "TaxId", Rule: [{ RegEx: "^[0-9]{11}$" }] },
];

export const validAccountWithdrawal = { AccountId: 1001, CurrencyCode: "EUR", BeneficiaryId: 77, Amount: 250.5 };

export const validInstructionWithdrawal = { InstructionId: 5005, BeneficiaryId: 77 };

export const validTransfer = {
  AccountId: 1001,
  CurrencyCode: "EUR",
  BeneficiaryId: 88,
  Amount: 10,
  Reference: "Invoice 42",
};

export const validExchange = {
  AccountId: 1001,
  SourceCurrencyCode: "EUR",
  TargetCurrencyCode: "USD",
  Goal: 1000,
  GoalType: "Buy",
  UseAvailableFunds: true,
};

export const validAlert = { SourceCurrencyCode: "EUR", TargetCurrencyCode: "USD", Limit: 1.1 };

export const validQuote = {
  AccountId: 1001,
  GoalType: "Sell",
  Amount: 500,
  SourceCurrencyCode: "GBP",
  TargetCurrencyCode: "EUR",
};

export const validDepositRequirement = { AccountId: 1001, NetDepositRequirement: 2500, CurrencyCode: "EUR" };

export const validAssignDepositor = {
  IsThirdParty: true,
  Company: { Name: "Acme GmbH", IndustryId: 3, Address: address },
  SupportingDocuments: [{ Name: "register.pdf", MediaType: "application/pdf", StreamLength: 1024 }],
};

/** A copy of `base` with the value at `path` replaced (or removed when `value` is `undefined`). */
export function setAt(base: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...(base as object) }) as Record<
    string | number,
    unknown
  >;
  const next = rest.length === 0 ? value : setAt(copy[head], rest, value);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}
