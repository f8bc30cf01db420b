import { describe, expect, it } from "vitest";
import { validateCreateAccountWithdrawal, type CreateAccountWithdrawalOptions, type Issue } from "../../src/index.js";
import { LEI, address, validAccountWithdrawal } from "./request-examples.js";

function issues(input: unknown, options?: CreateAccountWithdrawalOptions): readonly Issue[] {
  const result = validateCreateAccountWithdrawal(input, options);
  return result.ok ? [] : result.issues;
}

function unchecked(input: unknown, options?: CreateAccountWithdrawalOptions): readonly string[] | undefined {
  const result = validateCreateAccountWithdrawal(input, options);
  return result.ok ? result.uncheckedRules : undefined;
}

const paths = (found: readonly Issue[]) => found.map((one) => [one.code, one.path]);

/** The warnings: checks beyond the reference, which never refuse the withdrawal. */
const warnings = (input: unknown, options?: CreateAccountWithdrawalOptions): readonly Issue[] =>
  validateCreateAccountWithdrawal(input, options).warnings;

describe("validateCreateAccountWithdrawal: fields", () => {
  it("accepts a valid withdrawal and normalises it", () => {
    const result = validateCreateAccountWithdrawal({
      ...validAccountWithdrawal,
      CurrencyCode: " eur",
      Reference: " Inv 1 ",
      Description: "Payment",
      PaymentChargesCode: "SHA",
      ReceiverLei: LEI,
      Unknown: "dropped",
    });
    expect(result).toEqual({
      ok: true,
      value: {
        ...validAccountWithdrawal,
        Reference: " Inv 1 ",
        Description: "Payment",
        PaymentChargesCode: "SHA",
        ReceiverLei: LEI,
      },
      warnings: [],
      normalized: true,
      changes: [
        { path: ["CurrencyCode"], from: " eur", to: "EUR" },
        { path: ["Unknown"], from: "dropped", to: undefined },
      ],
      uncheckedRules: ["payment-purpose", "account-setup"],
    });
  });

  it("reports missing required fields, and a non-object body", () => {
    expect(paths(issues({}))).toEqual([
      ["required", ["AccountId"]],
      ["required", ["CurrencyCode"]],
      ["required", ["BeneficiaryId"]],
    ]);
    expect(paths(issues([]))).toEqual([["invalid_type", []]]);
  });

  it("checks int32 ranges and integers", () => {
    expect(issues({ ...validAccountWithdrawal, AccountId: 2147483647 })).toEqual([]);
    expect(issues({ ...validAccountWithdrawal, AccountId: -2147483648 })).toEqual([]);
    expect(paths(issues({ ...validAccountWithdrawal, AccountId: 2147483648 }))).toEqual([
      ["out_of_range", ["AccountId"]],
    ]);
    expect(paths(issues({ ...validAccountWithdrawal, BeneficiaryId: 7.5 }))).toEqual([
      ["not_integer", ["BeneficiaryId"]],
    ]);
    expect(paths(issues({ ...validAccountWithdrawal, AccountId: "1001" }))).toEqual([["invalid_type", ["AccountId"]]]);
    expect(paths(issues({ ...validAccountWithdrawal, PaymentPurposeId: 1e12 }))).toEqual([
      ["out_of_range", ["PaymentPurposeId"]],
    ]);
  });

  it("requires Amount to be a finite number when given; warns when it is not greater than 0", () => {
    expect(issues({ ...validAccountWithdrawal, Amount: undefined })).toEqual([]);
    for (const Amount of [Number.NaN, Number.POSITIVE_INFINITY, "10"]) {
      expect(paths(issues({ ...validAccountWithdrawal, Amount }))).toEqual([["invalid_type", ["Amount"]]]);
    }
    for (const Amount of [0, -5]) {
      expect(issues({ ...validAccountWithdrawal, Amount })).toEqual([]);
      expect(paths(warnings({ ...validAccountWithdrawal, Amount }))).toEqual([["out_of_range", ["Amount"]]]);
    }
  });

  it("limits Reference to 35 and Description to 140 characters", () => {
    expect(issues({ ...validAccountWithdrawal, Reference: "r".repeat(35), Description: "d".repeat(140) })).toEqual([]);
    expect(
      paths(issues({ ...validAccountWithdrawal, Reference: "r".repeat(36), Description: "d".repeat(141) })),
    ).toEqual([
      ["too_long", ["Reference"]],
      ["too_long", ["Description"]],
    ]);
  });

  it("checks CurrencyCode, PaymentChargesCode and ReceiverLei formats", () => {
    expect(paths(issues({ ...validAccountWithdrawal, CurrencyCode: "EURO" }))).toEqual([
      ["invalid_format", ["CurrencyCode"]],
    ]);
    expect(issues({ ...validAccountWithdrawal, PaymentChargesCode: "BEN" })).toEqual([
      expect.objectContaining({
        code: "invalid_enum",
        path: ["PaymentChargesCode"],
        params: { allowed: ["OUR", "SHA"], received: "BEN" },
      }),
    ]);
    expect(paths(issues({ ...validAccountWithdrawal, ReceiverLei: "5493001KJTIIGC8Y1R1" }))).toEqual([
      ["invalid_length", ["ReceiverLei"]],
    ]);
    expect(issues({ ...validAccountWithdrawal, ReceiverLei: "5493001KJTIIGC8Y1R13" })).toEqual([]);
    expect(paths(warnings({ ...validAccountWithdrawal, ReceiverLei: "5493001KJTIIGC8Y1R13" }))).toEqual([
      ["invalid_checksum", ["ReceiverLei"]],
    ]);
  });

  it("checks the UltimateOriginator shape: Name up to 35, the address's members; a partial address is no error", () => {
    const found = issues({
      ...validAccountWithdrawal,
      UltimateOriginator: { Name: "n".repeat(36), Address: { Street: "Main St", Town: 7 }, SubaccountNumber: 12 },
    });
    expect(paths(found)).toEqual([
      ["too_long", ["UltimateOriginator", "Name"]],
      ["invalid_type", ["UltimateOriginator", "Address", "Town"]],
      ["invalid_type", ["UltimateOriginator", "SubaccountNumber"]],
    ]);
    // Which address members are required depends on the account (the ultimate-originator rule).
    expect(issues({ ...validAccountWithdrawal, UltimateOriginator: { Address: { Street: "Main St" } } })).toEqual([]);
    expect(paths(issues({ ...validAccountWithdrawal, UltimateOriginator: "me" }))).toEqual([
      ["invalid_type", ["UltimateOriginator"]],
    ]);
  });
});

