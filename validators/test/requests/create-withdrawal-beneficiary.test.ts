import { describe, expect, it } from "vitest";
import {
  conditionalRules,
  validateCreateWithdrawalBeneficiary,
  type CreateWithdrawalBeneficiaryOptions,
  type Issue,
} from "../../src/node.js";
import { LEI, sectors, setAt, taxIdRules, validBeneficiary } from "./request-examples.js";

function issues(input: unknown, options?: CreateWithdrawalBeneficiaryOptions): readonly Issue[] {
  const result = validateCreateWithdrawalBeneficiary(input, options);
  return result.ok ? [] : result.issues;
}

function at(found: readonly Issue[], path: readonly (string | number)[]): string[] {
  return found.filter((one) => JSON.stringify(one.path) === JSON.stringify(path)).map((one) => one.code);
}

const fullContext: CreateWithdrawalBeneficiaryOptions = {
  vertical: "Corporate",
  sectors,
  heldByCustomerAccount: false,
  additionalInformationRules: [],
};

describe("validateCreateWithdrawalBeneficiary: fields", () => {
  it("accepts a valid beneficiary, normalised, and lists the rules it could not check", () => {
    const result = validateCreateWithdrawalBeneficiary({
      ...validBeneficiary,
      CurrencyCode: "eur",
      Reference: "  Supplier 1 ",
      Website: "",
    });
    expect(result).toEqual({
      ok: true,
      // Free text is sent as typed; a blank optional field is left out.
      value: { ...validBeneficiary, Reference: "  Supplier 1 " },
      warnings: [],
      normalized: true,
      changes: [
        { path: ["CurrencyCode"], from: "eur", to: "EUR" },
        { path: ["Website"], from: "", to: undefined },
      ],
      // receiver-lei is decided by the body: the currency is not GBP.
      uncheckedRules: ["industry-id", "additional-information"],
    });
  });

  it("checks every rule when the context is complete", () => {
    const result = validateCreateWithdrawalBeneficiary({ ...validBeneficiary, IndustryId: 3 }, fullContext);
    expect(result).toEqual(expect.objectContaining({ ok: true, uncheckedRules: [] }));
  });

  it("reports every missing required field at its path", () => {
    const found = issues({});
    for (const key of ["AccountId", "Name", "CurrencyCode", "PaymentRouting", "BeneficiaryType", "Address"]) {
      expect(at(found, [key]), key).toEqual(["required"]);
    }
    expect(found).toHaveLength(6);
  });

  it("reports routing issues under PaymentRouting", () => {
    const found = issues(setAt(validBeneficiary, ["PaymentRouting", "Iban"], "DE89370400440532013001"));
    expect(found).toEqual([expect.objectContaining({ code: "invalid_checksum", path: ["PaymentRouting", "Iban"] })]);
    expect(
      at(issues(setAt(validBeneficiary, ["PaymentRouting", "Type"], "Swift")), ["PaymentRouting", "Type"]),
    ).toEqual(["invalid_enum"]);
  });

  it("checks AlternatePaymentRouting items like PaymentRouting, at their index", () => {
    const found = issues({
      ...validBeneficiary,
      AlternatePaymentRouting: [
        { Type: "BicAccountNumber", CountryCode: "DE", AccountNumber: "1234" },
        { Type: "SortCodeAccountNumber", CountryCode: "IE", SortCode: "400515", AccountNumber: "31926819" },
        "not a routing",
      ],
    });
    expect(found.map((one) => [one.code, one.path])).toEqual([
      ["country_mismatch", ["AlternatePaymentRouting", 1, "CountryCode"]],
      ["invalid_type", ["AlternatePaymentRouting", 2]],
    ]);
    expect(
      at(issues({ ...validBeneficiary, AlternatePaymentRouting: validBeneficiary.PaymentRouting }), [
        "AlternatePaymentRouting",
      ]),
    ).toEqual(["invalid_type"]);
  });

  it("checks IntermediaryPaymentRouting items: Type Bic and a BIC", () => {
    const ok = validateCreateWithdrawalBeneficiary({
      ...validBeneficiary,
      IntermediaryPaymentRouting: [{ Type: "Bic", Bic: "chasus33" }],
    });
    expect(ok.ok && ok.value.IntermediaryPaymentRouting).toEqual([{ Type: "Bic", Bic: "CHASUS33" }]);
    const found = issues({
      ...validBeneficiary,
      IntermediaryPaymentRouting: [{ Type: "Bic", Bic: "CHAS" }, { Bic: "CHASUS33" }],
    });
    expect(found.map((one) => [one.code, one.path])).toEqual([
      ["invalid_length", ["IntermediaryPaymentRouting", 0, "Bic"]],
      ["required", ["IntermediaryPaymentRouting", 1, "Type"]],
    ]);
  });

  it("checks BeneficiaryType against Individual/Company", () => {
    expect(issues({ ...validBeneficiary, BeneficiaryType: "Trust" })).toEqual([
      expect.objectContaining({
        code: "invalid_enum",
        path: ["BeneficiaryType"],
        params: { allowed: ["Individual", "Company"], received: "Trust" },
      }),
    ]);
  });

  it("checks the address: Street, Town and CountryCode required, CountryCode ISO alpha-2", () => {
    const found = issues(
      setAt(setAt(validBeneficiary, ["Address", "Town"], undefined), ["Address", "CountryCode"], "Germany"),
    );
    expect(found.map((one) => one.path)).toEqual([
      ["Address", "Town"],
      ["Address", "CountryCode"],
    ]);
    expect(at(issues(setAt(validBeneficiary, ["Address", "Street"], "   ")), ["Address", "Street"])).toEqual([
      "required",
    ]);
    expect(at(issues(setAt(validBeneficiary, ["Address", "County"], 5)), ["Address", "County"])).toEqual([
      "invalid_type",
    ]);
    expect(at(issues({ ...validBeneficiary, Address: [] }), ["Address"])).toEqual(["invalid_type"]);
  });

  it("limits Reference to 35 characters, counting code points", () => {
    expect(issues({ ...validBeneficiary, Reference: "x".repeat(35) })).toEqual([]);
    expect(issues({ ...validBeneficiary, Reference: "😀".repeat(35) })).toEqual([]);
    expect(issues({ ...validBeneficiary, Reference: "x".repeat(36) })).toEqual([
      expect.objectContaining({ code: "too_long", path: ["Reference"], params: { maximum: 35, actual: 36 } }),
    ]);
  });

  it("checks ReceiverLei with the LEI validator", () => {
    const result = validateCreateWithdrawalBeneficiary({ ...validBeneficiary, ReceiverLei: LEI.toLowerCase() });
    expect(result.ok && result.value.ReceiverLei).toBe(LEI);
    const checkDigits = validateCreateWithdrawalBeneficiary({
      ...validBeneficiary,
      ReceiverLei: "5493001KJTIIGC8Y1R13",
    });
    expect(checkDigits.ok).toBe(true); // ISO 17442's check digits warn: the reference states 20 alphanumerics
    expect(at(checkDigits.warnings, ["ReceiverLei"])).toEqual(["invalid_checksum"]);
    expect(at(issues({ ...validBeneficiary, ReceiverLei: "5493001KJTIIGC8Y1R1" }), ["ReceiverLei"])).toHaveLength(1);
  });

  it("treats null and blank optional fields as absent", () => {
    const result = validateCreateWithdrawalBeneficiary({
      ...validBeneficiary,
      Website: null,
      Reference: " ",
      AccountHolderName: "",
    });
    expect(result.ok && result.value).toEqual(validBeneficiary);
  });
});

