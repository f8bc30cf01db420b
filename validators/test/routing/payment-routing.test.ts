import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  paymentRoutingTypes,
  routingTypeCountries,
  validateBankStateBranchAccountNumberPaymentRouting,
  validateBicAccountNumberPaymentRouting,
  validateBicClabePaymentRouting,
  validateBicIbanPaymentRouting,
  validateBicNubanPaymentRouting,
  validateIndianFinancialSystemCodeAccountNumberPaymentRouting,
  validateNewZealandAccountNumberPaymentRouting,
  validatePaymentRouting,
  validateRoutingTransitNumberAccountNumberPaymentRouting,
  validateSortCodeAccountNumberPaymentRouting,
  validateTransitNumberAccountNumberPaymentRouting,
  type Issue,
  type PaymentRoutingType,
} from "../../src/index.js";
import {
  accountIdentifier,
  anyRoutingArbitrary,
  normalisedRoutings,
  routingArbitraries,
  validRoutings,
} from "./routing-arbitraries.js";

const perType = {
  BicIban: validateBicIbanPaymentRouting,
  SortCodeAccountNumber: validateSortCodeAccountNumberPaymentRouting,
  RoutingTransitNumberAccountNumber: validateRoutingTransitNumberAccountNumberPaymentRouting,
  TransitNumberAccountNumber: validateTransitNumberAccountNumberPaymentRouting,
  BankStateBranchAccountNumber: validateBankStateBranchAccountNumberPaymentRouting,
  NewZealandAccountNumber: validateNewZealandAccountNumberPaymentRouting,
  IndianFinancialSystemCodeAccountNumber: validateIndianFinancialSystemCodeAccountNumberPaymentRouting,
  BicNuban: validateBicNubanPaymentRouting,
  BicClabe: validateBicClabePaymentRouting,
  BicAccountNumber: validateBicAccountNumberPaymentRouting,
} as const;

function issuesOf(input: unknown): readonly Issue[] {
  const result = validatePaymentRouting(input);
  return result.ok ? [] : result.issues;
}

/** The warnings of a routing: checks beyond the reference, which never refuse it. */
function warningsOf(input: unknown): readonly Issue[] {
  return validatePaymentRouting(input).warnings;
}

function codesAt(issues: readonly Issue[], path: readonly (string | number)[]): string[] {
  return issues.filter((found) => JSON.stringify(found.path) === JSON.stringify(path)).map((found) => found.code);
}

/** A bad value per identifier property: each fails its identifier validator. */
const badValues: Record<string, string> = {
  Bic: "DEUTXXFF1", // 9 characters
  Iban: "DE89370400440532013001", // checksum
  SortCode: "12345", // 5 digits
  AccountNumber: "!", // never a valid account number
  RoutingTransitNumber: "021000022", // checksum
  TransitNumber: "112345678", // no leading zero
  BankStateBranch: "06200", // 5 digits
  IndianFinancialSystemCode: "SBIN-000058", // not ^\w{11}$
};

