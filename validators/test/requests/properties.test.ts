/**
 * Properties over generated requests: valid requests are accepted and normalising is idempotent; a request
 * with one field broken reports issues at that field's path and nowhere else.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  validateAssignDepositor,
  validateCreateAccountTransfer,
  validateCreateAccountWithdrawal,
  validateCreateAlert,
  validateCreateExchange,
  validateCreateInstructionWithdrawal,
  validateCreateWithdrawalBeneficiary,
  validateDepositRequirementRequest,
  validateQuoteRequest,
  type Result,
} from "../../src/index.js";
import { anyRoutingArbitrary, bicArbitrary } from "../routing/routing-arbitraries.js";
import { LEI, setAt } from "./request-examples.js";
import { validatorsUnderTest } from "./validators-under-test.js";

const int32 = fc.integer({ min: -2147483648, max: 2147483647 });
const positive = fc.double({ min: 0.01, max: 1e12, noNaN: true });
const text = (maxLength: number) => fc.string({ maxLength, unit: "grapheme" });
const nonBlank = (maxLength = 60) => text(maxLength).filter((value) => value.trim() !== "");
const currency = fc.constantFrom("EUR", "usd", " JPY ", "chf", "AUD");
const country = fc.constantFrom("DE", "fr", "GB", " us", "JP");

const addressArbitrary = fc
  .record(
    {
      Street: nonBlank(),
      HouseNumber: text(10),
      HouseName: text(20),
      FlatNumber: text(10),
      District: text(20),
      Town: nonBlank(),
      County: text(20),
      PostCode: text(10),
      CountryCode: country,
    },
    { requiredKeys: ["Street", "Town", "CountryCode"] },
  );

const beneficiaryArbitrary = fc.record(
  {
    AccountId: int32,
    Name: nonBlank(),
    AccountHolderName: text(40),
    CurrencyCode: currency,
    PaymentRouting: anyRoutingArbitrary,
    AlternatePaymentRouting: fc.array(anyRoutingArbitrary, { maxLength: 2 }),
    IntermediaryPaymentRouting: fc.array(bicArbitrary.map((Bic) => ({ Type: "Bic", Bic: Bic.toLowerCase() })), { maxLength: 2 }),
    BeneficiaryType: fc.constantFrom("Individual", "Company"),
    Address: addressArbitrary,
    IndustryId: int32,
    Website: text(30),
    IndustryDetails: text(30),
    AdditionalInformation: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
    Reference: text(35),
    ReceiverLei: fc.constantFrom(LEI, LEI.toLowerCase()),
  },
  { requiredKeys: ["AccountId", "Name", "CurrencyCode", "PaymentRouting", "BeneficiaryType", "Address"] },
);

const originatorArbitrary = fc.record({ Name: text(35), Address: addressArbitrary, SubaccountNumber: text(20) }, { requiredKeys: [] });

const withdrawalDetails = {
  PaymentPurposeId: int32,
  UltimateOriginator: originatorArbitrary,
  PaymentChargesCode: fc.constantFrom("OUR", "SHA", " SHA "),
  BoEPurposeCodeId: int32,
  ReceiverLei: fc.constantFrom(LEI),
};

const generated: readonly { readonly name: string; readonly validate: (input: unknown) => Result<unknown, object>; readonly arbitrary: fc.Arbitrary<unknown> }[] = [
  { name: "CreateWithdrawalBeneficiary", validate: validateCreateWithdrawalBeneficiary, arbitrary: beneficiaryArbitrary },
  {
    name: "CreateAccountWithdrawal",
    validate: validateCreateAccountWithdrawal,
    arbitrary: fc.record(
      { AccountId: int32, CurrencyCode: currency, Amount: positive, BeneficiaryId: int32, Reference: text(35), Description: text(140), ...withdrawalDetails },
      { requiredKeys: ["AccountId", "CurrencyCode", "BeneficiaryId"] },
    ),
  },
  {
    name: "CreateInstructionWithdrawal",
    validate: validateCreateInstructionWithdrawal,
    arbitrary: fc.record({ InstructionId: int32, BeneficiaryId: int32, ...withdrawalDetails }, { requiredKeys: ["InstructionId", "BeneficiaryId"] }),
  },
  {
    name: "CreateAccountTransfer",
    validate: validateCreateAccountTransfer,
    arbitrary: fc.record(
      { AccountId: int32, CurrencyCode: currency, Amount: positive, BeneficiaryId: int32, Reference: text(35) },
      { requiredKeys: ["AccountId", "CurrencyCode", "BeneficiaryId"] },
    ),
  },
  {
    name: "CreateExchange",
    validate: validateCreateExchange,
    arbitrary: fc.record(
      {
        AccountId: int32,
        SourceCurrencyCode: fc.constant("EUR"),
        TargetCurrencyCode: fc.constantFrom("USD", "gbp"),
        Goal: positive,
        GoalType: fc.constantFrom("Buy", "Sell"),
        UseAvailableFunds: fc.boolean(),
        BoEPurposeCodeId: int32,
        ReceiverLei: fc.constant(LEI),
      },
      { requiredKeys: ["AccountId", "SourceCurrencyCode", "TargetCurrencyCode", "Goal", "GoalType"] },
    ),
  },
  {
    name: "CreateAlert",
    validate: validateCreateAlert,
    arbitrary: fc.record({ SourceCurrencyCode: fc.constant("eur"), TargetCurrencyCode: fc.constant("USD"), Limit: positive }),
  },
  {
    name: "QuoteRequest",
    validate: validateQuoteRequest,
    arbitrary: fc.record({
      AccountId: int32,
      GoalType: fc.constantFrom("Buy", "Sell"),
      Amount: positive,
      SourceCurrencyCode: fc.constant("GBP"),
      TargetCurrencyCode: fc.constant("eur"),
    }),
  },
  {
    name: "DepositRequirementRequest",
    validate: validateDepositRequirementRequest,
    arbitrary: fc.record({ AccountId: int32, NetDepositRequirement: fc.double({ noNaN: true, noDefaultInfinity: true }), CurrencyCode: currency }),
  },
  {
    name: "AssignDepositor",
    validate: validateAssignDepositor,
    arbitrary: fc.record(
      {
        IsThirdParty: fc.boolean(),
        Company: fc.record(
          { Name: nonBlank(), PhoneNumber: text(15), Website: text(30), IndustryId: int32, IndustryDetails: text(30), Address: addressArbitrary },
          { requiredKeys: ["Name"] },
        ),
        SupportingDocuments: fc.array(
          fc.record({ Name: text(20), MediaType: text(20), StreamLength: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }) }, { requiredKeys: [] }),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: ["Company"] },
    ),
  },
];

describe.each(generated)("$name: generated valid requests", ({ validate, arbitrary }) => {
  it("are accepted, and validating the normalised value again returns the same result", () => {
    fc.assert(
      fc.property(arbitrary, (request) => {
        const first = validate(request);
        expect(first.ok, JSON.stringify(first)).toBe(true);
        if (first.ok) expect(validate(first.value)).toEqual(first);
      }),
      { numRuns: 80 },
    );
  });
});

/** Values that are wrong for a field of the given kind, whatever the rest of the request is. */
const broken = {
  int: fc.oneof(
    fc.constant("12"),
    fc.boolean(),
    fc.double({ min: 0.001, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)),
    fc.integer({ min: 2 ** 31, max: 2 ** 40 }),
    fc.constant({}),
    fc.constant([1]),
  ),
  int64: fc.oneof(fc.constant("12"), fc.boolean(), fc.constant(1.5), fc.integer({ max: -1 }), fc.constant(2 ** 60), fc.constant({})),
  amount: fc.oneof(fc.constant("1.5"), fc.boolean(), fc.constant(Number.NaN), fc.constant(Number.POSITIVE_INFINITY), fc.double({ max: 0, noNaN: true, noDefaultInfinity: true })),
  currency: fc.oneof(fc.constantFrom("EURO", "E1R", "€", "XX"), fc.integer(), fc.constant({ code: "EUR" })),
  reference: fc.oneof(fc.string({ minLength: 36, maxLength: 80 }).filter((value) => value.trim().length > 35), fc.integer(), fc.constant(["x"])),
  description: fc.oneof(fc.string({ minLength: 141, maxLength: 200 }).filter((value) => value.trim().length > 140), fc.boolean()),
  text: fc.oneof(fc.integer(), fc.boolean(), fc.constant({}), fc.constant(["x"])),
  enum: fc.oneof(fc.constantFrom("buy", "SELL", "Person", "BEN", "x"), fc.integer()),
  boolean: fc.oneof(fc.constantFrom("true", "false", 0, 1), fc.constant({})),
  lei: fc.oneof(fc.constantFrom("5493001KJTIIGC8Y1R13", "5493001KJTIIGC8Y1R1", "5493001KJTIIGC8Y1R12X"), fc.integer()),
  country: fc.oneof(fc.constantFrom("Germany", "D", "XX", "1A"), fc.integer()),
  object: fc.oneof(fc.constantFrom("x", 5, true), fc.constant([])),
  list: fc.oneof(fc.constantFrom("x", 5, true), fc.constant({})),
  iban: fc.constantFrom("DE89370400440532013001", "DE8937040044053201300", "XX89370400440532013000"),
} as const;