describe("validateCreateWithdrawalBeneficiary: receiver-lei rule", () => {
  const gbpBank = { ...validBeneficiary, CurrencyCode: "GBP", IndustryId: 1 };
  const context = { vertical: "FI", sectors };

  it("fires for a GBP company with vertical FI in Banks or Building Societies", () => {
    expect(issues(gbpBank, context)).toEqual([expect.objectContaining({ code: "required", path: ["ReceiverLei"] })]);
    expect(at(issues({ ...gbpBank, IndustryId: 2 }, { vertical: " fi ", sectors }), ["ReceiverLei"])).toEqual([
      "required",
    ]);
    expect(issues({ ...gbpBank, ReceiverLei: LEI }, context)).toEqual([]);
  });

  it("stays silent when any condition does not hold", () => {
    expect(issues({ ...gbpBank, CurrencyCode: "EUR" }, context)).toEqual([]);
    expect(issues({ ...gbpBank, BeneficiaryType: "Individual" }, context)).toEqual([]);
    expect(issues(gbpBank, { ...context, vertical: "Corporate" })).toEqual([]);
    expect(issues({ ...gbpBank, IndustryId: 3 }, context)).toEqual([]);
  });

  it("is unchecked when the vertical or the industry is unknown", () => {
    const noVertical = validateCreateWithdrawalBeneficiary(gbpBank, { sectors });
    expect(noVertical.ok && noVertical.uncheckedRules).toContain("receiver-lei");
    const noSectors = validateCreateWithdrawalBeneficiary(gbpBank, { vertical: "FI" });
    expect(noSectors.ok && noSectors.uncheckedRules).toContain("receiver-lei");
  });
});

