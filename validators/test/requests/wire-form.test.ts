/**
 * The request validators read the spec's facts from its generated tables, and with `wireForm` hold a body to them as
 * given, as a server does: a presentation form the lenient reading would normalise is a `presentation_form` error
 * naming the wire form. (The agreement with the spec's own verdict, both ways, is test/spec-validators-verdicts.)
 */
import { describe, expect, it } from "vitest";
import {
  createAccountTransferTable,
  createAccountWithdrawalTable,
  ultimateOriginatorTable,
} from "../../src/generated/request-fields.js";
import {
  validateCreateAccountTransfer,
  validateCreateAccountWithdrawal,
  validateCreateAlert,
  validateCreateExchange,
  validateCreateWithdrawalBeneficiary,
  validatePaymentRouting,
  type Issue,
} from "../../src/index.js";
import { validBeneficiary } from "./request-examples.js";

const transfer = { AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2 };
const withdrawal = { AccountId: 1, CurrencyCode: "EUR", BeneficiaryId: 2 };
const found = (issues: readonly Issue[]) => issues.map(({ code, path, params }) => ({ code, path, params }));

describe("the facts of the spec's tables", () => {
  it.each([
    [
      "a transfer's Reference",
      createAccountTransferTable.fields.Reference.maxLength,
      (text: string) => validateCreateAccountTransfer({ ...transfer, Reference: text }),
      ["Reference"],
    ],
    [
      "a withdrawal's Description",
      createAccountWithdrawalTable.fields.Description.maxLength,
      (text: string) => validateCreateAccountWithdrawal({ ...withdrawal, Description: text }),
      ["Description"],
    ],
    [
      "an ultimate originator's Name",
      ultimateOriginatorTable.fields.Name.maxLength,
      (text: string) => validateCreateAccountWithdrawal({ ...withdrawal, UltimateOriginator: { Name: text } }),
      ["UltimateOriginator", "Name"],
    ],
  ] as const)("%s: its table's maxLength, in code points", (_name, limit, validate, path) => {
    expect(validate("é".repeat(limit)).ok).toBe(true);
    expect(validate("😀".repeat(limit)).ok).toBe(true);
    const refused = validate("é".repeat(limit + 1));
    expect(refused.ok ? [] : found(refused.issues)).toEqual([
      { code: "too_long", path, params: { maximum: limit, actual: limit + 1 } },
    ]);
  });

  it("an enum's values and a pattern are the table's", () => {
    expect(validateCreateExchange({ GoalType: "Hold" }).ok).toBe(false);
    const currency = validateCreateAccountTransfer({ ...transfer, CurrencyCode: "GB1" });
    expect(currency.ok ? [] : found(currency.issues)).toEqual([
      { code: "invalid_format", path: ["CurrencyCode"], params: { received: "GB1", pattern: "^[A-Z]{3}$" } },
    ]);
  });
});

describe("wireForm: the body as the API reads it", () => {
  it("takes the wire form as it is", () => {
    expect(validateCreateAccountTransfer(transfer, { wireForm: true }).ok).toBe(true);
    expect(validateCreateWithdrawalBeneficiary(validBeneficiary, { wireForm: true }).ok).toBe(true);
    // "grouped or not": a grouped IBAN is a wire form too.
    const grouped = { Type: "BicIban", CountryCode: "FR", Iban: "FR14 2004 1010 0505 0001 3M02 606" };
    expect(validatePaymentRouting(grouped, { wireForm: true }).ok).toBe(true);
    // null where the document takes it, and a blank free text (the API takes both; the value leaves them out).
    const taken = validateCreateAccountTransfer({ ...transfer, Amount: null, Reference: " " }, { wireForm: true });
    expect(taken.ok && taken.value).toEqual(transfer);
  });

  it("refuses what the lenient reading normalises, naming the wire form", () => {
    const alert = validateCreateAlert({ SourceCurrencyCode: " gbp", TargetCurrencyCode: "EUR", Limit: 1.2 });
    expect(alert.ok && alert.value.SourceCurrencyCode).toBe("GBP");
    const wire = validateCreateAlert(
      { SourceCurrencyCode: " gbp", TargetCurrencyCode: "EUR", Limit: 1.2 },
      { wireForm: true },
    );
    expect(wire.ok ? [] : found(wire.issues)).toEqual([
      { code: "presentation_form", path: ["SourceCurrencyCode"], params: { received: " gbp", wireForm: "GBP" } },
    ]);
    expect(wire.ok ? "" : wire.issues[0]?.message).toBe('SourceCurrencyCode is written " gbp"; the API takes "GBP".');
  });

  it("refuses a blank or null where the document takes no empty value, at any depth", () => {
    const blank = validateCreateExchange({ AccountId: "", SourceCurrencyCode: "  " }, { wireForm: true });
    expect(blank.ok ? [] : found(blank.issues)).toEqual([
      { code: "presentation_form", path: ["AccountId"], params: { received: "" } },
      { code: "presentation_form", path: ["SourceCurrencyCode"], params: { received: "  " } },
    ]);
    // The US routing's Bic is not nullable (one of Bic and RoutingTransitNumber is required, and null would do).
    const us = { Type: "RoutingTransitNumberAccountNumber", CountryCode: "US", RoutingTransitNumber: "021000021" };
    const nullBic = validatePaymentRouting({ ...us, Bic: null }, { wireForm: true });
    expect(nullBic.ok ? [] : found(nullBic.issues)).toEqual([
      { code: "presentation_form", path: ["Bic"], params: { received: null } },
    ]);
    expect(validatePaymentRouting({ ...us, Bic: null }).ok).toBe(true);
    const nested = validateCreateAccountWithdrawal(
      { ...withdrawal, UltimateOriginator: { Address: { Street: "1 High St", CountryCode: "gb" } } },
      { wireForm: true },
    );
    expect(nested.ok ? [] : found(nested.issues)).toEqual([
      {
        code: "presentation_form",
        path: ["UltimateOriginator", "Address", "CountryCode"],
        params: { received: "gb", wireForm: "GB" },
      },
    ]);
    const information = validateCreateWithdrawalBeneficiary(
      { ...validBeneficiary, AdditionalInformation: { PURPOSE: null } },
      { wireForm: true },
    );
    expect(information.ok ? [] : found(information.issues)).toContainEqual({
      code: "presentation_form",
      path: ["AdditionalInformation", "PURPOSE"],
      params: { received: null },
    });
  });

  it("reads routings in a body the same way", () => {
    const typed = {
      ...validBeneficiary,
      PaymentRouting: {
        Type: "SortCodeAccountNumber",
        CountryCode: "GB",
        SortCode: "40-05-15",
        AccountNumber: "31926819",
      },
    };
    expect(validateCreateWithdrawalBeneficiary(typed).ok).toBe(true);
    const wire = validateCreateWithdrawalBeneficiary(typed, { wireForm: true });
    expect(wire.ok ? [] : found(wire.issues)).toEqual([
      {
        code: "presentation_form",
        path: ["PaymentRouting", "SortCode"],
        params: { received: "40-05-15", wireForm: "400515" },
      },
    ]);
  });
});