describe("validateCreateAccountWithdrawal: boe-purpose-code rule (body only)", () => {
  it("requires BoEPurposeCodeId when CurrencyCode is GBP", () => {
    expect(paths(issues({ ...validAccountWithdrawal, CurrencyCode: "GBP" }))).toEqual([
      ["required", ["BoEPurposeCodeId"]],
    ]);
    expect(paths(issues({ ...validAccountWithdrawal, CurrencyCode: "gbp" }))).toEqual([
      ["required", ["BoEPurposeCodeId"]],
    ]);
    expect(issues({ ...validAccountWithdrawal, CurrencyCode: "GBP", BoEPurposeCodeId: 3 })).toEqual([]);
  });

  it("stays silent for other currencies, and is always checked", () => {
    expect(issues(validAccountWithdrawal)).toEqual([]);
    expect(unchecked(validAccountWithdrawal)).not.toContain("boe-purpose-code");
  });
});

describe("validateCreateAccountWithdrawal: payment-purpose rule", () => {
  it("requires PaymentPurposeId for a bank account in AE, in any currency", () => {
    for (const CurrencyCode of ["AED", "USD", "EUR"]) {
      expect(
        paths(issues({ ...validAccountWithdrawal, CurrencyCode }, { beneficiary: { bankCountry: "AE" } })),
      ).toEqual([["required", ["PaymentPurposeId"]]]);
    }
    expect(issues({ ...validAccountWithdrawal, PaymentPurposeId: 12 }, { beneficiary: { bankCountry: "AE" } })).toEqual(
      [],
    );
  });

  it("requires it for a bank account in CN only in CNH", () => {
    expect(
      paths(issues({ ...validAccountWithdrawal, CurrencyCode: "CNH" }, { beneficiary: { bankCountry: "cn" } })),
    ).toEqual([["required", ["PaymentPurposeId"]]]);
    expect(issues({ ...validAccountWithdrawal, CurrencyCode: "CNY" }, { beneficiary: { bankCountry: "CN" } })).toEqual(
      [],
    );
    expect(issues({ ...validAccountWithdrawal, CurrencyCode: "CNH" }, { beneficiary: { bankCountry: "HK" } })).toEqual(
      [],
    );
  });

  it("is unchecked without the bank country", () => {
    expect(unchecked(validAccountWithdrawal, { beneficiary: {} })).toContain("payment-purpose");
    expect(unchecked(validAccountWithdrawal, { beneficiary: { bankCountry: "DE" } })).not.toContain("payment-purpose");
  });
});

