import { describe, expect, it } from "vitest";
import { validateCreateExchange, type CreateExchangeOptions, type Issue } from "../../src/index.js";
import { LEI, validExchange } from "./request-examples.js";

function issues(input: unknown, options?: CreateExchangeOptions): readonly Issue[] {
  const result = validateCreateExchange(input, options);
  return result.ok ? [] : result.issues;
}

const paths = (found: readonly Issue[]) => found.map((one) => [one.code, one.path]);

describe("validateCreateExchange: fields", () => {
  it("accepts a valid exchange", () => {
    expect(validateCreateExchange({ ...validExchange, SourceCurrencyCode: "eur" }, { withdrawal: false })).toEqual({
      ok: true,
      value: validExchange,
      normalized: true,
      changes: [{ path: ["SourceCurrencyCode"], from: "eur", to: validExchange.SourceCurrencyCode }],
      uncheckedRules: [],
    });
  });

  it("requires AccountId, both currencies, Goal and GoalType (assumption)", () => {
    expect(paths(issues({}))).toEqual([
      ["required", ["AccountId"]],
      ["required", ["SourceCurrencyCode"]],
      ["required", ["TargetCurrencyCode"]],
      ["required", ["Goal"]],
      ["required", ["GoalType"]],
    ]);
  });

  it("checks GoalType, Goal, UseAvailableFunds and the currency pair", () => {
    expect(issues({ ...validExchange, GoalType: "buy" })).toEqual([
      expect.objectContaining({
        code: "invalid_enum",
        path: ["GoalType"],
        params: { allowed: ["Buy", "Sell"], received: "buy" },
      }),
    ]);
    expect(paths(issues({ ...validExchange, Goal: -1 }))).toEqual([["out_of_range", ["Goal"]]]);
    expect(paths(issues({ ...validExchange, UseAvailableFunds: "true" }))).toEqual([
      ["invalid_type", ["UseAvailableFunds"]],
    ]);
    expect(issues({ ...validExchange, UseAvailableFunds: false })).toEqual([]);
    expect(paths(issues({ ...validExchange, TargetCurrencyCode: "eur" }))).toEqual([
      ["conflict", ["TargetCurrencyCode"]],
    ]);
  });
});

describe("validateCreateExchange: rules of the withdrawal it funds", () => {
  const gbp = { ...validExchange, TargetCurrencyCode: "GBP" };
  const bank = { type: "Company", vertical: "FI", industry: "Banks" } as const;

  it("requires BoEPurposeCodeId when it funds a GBP withdrawal", () => {
    expect(paths(issues(gbp, { withdrawal: {} }))).toEqual([["required", ["BoEPurposeCodeId"]]]);
    expect(issues({ ...gbp, BoEPurposeCodeId: 4 }, { withdrawal: {} })).toEqual([]);
    expect(issues(validExchange, { withdrawal: {} })).toEqual([]);
    expect(issues(gbp, { withdrawal: false })).toEqual([]);
  });

  it("requires ReceiverLei when the withdrawal pays a bank (vertical FI), in any currency, as the reference states it here", () => {
    expect(paths(issues({ ...gbp, BoEPurposeCodeId: 4 }, { withdrawal: { beneficiary: bank } }))).toEqual([
      ["required", ["ReceiverLei"]],
    ]);
    expect(paths(issues(validExchange, { withdrawal: { beneficiary: bank } }))).toEqual([
      ["required", ["ReceiverLei"]],
    ]);
    expect(issues({ ...validExchange, ReceiverLei: LEI }, { withdrawal: { beneficiary: bank } })).toEqual([]);
    expect(issues({ ...gbp, BoEPurposeCodeId: 4, ReceiverLei: LEI }, { withdrawal: { beneficiary: bank } })).toEqual(
      [],
    );
    expect(
      issues({ ...gbp, BoEPurposeCodeId: 4 }, { withdrawal: { beneficiary: { ...bank, industry: "Insurance" } } }),
    ).toEqual([]);
  });

  it("leaves both rules unchecked without the withdrawal context", () => {
    const result = validateCreateExchange(gbp);
    expect(result.ok && result.uncheckedRules).toEqual(["boe-purpose-code", "receiver-lei"]);
  });
});