describe.each(paymentRoutingTypes)("%s routing", (type) => {
  const valid: Record<string, string> = validRoutings[type];
  const fixed: string | undefined = routingTypeCountries[type];

  it("accepts a valid example and returns it normalised", () => {
    const expected = normalisedRoutings[type];
    const normalized = !isDeepStrictEqual(valid, expected);
    for (const result of [validatePaymentRouting(valid), perType[type](valid)]) {
      expect(result).toEqual({
        ok: true,
        value: expected,
        warnings: [],
        normalized,
        changes: normalized ? expect.any(Array) : [],
      });
    }
  });

  it("reports a wrong country as country_mismatch at CountryCode (fixed-country types only)", () => {
    const other = fixed === "FR" ? "DE" : "FR";
    const issues = issuesOf({ ...valid, CountryCode: other });
    if (fixed === undefined) expect(issues).toEqual([]);
    else {
      expect(issues).toEqual([
        expect.objectContaining({
          code: "country_mismatch",
          path: ["CountryCode"],
          params: { expected: fixed, received: other },
        }),
      ]);
    }
  });

  it("requires Type and CountryCode", () => {
    const { CountryCode: _country, ...noCountry } = valid;
    expect(codesAt(issuesOf(noCountry), ["CountryCode"])).toEqual(["required"]);
    const { Type: _type, ...noType } = valid;
    expect(codesAt(issuesOf(noType), ["Type"])).toEqual(["required"]);
    expect(codesAt(issuesOf({ ...valid, CountryCode: "ZZ" }), ["CountryCode"])).toEqual(["unknown_country"]);
  });

  /* "Which listed properties are mandatory ... not shown": the account identifier is recommended, not required. */
  it("warns, never refuses, when the account identifier is missing", () => {
    const key = accountIdentifier[type];
    const { [key]: _removed, ...rest } = valid;
    expect(issuesOf(rest)).toEqual([]);
    expect(codesAt(warningsOf(rest), [key])).toEqual(["recommended"]);
    expect(codesAt(warningsOf({ ...valid, [key]: "  " }), [key])).toEqual(["recommended"]);
    const result = validatePaymentRouting(rest);
    expect(result.ok && key in result.value).toBe(false);
  });

  it.each(Object.keys(valid).filter((key) => key !== "Type" && key !== "CountryCode"))(
    "reports a bad %s at its path, and only there",
    (key) => {
      const issues = issuesOf({ ...valid, [key]: badValues[key] });
      expect(issues.length).toBe(1);
      expect(issues[0]?.path).toEqual([key]);
    },
  );

  it("reports a non-string identifier as invalid_type at its path", () => {
    const key = accountIdentifier[type];
    expect(codesAt(issuesOf({ ...valid, [key]: 12345678 }), [key])).toEqual(["invalid_type"]);
  });

  it("reports every issue, not just the first", () => {
    const key = accountIdentifier[type];
    const issues = issuesOf({ ...valid, CountryCode: 7, [key]: badValues[key] });
    expect(issues.map((found) => found.path[0])).toEqual(expect.arrayContaining(["CountryCode", key]));
  });

  it("accepts generated valid routings, and re-validating the value returns it unchanged", () => {
    fc.assert(
      fc.property(routingArbitraries[type], (routing) => {
        const result = validatePaymentRouting(routing);
        expect(result.ok, JSON.stringify(result)).toBe(true);
        if (!result.ok) return;
        expect(result.value.Type).toBe(type);
        expect(validatePaymentRouting(result.value)).toEqual({ ...result, normalized: false, changes: [] });
      }),
      { numRuns: 60 },
    );
  });

  it("refuses the routing under another type's validator", () => {
    const otherType = type === "BicIban" ? "BicAccountNumber" : "BicIban";
    const result = perType[otherType]({ ...valid });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(codesAt(result.issues, ["Type"])).toEqual(["invalid_enum"]);
  });
});

