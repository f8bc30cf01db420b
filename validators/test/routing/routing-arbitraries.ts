/**
 * Valid routing examples (real check digits) and fast-check arbitraries of valid routing objects, one per
 * routing type. Check digits come from the package's own `calc…` helpers, so the arbitraries follow the
 * identifier rules without restating them.
 */
import fc from "fast-check";
import {
  calcAbaRoutingNumberCheckDigit,
  calcClabeCheckDigit,
  calcIbanCheckDigits,
  type PaymentRoutingType,
} from "../../src/index.js";

/** One valid routing per type, as a user might type it (grouped, lower case) where the format allows it. */
export const validRoutings = {
  BicIban: { Type: "BicIban", CountryCode: "DE", Bic: "DEUTDEFF", Iban: "DE89 3704 0044 0532 0130 00" },
  SortCodeAccountNumber: {
    Type: "SortCodeAccountNumber",
    CountryCode: "GB",
    SortCode: "40-05-15",
    AccountNumber: "31926819",
  },
  RoutingTransitNumberAccountNumber: {
    Type: "RoutingTransitNumberAccountNumber",
    CountryCode: "US",
    RoutingTransitNumber: "021000021",
    Bic: "CHASUS33",
    AccountNumber: "123456789",
  },
  TransitNumberAccountNumber: {
    Type: "TransitNumberAccountNumber",
    CountryCode: "CA",
    TransitNumber: "000112345",
    Bic: "ROYCCAT2",
    AccountNumber: "1234567",
  },
  BankStateBranchAccountNumber: {
    Type: "BankStateBranchAccountNumber",
    CountryCode: "AU",
    BankStateBranch: "062-000",
    Bic: "CTBAAU2S",
    AccountNumber: "12345678",
  },
  NewZealandAccountNumber: {
    Type: "NewZealandAccountNumber",
    CountryCode: "NZ",
    Bic: "ANZBNZ22",
    AccountNumber: "01-0902-0068389-00",
  },
  IndianFinancialSystemCodeAccountNumber: {
    Type: "IndianFinancialSystemCodeAccountNumber",
    CountryCode: "IN",
    Bic: "SBININBB",
    IndianFinancialSystemCode: "SBIN0000058",
    AccountNumber: "12345678901",
  },
  BicNuban: { Type: "BicNuban", CountryCode: "NG", Bic: "FBNINGLA", AccountNumber: "0123456789" },
  BicClabe: { Type: "BicClabe", CountryCode: "MX", Bic: "BNMXMXMM", AccountNumber: "002010077777777771" },
  BicAccountNumber: { Type: "BicAccountNumber", CountryCode: "JP", Bic: "BOTKJPJT", AccountNumber: "1234567" },
} as const satisfies Record<PaymentRoutingType, Record<string, string>>;

/** The normalised forms of `validRoutings`. */
export const normalisedRoutings = {
  ...validRoutings,
  BicIban: { ...validRoutings.BicIban, Iban: "DE89370400440532013000" },
  SortCodeAccountNumber: { ...validRoutings.SortCodeAccountNumber, SortCode: "400515" },
  BankStateBranchAccountNumber: { ...validRoutings.BankStateBranchAccountNumber, BankStateBranch: "062000" },
  NewZealandAccountNumber: { ...validRoutings.NewZealandAccountNumber, AccountNumber: "010902006838900" },
} as const satisfies Record<PaymentRoutingType, Record<string, string>>;

/** The property holding the account identifier of each type, required by assumption. */
export const accountIdentifier: Record<PaymentRoutingType, string> = {
  BicIban: "Iban",
  SortCodeAccountNumber: "AccountNumber",
  RoutingTransitNumberAccountNumber: "AccountNumber",
  TransitNumberAccountNumber: "AccountNumber",
  BankStateBranchAccountNumber: "AccountNumber",
  NewZealandAccountNumber: "AccountNumber",
  IndianFinancialSystemCodeAccountNumber: "AccountNumber",
  BicNuban: "AccountNumber",
  BicClabe: "AccountNumber",
  BicAccountNumber: "AccountNumber",
};

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: length, maxLength: length });
const letters = (length: number) =>
  fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: length, maxLength: length });
const alphanumerics = (length: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: length, maxLength: length });
const accountChars = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-"), minLength: min, maxLength: max });

const BIC_COUNTRIES = ["DE", "GB", "US", "FR", "JP", "NG", "MX", "IN", "AU", "NZ", "CA", "CH", "SG"] as const;

