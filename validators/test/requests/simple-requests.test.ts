import { describe, expect, it } from "vitest";
import {
  validateCreateAccountTransfer,
  validateCreateAlert,
  validateDepositRequirementRequest,
  validateQuoteRequest,
  type Issue,
} from "../../src/index.js";
import { validAlert, validDepositRequirement, validQuote, validTransfer } from "./request-examples.js";

const paths = (result: { readonly ok: boolean; readonly issues?: readonly Issue[] }) =>
  (result.issues ?? []).map((one) => [one.code, one.path]);

/** The warnings, as [code, path]: checks stricter than the reference, which never fail the validation. */
const warned = (result: { readonly ok: boolean; readonly warnings: readonly Issue[] }) =>
  result.warnings.map((one) => [one.code, one.path]);

describe("validateCreateAccountTransfer", () => {
  it("accepts a valid transfer; Amount and Reference are optional", () => {
    expect(validateCreateAccountTransfer(validTransfer)).toEqual({
      ok: true,
      value: validTransfer,
      normalized: false,
      warnings: [],
      changes: [],
      uncheckedRules: [],
    });
    const { Amount: _amount, Reference: _reference, ...minimal } = validTransfer;
    expect(validateCreateAccountTransfer(minimal)).toEqual({
      ok: true,
      value: minimal,
      normalized: false,
      warnings: [],
      changes: [],
      uncheckedRules: [],
    });
  });

  it("reports required fields and Reference length; warns about an Amount that is not > 0", () => {
    const result = validateCreateAccountTransfer({ Reference: "r".repeat(36), Amount: 0 });
    expect(paths(result)).toEqual([
      ["required", ["AccountId"]],
      ["required", ["CurrencyCode"]],
      ["required", ["BeneficiaryId"]],
      ["too_long", ["Reference"]],
    ]);
    expect(warned(result)).toEqual([["out_of_range", ["Amount"]]]);
    expect(validateCreateAccountTransfer({ ...validTransfer, Amount: -1 })).toMatchObject({ ok: true });
  });
});

describe("validateCreateAlert", () => {
  it("accepts a valid alert", () => {
    expect(validateCreateAlert(validAlert)).toEqual({
      ok: true,
      value: validAlert,
      normalized: false,
      warnings: [],
      changes: [],
      uncheckedRules: [],
    });
  });

  /* The reference marks no field of the alert as required: what an alert needs is a warning, never a refusal. */
  it("warns about a missing pair or Limit, a Limit that is not > 0 and equal currencies", () => {
    const empty = validateCreateAlert({});
    expect(empty).toMatchObject({ ok: true, value: {} });
    expect(warned(empty)).toEqual([
      ["recommended", ["SourceCurrencyCode"]],
      ["recommended", ["TargetCurrencyCode"]],
      ["recommended", ["Limit"]],
    ]);
    const odd = validateCreateAlert({ ...validAlert, Limit: 0, TargetCurrencyCode: "EUR" });
    expect(odd.ok).toBe(true);
    expect(warned(odd)).toEqual([
      ["out_of_range", ["Limit"]],
      ["conflict", ["TargetCurrencyCode"]],
    ]);
    expect(odd.warnings.every((one) => one.severity === "warning")).toBe(true);
  });
});

describe("validateQuoteRequest", () => {
  it("accepts a valid quote request", () => {
    expect(validateQuoteRequest(validQuote)).toEqual({
      ok: true,
      value: validQuote,
      normalized: false,
      warnings: [],
      changes: [],
      uncheckedRules: [],
    });
  });

  it("takes a quote without Amount; warns about the other missing fields; checks GoalType", () => {
    const { Amount: _amount, ...withoutAmount } = validQuote;
    expect(validateQuoteRequest(withoutAmount)).toMatchObject({ ok: true, value: withoutAmount, warnings: [] });
    const empty = validateQuoteRequest({});
    expect(empty.ok).toBe(true);
    expect(warned(empty)).toEqual([
      ["recommended", ["AccountId"]],
      ["recommended", ["GoalType"]],
      ["recommended", ["SourceCurrencyCode"]],
      ["recommended", ["TargetCurrencyCode"]],
    ]);
    expect(paths(validateQuoteRequest({ ...validQuote, GoalType: "Hold", AccountId: 3.2 }))).toEqual([
      ["not_integer", ["AccountId"]],
      ["invalid_enum", ["GoalType"]],
    ]);
  });
});

describe("validateDepositRequirementRequest", () => {
  it("accepts a valid request; NetDepositRequirement may be any finite number", () => {
    expect(validateDepositRequirementRequest(validDepositRequirement)).toEqual({
      ok: true,
      value: validDepositRequirement,
      normalized: false,
      warnings: [],
      changes: [],
      uncheckedRules: [],
    });
    expect(validateDepositRequirementRequest({ ...validDepositRequirement, NetDepositRequirement: -5 }).ok).toBe(true);
  });

  it("refuses a non-finite value; warns about missing ones", () => {
    const result = validateDepositRequirementRequest({ NetDepositRequirement: Number.NaN });
    expect(paths(result)).toEqual([["invalid_type", ["NetDepositRequirement"]]]);
    expect(warned(result)).toEqual([
      ["recommended", ["AccountId"]],
      ["recommended", ["CurrencyCode"]],
    ]);
  });
});