describe("validateCreateWithdrawalBeneficiary: industry rules", () => {
  it("requires IndustryId for a company held by the customer account", () => {
    expect(issues(validBeneficiary, { heldByCustomerAccount: true })).toEqual([
      expect.objectContaining({ code: "required", path: ["IndustryId"] }),
    ]);
    expect(issues({ ...validBeneficiary, BeneficiaryType: "Individual" }, { heldByCustomerAccount: true })).toEqual([]);
    expect(issues(validBeneficiary, { heldByCustomerAccount: false })).toEqual([]);
    const unknown = validateCreateWithdrawalBeneficiary(validBeneficiary, {});
    expect(unknown.ok && unknown.uncheckedRules).toContain("industry-id");
  });

  it("requires IndustryId to be a known sector when sectors are given", () => {
    expect(issues({ ...validBeneficiary, IndustryId: 99 }, { sectors })).toEqual([
      expect.objectContaining({
        code: "invalid_enum",
        path: ["IndustryId"],
        params: { allowed: [1, 2, 3, 4, 5], received: 99 },
      }),
    ]);
    expect(at(issues({ ...validBeneficiary, IndustryId: 1.5 }), ["IndustryId"])).toEqual(["not_integer"]);
  });

  it("requires IndustryDetails when the industry starts with Other", () => {
    expect(issues({ ...validBeneficiary, IndustryId: 4 }, { sectors })).toEqual([
      expect.objectContaining({ code: "required", path: ["IndustryDetails"], params: { industry: "Other services" } }),
    ]);
    expect(at(issues({ ...validBeneficiary, IndustryId: 5 }, { sectors }), ["IndustryDetails"])).toEqual(["required"]);
    expect(issues({ ...validBeneficiary, IndustryId: 4, IndustryDetails: "Ship chandlers" }, { sectors })).toEqual([]);
    expect(issues({ ...validBeneficiary, IndustryId: 3 }, { sectors })).toEqual([]);
    const unknown = validateCreateWithdrawalBeneficiary({ ...validBeneficiary, IndustryId: 4 });
    expect(unknown.ok && unknown.uncheckedRules).toContain("industry-details");
  });
});

