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

describe("validateCreateAccountTransfer", () => {
  it("accepts a valid transfer; Amount and Reference are optional", () => {
    expect(validateCreateAccountTransfer(validTransfer)).toEqual({
      ok: true,
      value: validTransfer,
      normalized: false,
      changes: [],
      uncheckedRules: [],
    });
    const { Amount: _amount, Reference: _reference, ...minimal } = validTransfer;
    expect(validateCreateAccountTransfer(minimal)).toEqual({
      ok: true,
      value: minimal,
      normalized: false,
      changes: [],
      uncheckedRules: [],
    });
  });

  it("reports required fields, Reference length and Amount", () => {
    expect(paths(validateCreateAccountTransfer({ Reference: "r".repeat(36), Amount: 0 }))).toEqual([
      ["required", ["AccountId"]],
      ["required", ["CurrencyCode"]],
      ["out_of_range", ["Amount"]],
      ["required", ["BeneficiaryId"]],
      ["too_long", ["Reference"]],
    ]);
  });
});

describe("validateCreateAlert", () => {
  it("accepts a valid alert", () => {
    expect(validateCreateAlert(validAlert)).toEqual({
      ok: true,
      value: validAlert,
      normalized: false,
      changes: [],
      uncheckedRules: [],
    });
  });

  it("requires the pair and a positive Limit; the currencies differ", () => {
    expect(paths(validateCreateAlert({}))).toEqual([
      ["required", ["SourceCurrencyCode"]],
      ["required", ["TargetCurrencyCode"]],
      ["required", ["Limit"]],
    ]);
    expect(paths(validateCreateAlert({ ...validAlert, Limit: 0, TargetCurrencyCode: "EUR" }))).toEqual([
      ["out_of_range", ["Limit"]],
      ["conflict", ["TargetCurrencyCode"]],
    ]);
  });
});

describe("validateQuoteRequest", () => {
  it("accepts a valid quote request", () => {
    expect(validateQuoteRequest(validQuote)).toEqual({
      ok: true,
      value: validQuote,
      normalized: false,
      changes: [],
      uncheckedRules: [],
    });
  });

  it("requires every field and checks GoalType", () => {
    expect(paths(validateQuoteRequest({}))).toHaveLength(5);
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
      changes: [],
      uncheckedRules: [],
    });
    expect(validateDepositRequirementRequest({ ...validDepositRequirement, NetDepositRequirement: -5 }).ok).toBe(true);
  });

  it("reports missing and non-finite values", () => {
    expect(paths(validateDepositRequirementRequest({ NetDepositRequirement: Number.NaN }))).toEqual([
      ["required", ["AccountId"]],
      ["invalid_type", ["NetDepositRequirement"]],
      ["required", ["CurrencyCode"]],
    ]);
  });
});
