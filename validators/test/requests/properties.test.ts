/**
 * Properties over generated requests: valid requests are accepted and normalising is idempotent; a request
 * with one field broken reports issues at that field's path and nowhere else.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestArbitraries } from "./request-arbitraries.js";
import { setAt } from "./request-examples.js";
import { validatorsUnderTest } from "./validators-under-test.js";

describe.each(requestArbitraries)("$name: generated valid requests", ({ validate, arbitrary }) => {
  it("are accepted, and validating the normalised value again returns the same result", () => {
    fc.assert(
      fc.property(arbitrary, (request) => {
        const first = validate(request);
        expect(first.ok, JSON.stringify(first)).toBe(true);
        if (first.ok) expect(validate(first.value)).toEqual({ ...first, normalized: false, changes: [] });
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
  int64: fc.oneof(
    fc.constant("12"),
    fc.boolean(),
    fc.constant(1.5),
    fc.integer({ max: -1 }),
    fc.constant(2 ** 60),
    fc.constant({}),
  ),
  amount: fc.oneof(fc.constant("1.5"), fc.boolean(), fc.constant(Number.NaN), fc.constant(Number.POSITIVE_INFINITY)),
  currency: fc.oneof(fc.constantFrom("EURO", "E1R", "€", "XX"), fc.integer(), fc.constant({ code: "EUR" })),
  reference: fc.oneof(
    fc.string({ minLength: 36, maxLength: 80 }).filter((value) => value.trim().length > 35),
    fc.integer(),
    fc.constant(["x"]),
  ),
  description: fc.oneof(
    fc.string({ minLength: 141, maxLength: 200 }).filter((value) => value.trim().length > 140),
    fc.boolean(),
  ),
  text: fc.oneof(fc.integer(), fc.boolean(), fc.constant({}), fc.constant(["x"])),
  enum: fc.oneof(fc.constantFrom("buy", "SELL", "Person", "BEN", "x"), fc.integer()),
  boolean: fc.oneof(fc.constantFrom("true", "false", 0, 1), fc.constant({})),
  lei: fc.oneof(fc.constantFrom("5493001KJTIIGC8Y1R1", "5493001KJTIIGC8Y1R12X", "5493001KJTIIGC8Y1R1!"), fc.integer()),
  country: fc.oneof(fc.constantFrom("Germany", "D", "XX", "1A"), fc.integer()),
  object: fc.oneof(fc.constantFrom("x", 5, true), fc.constant([])),
  list: fc.oneof(fc.constantFrom("x", 5, true), fc.constant({})),
  iban: fc.constantFrom("DE89370400440532013001", "DE8937040044053201300", "XX89370400440532013000"),
} as const;

type Kind = keyof typeof broken;

/**
 * Values that the API reference allows but a stricter check warns about: a zero or negative amount, an LEI
 * whose ISO 17442 check digits are wrong. They are valid and sent; the warning is at their path.
 */
const warned = {
  amount: fc.double({ max: 0, noNaN: true, noDefaultInfinity: true }),
  lei: fc.constantFrom("5493001KJTIIGC8Y1R13", "5493001KJTIIGC8Y1R10"),
} as const;
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
    // A depositor's address is AddressDto's fields, free text only: a code check does not apply.
    ...addressFields.map(([path]): Breakable => [["Company", "Address", ...path], "text"]),
  ],
};

const startsWith = (path: readonly (string | number)[], prefix: readonly (string | number)[]) =>
  prefix.every((segment, index) => path[index] === segment);

describe.each(validatorsUnderTest.filter(({ name }) => name in breakable))(
  "$name: one field broken",
  ({ name, validate, valid, options }) => {
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
  },
);

const warnedFields = (name: string) => (breakable[name] ?? []).filter(([, kind]) => kind in warned);

describe.each(validatorsUnderTest.filter(({ name }) => warnedFields(name).length > 0))(
  "$name: one field only stricter checks dislike",
  ({ name, validate, valid, options }) => {
    const fields = warnedFields(name);
    it("is valid, with warnings at that field's path only", () => {
      fc.assert(
        fc.property(
          fc
            .constantFrom(...fields)
            .chain(([path, kind]) => fc.tuple(fc.constant(path), warned[kind as keyof typeof warned])),
          ([path, value]) => {
            const result = validate(setAt(valid, path, value), options as never);
            expect(result.ok, `${JSON.stringify(path)} = ${JSON.stringify(value)}`).toBe(true);
            expect(result.warnings.length).toBeGreaterThan(0);
            for (const found of result.warnings) {
              expect(found.severity).toBe("warning");
              expect(startsWith(found.path, path), JSON.stringify(found)).toBe(true);
            }
          },
        ),
        { numRuns: 50 },
      );
    });
  },
);
