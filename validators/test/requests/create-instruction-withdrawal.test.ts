import { describe, expect, it } from "vitest";
import {
  validateCreateInstructionWithdrawal,
  type CreateInstructionWithdrawalOptions,
  type Issue,
} from "../../src/index.js";
import { LEI, validInstructionWithdrawal } from "./request-examples.js";

function issues(input: unknown, options?: CreateInstructionWithdrawalOptions): readonly Issue[] {
  const result = validateCreateInstructionWithdrawal(input, options);
  return result.ok ? [] : result.issues;
}

const paths = (found: readonly Issue[]) => found.map((one) => [one.code, one.path]);

describe("validateCreateInstructionWithdrawal", () => {
  it("accepts InstructionId and BeneficiaryId with the withdrawal details", () => {
    const result = validateCreateInstructionWithdrawal(
      {
        ...validInstructionWithdrawal,
        PaymentChargesCode: "OUR",
        ReceiverLei: LEI,
        Reference: "not a field of this request",
      },
      { currencyCode: "EUR", beneficiary: { bankCountry: "DE" } },
    );
    expect(result).toEqual({
      ok: true,
      value: { ...validInstructionWithdrawal, PaymentChargesCode: "OUR", ReceiverLei: LEI },
      warnings: [],
      normalized: true,
      changes: [{ path: ["Reference"], from: "not a field of this request", to: undefined }],
      uncheckedRules: ["account-setup"],
    });
  });

  it("requires InstructionId and BeneficiaryId", () => {
    expect(paths(issues({}))).toEqual([
      ["required", ["InstructionId"]],
      ["required", ["BeneficiaryId"]],
    ]);
  });

  it("takes the currency from the context for the GBP rule", () => {
    expect(paths(issues(validInstructionWithdrawal, { currencyCode: "GBP" }))).toEqual([
      ["required", ["BoEPurposeCodeId"]],
    ]);
    expect(paths(issues(validInstructionWithdrawal, { currencyCode: "gbp" }))).toEqual([
      ["required", ["BoEPurposeCodeId"]],
    ]);
    expect(issues({ ...validInstructionWithdrawal, BoEPurposeCodeId: 2 }, { currencyCode: "GBP" })).toEqual([]);
    expect(issues(validInstructionWithdrawal, { currencyCode: "EUR" })).toEqual([]);
    const unknown = validateCreateInstructionWithdrawal(validInstructionWithdrawal);
    expect(unknown.ok && unknown.uncheckedRules).toContain("boe-purpose-code");
  });

  it("applies the payment purpose, receiver LEI and originator rules like the account withdrawal", () => {
    expect(
      paths(issues(validInstructionWithdrawal, { currencyCode: "CNH", beneficiary: { bankCountry: "CN" } })),
    ).toEqual([["required", ["PaymentPurposeId"]]]);
    expect(
      paths(
        issues(
          { ...validInstructionWithdrawal, BoEPurposeCodeId: 2 },
          { currencyCode: "GBP", beneficiary: { type: "Company", vertical: "FI", industry: "Banks" } },
        ),
      ),
    ).toEqual([["required", ["ReceiverLei"]]]);
    expect(
      paths(issues({ ...validInstructionWithdrawal, UltimateOriginator: {} }, { account: { isPsp: false } })),
    ).toEqual([
      ["required", ["UltimateOriginator", "Name"]],
      ["required", ["UltimateOriginator", "Address"]],
    ]);
    const psp = validateCreateInstructionWithdrawal(
      { ...validInstructionWithdrawal, UltimateOriginator: {} },
      { account: { isPsp: true } },
    );
    expect(psp.ok).toBe(true);
    expect(paths(psp.warnings)).toEqual([["recommended", ["UltimateOriginator", "SubaccountNumber"]]]);
  });
});
