/**
 * One rule, one place: the spec's patterns and lengths and the validators' checks must agree. Whatever a
 * validator accepts, normalised, the spec's schema accepts too, so a form that passes the validators never
 * sends a body the API contract rejects. Both directions over whole request bodies, valid and near-valid, are
 * spec-validators-verdicts.test.ts; this file covers every custom format and routing type on its own.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calcLeiCheckDigits,
  countryCodes,
  validateAbaRoutingNumber,
  validateBic,
  validateBsb,
  validateCanadianTransitNumber,
  validateClabe,
  validateCountryCode,
  validateIban,
  validateIfsc,
  validateLei,
  validateNzAccountNumber,
  validatePaymentRouting,
  validateSortCode,
  validateUkAccountNumber,
  type Validator,
  type AccountFundsFormatName,
} from "@account-funds/validators";
import { childPointer, isJsonObject, resolvePointer, type JsonObject } from "@account-funds/generator/json-pointer";
import { loadBundledSpec } from "../spec/test/support/bundled-spec.js";
import { compileSpecSchema, createSpecAjv, schemaRef } from "../spec/test/support/spec-ajv.js";
import { registryExamples } from "../validators/test/identifiers/iban-examples.js";
import { requestArbitraries } from "../validators/test/requests/request-arbitraries.js";
import {
  abaArbitrary,
  bicArbitrary,
  clabeArbitrary,
  routingArbitraries,
} from "../validators/test/routing/routing-arbitraries.js";

const spec = loadBundledSpec();
const ajv = createSpecAjv(spec);

/**
 * The custom formats that name an identifier: every format of `accountFundsFormats` but the date-time's (responses
 * only) and `decimal` (a number's). A new one is a compile error in the two tables below until it has its validator
 * and its valid inputs.
 */
type IdentifierFormat = Exclude<AccountFundsFormatName, "iso8601-date-time" | "decimal">;

// Each custom string format the spec names, and the validator that implements it.
const formatValidators: Record<IdentifierFormat, Validator<string, object, never>> = {
  bic: validateBic,
  iban: validateIban,
  "aba-routing-number": validateAbaRoutingNumber,
  lei: validateLei,
  "sort-code": validateSortCode,
  "uk-account-number": validateUkAccountNumber,
  "ca-transit-number": validateCanadianTransitNumber,
  bsb: validateBsb,
  "nz-account-number": validateNzAccountNumber,
  ifsc: validateIfsc,
  clabe: validateClabe,
  "country-code": validateCountryCode,
};