describe("validateCreateWithdrawalBeneficiary: additional-information rule", () => {
  const rules = { additionalInformationRules: taxIdRules };

  it("requires each Field of the rules, at AdditionalInformation.Field", () => {
    expect(issues(validBeneficiary, rules)).toEqual([
      expect.objectContaining({ code: "required", path: ["AdditionalInformation", "TaxId"] }),
    ]);
    expect(
      at(issues({ ...validBeneficiary, AdditionalInformation: { TaxId: "  " } }, rules), [
        "AdditionalInformation",
        "TaxId",
      ]),
    ).toEqual(["required"]);
  });

  it("matches each value against every RegEx of its field", () => {
    expect(issues({ ...validBeneficiary, AdditionalInformation: { TaxId: "12345678901" } }, rules)).toEqual([]);
    expect(issues({ ...validBeneficiary, AdditionalInformation: { TaxId: "1234567890X" } }, rules)).toEqual([
      expect.objectContaining({
        code: "pattern_mismatch",
        path: ["AdditionalInformation", "TaxId"],
        params: { pattern: "^[0-9]{11}$" },
      }),
    ]);
    const two = { additionalInformationRules: [{ Field: "Code", Rule: [{ RegEx: "^[A-Z]+$" }, { RegEx: "^.{3}$" }] }] };
    expect(issues({ ...validBeneficiary, AdditionalInformation: { Code: "ABC" } }, two)).toEqual([]);
    expect(
      at(issues({ ...validBeneficiary, AdditionalInformation: { Code: "ABCD" } }, two), [
        "AdditionalInformation",
        "Code",
      ]),
    ).toEqual(["pattern_mismatch"]);
  });

  it("keeps keys without a rule, and values are strings, checked as typed", () => {
    const result = validateCreateWithdrawalBeneficiary(
      { ...validBeneficiary, AdditionalInformation: { TaxId: "12345678901", Note: " free " } },
      rules,
    );
    expect(result.ok && result.value.AdditionalInformation).toEqual({ TaxId: "12345678901", Note: " free " });
    // Free text is not trimmed: the server's rule sees the spaces too.
    expect(
      at(issues({ ...validBeneficiary, AdditionalInformation: { TaxId: " 12345678901 " } }, rules), [
        "AdditionalInformation",
        "TaxId",
      ]),
    ).toEqual(["pattern_mismatch"]);
    expect(
      at(issues({ ...validBeneficiary, AdditionalInformation: { Note: 5 } }), ["AdditionalInformation", "Note"]),
    ).toEqual(["invalid_type"]);
  });

  it("keeps a __proto__ key as a plain key", () => {
    const input = JSON.parse(`{"AdditionalInformation": {"__proto__": "x", "TaxId": "12345678901"}}`) as object;
    const result = validateCreateWithdrawalBeneficiary({ ...validBeneficiary, ...input }, rules);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const info = result.value.AdditionalInformation ?? {};
    expect(Object.getPrototypeOf(info)).toBe(Object.prototype);
    expect(Object.keys(info)).toEqual(["__proto__", "TaxId"]);
  });

  it("reports a rule the linear-time engine cannot run as invalid_rule, never running it", () => {
    for (const RegEx of ["(", "(?=a)a", "(a)\\1", "\\Z"]) {
      const found = issues(
        { ...validBeneficiary, AdditionalInformation: { Code: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!" } },
        { additionalInformationRules: [{ Field: "Code", Rule: [{ RegEx }] }] },
      );
      expect(found).toEqual([
        expect.objectContaining({ code: "invalid_rule", path: ["AdditionalInformation", "Code"] }),
      ]);
    }
    const malformed = issues(validBeneficiary, {
      additionalInformationRules: [{ Rule: [] }, { Field: "X", Rule: [{ RegEx: 5 }] }] as never,
    });
    expect(malformed.map((one) => [one.code, one.path])).toEqual([
      ["invalid_rule", ["AdditionalInformation"]],
      ["required", ["AdditionalInformation", "X"]],
      ["invalid_rule", ["AdditionalInformation", "X"]],
    ]);
  });

  it("refuses values longer than the tested maximum instead of running the rule", () => {
    const found = issues({ ...validBeneficiary, AdditionalInformation: { TaxId: "1".repeat(10_000) } }, rules);
    expect(found).toEqual([expect.objectContaining({ code: "too_long", path: ["AdditionalInformation", "TaxId"] })]);
  });

  it("is unchecked without rules, and silent with an empty rule list", () => {
    const without = validateCreateWithdrawalBeneficiary(validBeneficiary);
    expect(without.ok && without.uncheckedRules).toContain("additional-information");
    const empty = validateCreateWithdrawalBeneficiary(validBeneficiary, { additionalInformationRules: [] });
    expect(empty.ok && empty.uncheckedRules).not.toContain("additional-information");
  });

  it("names only known rules in uncheckedRules", () => {
    const result = validateCreateWithdrawalBeneficiary(validBeneficiary);
    if (result.ok) for (const rule of result.uncheckedRules) expect(conditionalRules).toContain(rule);
  });
});
