import { describe, expect, it } from "vitest";
import { validateCreateExchange, type CreateExchangeOptions, type Issue } from "../../src/index.js";
import { LEI, validExchange } from "./request-examples.js";

function issues(input: unknown, options?: CreateExchangeOptions): readonly Issue[] {
  const result = validateCreateExchange(input, options);
  return result.ok ? [] : result.issues;
}

const paths = (found: readonly Issue[]) => found.map((one) => [one.code, one.path]);

/** The warnings: what the reference does not require but an exchange can hardly do without. */
function warnings(input: unknown, options?: CreateExchangeOptions): readonly Issue[] {
  return validateCreateExchange(input, options).warnings;
}

describe("validateCreateExchange: fields", () => {
  it("accepts a valid exchange", () => {
    expect(validateCreateExchange({ ...validExchange, SourceCurrencyCode: "eur" }, { withdrawal: false })).toEqual({
      ok: true,
      value: validExchange,
      warnings: [],
      normalized: true,
      changes: [{ path: ["SourceCurrencyCode"], from: "eur", to: validExchange.SourceCurrencyCode }],
      uncheckedRules: [],
    });
  });

  /* The reference marks no field of CreateExchange as required: missing ones are warnings, never refusals. */
  it("requires nothing; warns about a missing account, currency or amount", () => {
    expect(issues({})).toEqual([]);
    expect(paths(warnings({}))).toEqual([
      ["recommended", ["AccountId"]],
      ["recommended", ["SourceCurrencyCode"]],
      ["recommended", ["TargetCurrencyCode"]],
      ["recommended", ["Goal"]],
    ]);
    expect(paths(warnings({ ...validExchange, GoalType: undefined }))).toEqual([["recommended", ["GoalType"]]]);
  });

  it("takes UseAvailableFunds without Goal or GoalType, with no warning", () => {
    const { Goal: _goal, GoalType: _goalType, ...rest } = validExchange;
    const result = validateCreateExchange({ ...rest, UseAvailableFunds: true }, { withdrawal: false });
    expect(result).toMatchObject({ ok: true, value: { ...rest, UseAvailableFunds: true }, warnings: [] });
  });

  it("checks GoalType, Goal, UseAvailableFunds and the currency pair", () => {
    expect(issues({ ...validExchange, GoalType: "buy" })).toEqual([
      expect.objectContaining({
        code: "invalid_enum",
        path: ["GoalType"],
        params: { allowed: ["Buy", "Sell"], received: "buy" },
      }),
    ]);
    expect(issues({ ...validExchange, Goal: -1 })).toEqual([]);
    expect(paths(warnings({ ...validExchange, Goal: -1 }))).toEqual([["out_of_range", ["Goal"]]]);
    expect(paths(issues({ ...validExchange, UseAvailableFunds: "true" }))).toEqual([
      ["invalid_type", ["UseAvailableFunds"]],
    ]);
    expect(issues({ ...validExchange, UseAvailableFunds: false })).toEqual([]);
    expect(issues({ ...validExchange, TargetCurrencyCode: "eur" })).toEqual([]);
    expect(paths(warnings({ ...validExchange, TargetCurrencyCode: "eur" }))).toEqual([
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