describe("validatePaymentRouting", () => {
  it("reports an unknown Type as invalid_enum with the allowed list, and still checks CountryCode", () => {
    const issues = issuesOf({ Type: "SwiftCode", CountryCode: "Q" });
    expect(issues).toEqual([
      expect.objectContaining({
        code: "invalid_enum",
        path: ["Type"],
        params: { allowed: [...paymentRoutingTypes], received: "SwiftCode" },
      }),
      expect.objectContaining({ path: ["CountryCode"] }),
    ]);
  });

  it("matches Type exactly (no case folding)", () => {
    expect(codesAt(issuesOf({ ...validRoutings.BicIban, Type: "biciban" }), ["Type"])).toEqual(["invalid_enum"]);
  });

  it("reports a non-object as invalid_type at the root", () => {
    for (const input of [null, "BicIban", 3, [validRoutings.BicIban]]) {
      expect(issuesOf(input)).toEqual([expect.objectContaining({ code: "invalid_type", path: [] })]);
    }
  });

  it("US: requires either Bic or RoutingTransitNumber", () => {
    const { Bic: _bic, RoutingTransitNumber: _rtn, ...neither } = validRoutings.RoutingTransitNumberAccountNumber;
    expect(issuesOf(neither)).toEqual([
      expect.objectContaining({
        code: "required",
        path: ["RoutingTransitNumber"],
        params: { anyOf: ["Bic", "RoutingTransitNumber"] },
      }),
    ]);
    expect(issuesOf({ ...neither, Bic: "CHASUS33" })).toEqual([]);
    expect(issuesOf({ ...neither, RoutingTransitNumber: "021000021" })).toEqual([]);
  });

  it("US: an invalid RoutingTransitNumber is a format issue, not a missing one", () => {
    const { Bic: _bic, ...noBic } = validRoutings.RoutingTransitNumberAccountNumber;
    expect(issuesOf({ ...noBic, RoutingTransitNumber: "021000022" })).toEqual([
      expect.objectContaining({ code: "invalid_checksum", path: ["RoutingTransitNumber"] }),
    ]);
  });

  it("IN: requires both Bic and IndianFinancialSystemCode", () => {
    const {
      Bic: _bic,
      IndianFinancialSystemCode: _ifsc,
      ...neither
    } = validRoutings.IndianFinancialSystemCodeAccountNumber;
    const issues = issuesOf(neither);
    expect(codesAt(issues, ["Bic"])).toEqual(["required"]);
    expect(codesAt(issues, ["IndianFinancialSystemCode"])).toEqual(["required"]);
    expect(codesAt(issuesOf({ ...neither, Bic: "SBININBB" }), ["IndianFinancialSystemCode"])).toEqual(["required"]);
  });

  it("Bic stays optional where the reference does not require it", () => {
    const { Bic: _bic, ...noBic } = validRoutings.BicIban;
    expect(validatePaymentRouting(noBic)).toEqual(
      expect.objectContaining({
        ok: true,
        value: { Type: "BicIban", CountryCode: "DE", Iban: "DE89370400440532013000" },
      }),
    );
  });

  it("BicIban: does not tie the IBAN country to CountryCode (territories bank with another country's IBAN)", () => {
    expect(issuesOf({ Type: "BicIban", CountryCode: "JE", Iban: "GB82WEST12345698765432", Bic: "NWBKGB2L" })).toEqual(
      [],
    );
  });

  it("normalises case and grouping, drops properties the type does not define, and lists every change", () => {
    const result = validatePaymentRouting({
      Type: "BicIban",
      CountryCode: " gb ",
      Bic: "nwbkgb2l",
      Iban: "gb82 west 1234 5698 7654 32",
      SortCode: "400515",
      Extra: { nested: true },
    });
    expect(result).toEqual({
      ok: true,
      value: { Type: "BicIban", CountryCode: "GB", Bic: "NWBKGB2L", Iban: "GB82WEST12345698765432" },
      warnings: [],
      normalized: true,
      changes: [
        { path: ["CountryCode"], from: " gb ", to: "GB" },
        { path: ["Bic"], from: "nwbkgb2l", to: "NWBKGB2L" },
        { path: ["Iban"], from: "gb82 west 1234 5698 7654 32", to: "GB82WEST12345698765432" },
        { path: ["SortCode"], from: "400515", to: undefined },
        { path: ["Extra"], from: { nested: true }, to: undefined },
      ],
    });
  });

  it("validates the account number with the type's pattern", () => {
    const us = validRoutings.RoutingTransitNumberAccountNumber;
    expect(codesAt(issuesOf({ ...us, AccountNumber: "123456" }), ["AccountNumber"])).toEqual(["too_short"]);
    expect(issuesOf({ ...us, AccountNumber: "12345678901234567" })).toEqual([]);
    expect(codesAt(issuesOf({ ...us, AccountNumber: "123456789012345678" }), ["AccountNumber"])).toEqual(["too_long"]);
    const ca = validRoutings.TransitNumberAccountNumber;
    expect(codesAt(issuesOf({ ...ca, AccountNumber: "12345678" }), ["AccountNumber"])).toEqual(["invalid_length"]);
    const generic = validRoutings.BicAccountNumber;
    expect(issuesOf({ ...generic, AccountNumber: "AB-12" })).toEqual([]);
    expect(codesAt(issuesOf({ ...generic, AccountNumber: "AB1" }), ["AccountNumber"])).toEqual(["too_short"]);
  });

  it("warns, never refuses, about the CLABE check digit and the NZ check digits and bank table", () => {
    const clabe = { ...validRoutings.BicClabe, AccountNumber: "002010077777777772" };
    expect(issuesOf(clabe)).toEqual([]);
    expect(codesAt(warningsOf(clabe), ["AccountNumber"])).toEqual(["invalid_checksum"]);
    const nz = { ...validRoutings.NewZealandAccountNumber, AccountNumber: "01-0902-0068390-00" };
    expect(issuesOf(nz)).toEqual([]);
    expect(codesAt(warningsOf(nz), ["AccountNumber"])).toEqual(["invalid_checksum"]);
    const written = { ...validRoutings.NewZealandAccountNumber, AccountNumber: "01-902-68389-000" };
    expect(validatePaymentRouting(written)).toMatchObject({ ok: true, value: { AccountNumber: "01-902-68389-000" } });
    expect(codesAt(warningsOf(written), ["AccountNumber"])).toEqual(["invalid_format"]);
  });

  it("accepts any generated valid routing", () => {
    fc.assert(
      fc.property(anyRoutingArbitrary, (routing) => validatePaymentRouting(routing).ok),
      { numRuns: 200 },
    );
  });

  it("exposes Standard Schema v1", () => {
    const standard = validatePaymentRouting["~standard"];
    expect(standard.version).toBe(1);
    expect(standard.validate(validRoutings.BicClabe)).toEqual({ value: normalisedRoutings.BicClabe });
    const failed = standard.validate({ Type: "BicClabe" });
    expect("issues" in failed && failed.issues?.length).toBeGreaterThan(0);
  });
});

const _typesCovered: Record<PaymentRoutingType, true> = Object.fromEntries(
  paymentRoutingTypes.map((type) => [type, true]),
) as Record<PaymentRoutingType, true>;
void _typesCovered;