describe("validateCreateAccountWithdrawal: receiver-lei rule", () => {
  const bank = { type: "Company", vertical: "FI", industry: "Banks" } as const;
  const gbp = { ...validAccountWithdrawal, CurrencyCode: "GBP", BoEPurposeCodeId: 1 };

  it("requires ReceiverLei for GBP to a company with vertical FI in Banks or Building Societies", () => {
    expect(paths(issues(gbp, { beneficiary: bank }))).toEqual([["required", ["ReceiverLei"]]]);
    expect(paths(issues(gbp, { beneficiary: { ...bank, industry: "building societies" } }))).toEqual([
      ["required", ["ReceiverLei"]],
    ]);
    expect(issues({ ...gbp, ReceiverLei: LEI }, { beneficiary: bank })).toEqual([]);
  });

  it("stays silent when a condition does not hold", () => {
    expect(issues(validAccountWithdrawal, { beneficiary: bank })).toEqual([]);
    expect(issues(gbp, { beneficiary: { ...bank, type: "Individual" } })).toEqual([]);
    expect(issues(gbp, { beneficiary: { ...bank, vertical: "Corporate" } })).toEqual([]);
    expect(issues(gbp, { beneficiary: { ...bank, industry: "Insurance" } })).toEqual([]);
  });

  it("is unchecked when the beneficiary is not described", () => {
    expect(unchecked(gbp)).toContain("receiver-lei");
    expect(unchecked(gbp, { beneficiary: { type: "Company", vertical: "FI" } })).toContain("receiver-lei");
  });
});

describe("validateCreateAccountWithdrawal: ultimate-originator rule", () => {
  const withOriginator = (UltimateOriginator: unknown) => ({ ...validAccountWithdrawal, UltimateOriginator });

  it("non-PSP account: Name and Address are required, and the Address's Street, Town and CountryCode", () => {
    expect(paths(issues(withOriginator({ SubaccountNumber: "S-1" }), { account: { isPsp: false } }))).toEqual([
      ["required", ["UltimateOriginator", "Name"]],
      ["required", ["UltimateOriginator", "Address"]],
    ]);
    expect(
      paths(issues(withOriginator({ Name: "Jane", Address: { Street: "Main St" } }), { account: { isPsp: false } })),
    ).toEqual([
      ["required", ["UltimateOriginator", "Address", "Town"]],
      ["required", ["UltimateOriginator", "Address", "CountryCode"]],
    ]);
    expect(issues(withOriginator({ Name: "Jane Doe", Address: address }), { account: { isPsp: false } })).toEqual([]);
  });

  it("PSP account: only SubaccountNumber is used; a partial address is kept; a missing SubaccountNumber warns", () => {
    const partial = withOriginator({ SubaccountNumber: "S-1", Address: { Town: "Leeds", CountryCode: "GB" } });
    const kept = validateCreateAccountWithdrawal(partial, { account: { isPsp: true } });
    expect(kept).toMatchObject({ ok: true, warnings: [] });
    expect(kept.ok && kept.value.UltimateOriginator).toEqual(partial.UltimateOriginator);
    expect(issues(withOriginator({ Name: "Jane Doe" }), { account: { isPsp: true } })).toEqual([]);
    expect(paths(warnings(withOriginator({ Name: "Jane Doe" }), { account: { isPsp: true } }))).toEqual([
      ["recommended", ["UltimateOriginator", "SubaccountNumber"]],
    ]);
    const result = validateCreateAccountWithdrawal(withOriginator({ Name: "Jane", SubaccountNumber: "S-1" }), {
      account: { isPsp: true },
    });
    expect(result.ok && result.value.UltimateOriginator).toEqual({ Name: "Jane", SubaccountNumber: "S-1" });
  });

  it("is silent without an UltimateOriginator, and unchecked when the account kind is unknown", () => {
    expect(issues(validAccountWithdrawal, { account: { isPsp: false } })).toEqual([]);
    expect(unchecked(withOriginator({ Name: "Jane" }))).toContain("ultimate-originator");
    expect(unchecked(withOriginator({ Name: "Jane" }), { account: { isPsp: "yes" as never } })).toContain(
      "ultimate-originator",
    );
  });
});

describe("validateCreateAccountWithdrawal: account-setup rule", () => {
  it("reports UltimateOriginator and PaymentChargesCode as not_allowed when the setup does not accept them", () => {
    const body = {
      ...validAccountWithdrawal,
      PaymentChargesCode: "OUR",
      UltimateOriginator: { Name: "Jane", Address: address },
    };
    const account = { isPsp: false, acceptsUltimateOriginator: false, acceptsPaymentChargesCode: false };
    expect(paths(issues(body, { account }))).toEqual([
      ["not_allowed", ["UltimateOriginator"]],
      ["not_allowed", ["PaymentChargesCode"]],
    ]);
    expect(
      issues(body, { account: { ...account, acceptsUltimateOriginator: true, acceptsPaymentChargesCode: true } }),
    ).toEqual([]);
    expect(unchecked(body, { account: { isPsp: false } })).toContain("account-setup");
    expect(unchecked(validAccountWithdrawal)).not.toContain("account-setup");
  });
});