const stringOf = (alphabet: string, minLength: number, maxLength = minLength) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const DIGITS = "0123456789";
const ALNUM = DIGITS + "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Inputs a validator should accept, some of them in the human forms it normalises (case, separators). */
const validInputs: Record<IdentifierFormat, fc.Arbitrary<string>> = {
  bic: fc.tuple(bicArbitrary, fc.boolean()).map(([bic, lower]) => (lower ? ` ${bic.toLowerCase()} ` : bic)),
  iban: fc
    .tuple(fc.constantFrom(...Object.values(registryExamples)), fc.boolean())
    .map(([iban, print]) => (print ? iban.replace(/(.{4})(?!$)/g, "$1 ").toLowerCase() : iban)),
  "aba-routing-number": abaArbitrary,
  lei: stringOf(ALNUM, 18).map((base) => base + calcLeiCheckDigits(base)),
  "sort-code": fc
    .tuple(stringOf(DIGITS, 6), fc.boolean())
    .map(([code, dashed]) => (dashed ? code.replace(/(\d\d)(\d\d)(\d\d)/, "$1-$2-$3") : code)),
  "uk-account-number": stringOf(DIGITS, 8),
  "ca-transit-number": stringOf(DIGITS, 8).map((rest) => `0${rest}`),
  bsb: fc
    .tuple(stringOf(DIGITS, 6), fc.boolean())
    .map(([code, dashed]) => (dashed ? `${code.slice(0, 3)}-${code.slice(3)}` : code)),
  "nz-account-number": fc.constantFrom(
    "01-0902-0068389-00",
    "08-6523-1954512-001",
    "26-2600-0320871-032",
    "12-3141-325080-00",
    "010902006838900",
  ),
  ifsc: fc
    .tuple(stringOf("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 4), stringOf(ALNUM, 6))
    .map(([bank, branch]) => `${bank}0${branch}`),
  clabe: clabeArbitrary,
  "country-code": fc.constantFrom(...countryCodes()),
};

/** Every property schema in the spec that names a custom format, with where it stands. */
function propertiesWithFormat(format: string): { pointer: string; schema: JsonObject }[] {
  const found: { pointer: string; schema: JsonObject }[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${pointer}/${index}`));
    if (!isJsonObject(node)) return;
    if (node["format"] === format && [node["type"]].flat().includes("string")) found.push({ pointer, schema: node });
    for (const [key, value] of Object.entries(node)) visit(value, childPointer(pointer, key));
  };
  visit(resolvePointer(spec, "/components/schemas"), "#/components/schemas");
  return found;
}

const customFormatsInSpec = (() => {
  const formats = new Set<string>();
  // iso8601-date-time is a format of responses only (the reference's datetime), with no request validator to agree
  // with: spec/test/date-times.test.ts and the validators' format test hold it to the DateTime pattern.
  const builtIn = new Set([
    "date-time",
    "uri",
    "uri-reference",
    "email",
    "int32",
    "int64",
    "double",
    "decimal",
    "binary",
    "iso8601-date-time",
  ]);
  JSON.stringify(spec, (key, value: unknown) => {
    if (key === "format" && typeof value === "string" && !builtIn.has(value)) formats.add(value);
    return value;
  });
  return [...formats].sort();
})();

describe("custom formats", () => {
  it("every custom format the spec names has a validator", () => {
    expect(customFormatsInSpec).toEqual(Object.keys(formatValidators).sort());
  });

  describe.each(Object.keys(formatValidators) as IdentifierFormat[])("%s", (format) => {
    const validate = formatValidators[format];
    const properties = propertiesWithFormat(format).map(({ pointer, schema }) => ({
      pointer,
      check: compileSpecSchema(ajv, schema),
    }));

    it("is used by at least one property of the spec", () => expect(properties.length).toBeGreaterThan(0));

    it("what the validator accepts, normalised, every such property of the spec accepts", () => {
      fc.assert(
        fc.property(validInputs[format], (input) => {
          const result = validate(input);
          expect(result.ok, `${input}: ${JSON.stringify(result)}`).toBe(true);
          if (!result.ok) return;
          for (const { pointer, check } of properties)
            expect(check(result.value), `${pointer} rejects ${result.value}`).toBe(true);
        }),
        { numRuns: 150 },
      );
    });

    it("holds for arbitrary strings too: an accepted one is accepted by the spec once normalised", () => {
      fc.assert(
        fc.property(fc.oneof(fc.string({ maxLength: 40 }), stringOf(ALNUM + " -abcdefxyz", 0, 40)), (input) => {
          const result = validate(input);
          if (result.ok)
            for (const { pointer, check } of properties)
              expect(check(result.value), `${pointer} rejects ${result.value}`).toBe(true);
        }),
        { numRuns: 300 },
      );
    });
  });
});

/**
 * The other direction, where the reference states only a pattern: every string it admits is valid for the
 * validator, which at most warns (a BIC's unassigned country, LEI and CLABE check digits, RBI's IFSC structure, the
 * NZ bank table and check digits). What the reference states beyond a pattern (an IBAN's structure and checksum, an
 * ABA checksum, an ISO 3166-1 country) stays an error, and has its own tests.
 */
describe("what the reference's pattern admits, the validator takes (warnings at most)", () => {
  const referencePatterns: Partial<Record<IdentifierFormat, RegExp>> = {
    bic: /^[A-Z]{4}[A-Z]{2}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/,
    lei: /^[0-9A-Za-z]{20}$/,
    "nz-account-number": /^[0-9A-Z-]{15,16}$/,
    ifsc: /^\w{11}$/,
    clabe: /^[0-9]{18}$/,
  };
  it.each(Object.entries(referencePatterns) as [IdentifierFormat, RegExp][])("%s", (format, pattern) => {
    const validate = formatValidators[format];
    let warned = 0;
    fc.assert(
      fc.property(fc.stringMatching(pattern), (input) => {
        const result = validate(input);
        expect(result.ok, `${input}: ${JSON.stringify(result)}`).toBe(true);
        if (result.warnings.length > 0) warned++;
        for (const warning of result.warnings) expect(warning.severity).toBe("warning");
      }),
      { numRuns: 300 },
    );
    // Random strings of the pattern mostly fail the stricter checks: the warnings are there, not errors.
    expect(warned).toBeGreaterThan(0);
  });
});

describe("payment routings", () => {
  const check = compileSpecSchema(ajv, schemaRef("PaymentRouting"));
  it.each(Object.keys(routingArbitraries))(
    "%s: a routing the validator accepts, normalised, is a PaymentRouting of the spec",
    (type) => {
      fc.assert(
        fc.property(routingArbitraries[type as keyof typeof routingArbitraries], (routing) => {
          const result = validatePaymentRouting(routing);
          expect(result.ok, JSON.stringify(result)).toBe(true);
          if (result.ok) expect(check(result.value), ajv.errorsText(check.errors)).toBe(true);
        }),
        { numRuns: 60 },
      );
    },
  );
});

describe("request bodies", () => {
  // The validators name requests as the reference does; two spec schemas carry the reference's DTO names.
  const specName: Record<string, string> = { CreateAlert: "CreateAlertRequest", AssignDepositor: "AssignDepositorDto" };
  it.each(requestArbitraries.map((entry) => [entry.name, entry] as const))(
    "%s: an accepted body, normalised, validates against the spec",
    (name, { validate, arbitrary }) => {
      const check = compileSpecSchema(ajv, schemaRef(specName[name] ?? name));
      fc.assert(
        fc.property(arbitrary, (body) => {
          const result = validate(body);
          expect(result.ok, JSON.stringify(result)).toBe(true);
          if (result.ok)
            expect(check(result.value), `${ajv.errorsText(check.errors)} in ${JSON.stringify(result.value)}`).toBe(
              true,
            );
        }),
        { numRuns: 80 },
      );
    },
  );
});