type Kind = keyof typeof broken;
type Breakable = readonly [readonly (string | number)[], Kind];

const addressFields: readonly Breakable[] = [
  [["Street"], "text"],
  [["Town"], "text"],
  [["CountryCode"], "country"],
  [["PostCode"], "text"],
];

const breakable: Readonly<Record<string, readonly Breakable[]>> = {
  validateCreateWithdrawalBeneficiary: [
    [["AccountId"], "int"],
    [["Name"], "text"],
    [["AccountHolderName"], "text"],
    [["CurrencyCode"], "currency"],
    [["PaymentRouting"], "object"],
    [["PaymentRouting", "Iban"], "iban"],
    [["PaymentRouting", "CountryCode"], "country"],
    [["BeneficiaryType"], "enum"],
    [["Address"], "object"],
    ...addressFields.map(([path, kind]): Breakable => [["Address", ...path], kind]),
    [["IndustryId"], "int"],
    [["Website"], "text"],
    [["Reference"], "reference"],
    [["ReceiverLei"], "lei"],
    [["AdditionalInformation"], "object"],
    [["AdditionalInformation", "TaxId"], "text"],
  ],
  validateCreateAccountWithdrawal: [
    [["AccountId"], "int"],
    [["CurrencyCode"], "currency"],
    [["Amount"], "amount"],
    [["BeneficiaryId"], "int"],
    [["Reference"], "reference"],
    [["Description"], "description"],
    [["PaymentPurposeId"], "int"],
    [["PaymentChargesCode"], "enum"],
    [["BoEPurposeCodeId"], "int"],
    [["ReceiverLei"], "lei"],
    [["UltimateOriginator"], "object"],
  ],
  validateCreateInstructionWithdrawal: [
    [["InstructionId"], "int"],
    [["BeneficiaryId"], "int"],
    [["PaymentPurposeId"], "int"],
    [["BoEPurposeCodeId"], "int"],
    [["ReceiverLei"], "lei"],
    [["PaymentChargesCode"], "enum"],
  ],
  validateCreateAccountTransfer: [
    [["AccountId"], "int"],
    [["CurrencyCode"], "currency"],
    [["Amount"], "amount"],
    [["BeneficiaryId"], "int"],
    [["Reference"], "reference"],
  ],
  validateCreateExchange: [
    [["AccountId"], "int"],
    [["SourceCurrencyCode"], "currency"],
    [["TargetCurrencyCode"], "currency"],
    [["Goal"], "amount"],
    [["GoalType"], "enum"],
    [["UseAvailableFunds"], "boolean"],
    [["BoEPurposeCodeId"], "int"],
    [["ReceiverLei"], "lei"],
  ],
  validateCreateAlert: [
    [["SourceCurrencyCode"], "currency"],
    [["TargetCurrencyCode"], "currency"],
    [["Limit"], "amount"],
  ],
  validateQuoteRequest: [
    [["AccountId"], "int"],
    [["GoalType"], "enum"],
    [["Amount"], "amount"],
    [["SourceCurrencyCode"], "currency"],
    [["TargetCurrencyCode"], "currency"],
  ],
  validateDepositRequirementRequest: [
    [["AccountId"], "int"],
    [["CurrencyCode"], "currency"],
  ],
  validateAssignDepositor: [
    [["IsThirdParty"], "boolean"],
    [["Company", "Name"], "text"],
    [["Company", "IndustryId"], "int"],
    [["Company", "Website"], "text"],
    [["SupportingDocuments"], "list"],
    [["SupportingDocuments", 0, "StreamLength"], "int64"],
    ...addressFields.map(([path, kind]): Breakable => [["Company", "Address", ...path], kind]),
  ],
};

const startsWith = (path: readonly (string | number)[], prefix: readonly (string | number)[]) =>
  prefix.every((segment, index) => path[index] === segment);

describe.each(validatorsUnderTest.filter(({ name }) => name in breakable))("$name: one field broken", ({ name, validate, valid, options }) => {
  it("reports issues at that field's path, and only there", () => {
    const fields = breakable[name] ?? [];
    fc.assert(
      fc.property(
        fc.constantFrom(...fields).chain(([path, kind]) => fc.tuple(fc.constant(path), broken[kind])),
        ([path, value]) => {
          const result = validate(setAt(valid, path, value), options as never);
          expect(result.ok, `${JSON.stringify(path)} = ${JSON.stringify(value)}`).toBe(false);
          if (result.ok) return;
          for (const found of result.issues) expect(startsWith(found.path, path), JSON.stringify(found)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