/** BIC8 or BIC11 per the reference pattern, from assigned countries, never a location ending in "O". */
export const bicArbitrary = fc
  .tuple(
    letters(4),
    fc.constantFrom(...BIC_COUNTRIES),
    fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789"),
    fc.constantFrom(..."ABCDEFGHIJKLMNPQRSTUVWXYZ0123456789"),
    fc.option(alphanumerics(3), { nil: undefined }),
  )
  .map(([institution, country, l0, l1, branch]) => `${institution}${country}${l0}${l1}${branch ?? ""}`);

/** German IBANs: 18-digit BBAN with computed check digits (DE has no national check). */
export const ibanArbitrary = digits(18).map((bban) => `DE${calcIbanCheckDigits("DE", bban)}${bban}`);

const ABA_PREFIXES = ["01", "05", "12", "21", "26", "32", "61", "67", "72", "80"] as const;
export const abaArbitrary = fc
  .tuple(fc.constantFrom(...ABA_PREFIXES), digits(6))
  .map(([prefix, rest]) => `${prefix}${rest}${calcAbaRoutingNumberCheckDigit(`${prefix}${rest}`)}`);

export const clabeArbitrary = digits(17).map((body) => `${body}${calcClabeCheckDigit(body)}`);

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/** Drops undefined members, as a JSON body would not have them. */
function defined(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export const routingArbitraries: Record<PaymentRoutingType, fc.Arbitrary<Record<string, string>>> = {
  BicIban: fc
    .record({ CountryCode: fc.constantFrom("DE", "AT", "FR", "LU"), Bic: optional(bicArbitrary), Iban: ibanArbitrary })
    .map((r) => defined({ Type: "BicIban", ...r })),
  SortCodeAccountNumber: fc
    .record({ SortCode: digits(6), AccountNumber: digits(8) })
    .map((r) => defined({ Type: "SortCodeAccountNumber", CountryCode: "GB", ...r })),
  RoutingTransitNumberAccountNumber: fc
    .record({
      RoutingTransitNumber: optional(abaArbitrary),
      Bic: optional(bicArbitrary),
      AccountNumber: accountChars(7, 17),
    })
    .filter((r) => r.RoutingTransitNumber !== undefined || r.Bic !== undefined)
    .map((r) => defined({ Type: "RoutingTransitNumberAccountNumber", CountryCode: "US", ...r })),
  TransitNumberAccountNumber: fc
    .record({
      TransitNumber: optional(digits(8).map((d) => `0${d}`)),
      Bic: optional(bicArbitrary),
      AccountNumber: accountChars(7, 7),
    })
    .map((r) => defined({ Type: "TransitNumberAccountNumber", CountryCode: "CA", ...r })),
  BankStateBranchAccountNumber: fc
    .record({ BankStateBranch: optional(digits(6)), Bic: optional(bicArbitrary), AccountNumber: accountChars(6, 10) })
    .map((r) => defined({ Type: "BankStateBranchAccountNumber", CountryCode: "AU", ...r })),
  NewZealandAccountNumber: fc
    .record({ Bic: optional(bicArbitrary), AccountNumber: fc.constantFrom("01-0902-0068389-00", "010902006838900") })
    .map((r) => defined({ Type: "NewZealandAccountNumber", CountryCode: "NZ", ...r })),
  IndianFinancialSystemCodeAccountNumber: fc
    .record({
      Bic: bicArbitrary,
      IndianFinancialSystemCode: fc.tuple(letters(4), alphanumerics(6)).map(([bank, branch]) => `${bank}0${branch}`),
      AccountNumber: accountChars(4, 24),
    })
    .map((r) => defined({ Type: "IndianFinancialSystemCodeAccountNumber", CountryCode: "IN", ...r })),
  BicNuban: fc
    .record({ Bic: optional(bicArbitrary), AccountNumber: digits(10) })
    .map((r) => defined({ Type: "BicNuban", CountryCode: "NG", ...r })),
  BicClabe: fc
    .record({ Bic: optional(bicArbitrary), AccountNumber: clabeArbitrary })
    .map((r) => defined({ Type: "BicClabe", CountryCode: "MX", ...r })),
  BicAccountNumber: fc
    .record({
      CountryCode: fc.constantFrom("JP", "CN", "ZA", "BR", "AE"),
      Bic: optional(bicArbitrary),
      AccountNumber: accountChars(4, 24),
    })
    .map((r) => defined({ Type: "BicAccountNumber", ...r })),
};

/** Any valid routing. */
export const anyRoutingArbitrary = fc.oneof(...Object.values(routingArbitraries));
