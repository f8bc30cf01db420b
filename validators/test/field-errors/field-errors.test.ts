/**
 * fieldErrorsOf and messagesByField: every error shape a form meets, each message at the form's field name. The
 * client's errors and the sandbox's answers are tested as they really come in test/field-errors.test.ts (the
 * cross-package project); here each shape is written out as its source documents it.
 */
import { describe, expect, it } from "vitest";
import {
  fieldErrorsOf,
  messagesByField,
  validateCreateWithdrawalBeneficiary,
  type StandardSchemaV1,
} from "../../src/index.js";
import { hostileValue } from "../hostile-values.js";
import { validBeneficiary } from "../requests/request-examples.js";
import fc from "fast-check";

const badSortCode = {
  ...validBeneficiary,
  CurrencyCode: "gbp",
  PaymentRouting: { Type: "SortCodeAccountNumber", CountryCode: "gb", SortCode: "40-05-1", AccountNumber: "31926819" },
  AlternatePaymentRouting: [
    { Type: "BicIban", CountryCode: "DE", Iban: "DE89370400440532013000" },
    { Type: "BicIban", CountryCode: "DE", Iban: "DE00" },
  ],
};

describe("the validators' issues", () => {
  const result = validateCreateWithdrawalBeneficiary(badSortCode);

  it("are at the field their path names, with their message and code", () => {
    if (result.ok) throw new Error("the body should fail");
    const sortCode = result.issues.find((issue) => issue.path.join(".") === "PaymentRouting.SortCode");
    expect(sortCode).toBeDefined();
    expect(fieldErrorsOf(result)).toContainEqual({
      field: "PaymentRouting.SortCode",
      path: ["PaymentRouting", "SortCode"],
      message: sortCode?.message,
      code: sortCode?.code,
    });
    expect(fieldErrorsOf(result).map(({ field }) => field)).toContain("AlternatePaymentRouting.1.Iban");
    expect(fieldErrorsOf(result, { indices: "brackets" }).map(({ field }) => field)).toContain(
      "AlternatePaymentRouting[1].Iban",
    );
    // The issue list alone reads the same as the result.
    expect(fieldErrorsOf(result.issues)).toEqual(fieldErrorsOf(result));
  });

  it("from the Standard Schema face, as form libraries get them, read the same", async () => {
    const outcome = await validateCreateWithdrawalBeneficiary["~standard"].validate(badSortCode);
    expect(fieldErrorsOf(outcome).map(({ field, message }) => ({ field, message }))).toEqual(
      fieldErrorsOf(result).map(({ field, message }) => ({ field, message })),
    );
  });

  it("Standard Schema path segments may be `{ key }` objects", () => {
    const failure: StandardSchemaV1.FailureResult = {
      issues: [{ message: "Too short.", path: [{ key: "Address" }, { key: "Town" }] }],
    };
    expect(fieldErrorsOf(failure)).toEqual([
      { field: "Address.Town", path: ["Address", "Town"], message: "Too short." },
    ]);
  });

  it("a success holds none", () => {
    expect(fieldErrorsOf(validateCreateWithdrawalBeneficiary(validBeneficiary))).toEqual([]);
  });

  it("warnings are at their fields too, read from the result's warnings", () => {
    // ISO 13616-valid, but the Belgian check digits fail: sent, and the user is told.
    const belgian = {
      ...validBeneficiary,
      CurrencyCode: "EUR",
      PaymentRouting: { Type: "BicIban", CountryCode: "BE", Iban: "BE41539007547035" },
    };
    const warned = validateCreateWithdrawalBeneficiary(belgian);
    expect(warned.ok).toBe(true);
    expect(fieldErrorsOf(warned)).toEqual([]);
    expect(fieldErrorsOf(warned.warnings)).toContainEqual(
      expect.objectContaining({ field: "PaymentRouting.Iban", code: "invalid_national_checksum" }),
    );
  });
});

describe("the client's RequestValidationError issues (JSON pointers, ajv's keyword and params)", () => {
  const error = Object.assign(new Error("The request body does not match the spec."), {
    issues: [
      { path: "/PaymentRouting/SortCode", message: 'must match pattern "^[0-9]{6}$"', keyword: "pattern", params: {} },
      {
        path: "/PaymentRouting",
        message: "must have required property 'AccountNumber'",
        keyword: "required",
        params: { missingProperty: "AccountNumber" },
      },
    ],
  });

  it("a wrong value is at its pointer; a missing one is moved from its parent onto the missing field", () => {
    expect(messagesByField(error)).toEqual({
      "PaymentRouting.SortCode": 'must match pattern "^[0-9]{6}$"',
      "PaymentRouting.AccountNumber": "must have required property 'AccountNumber'",
    });
    expect(fieldErrorsOf(error)[0]?.code).toBe("pattern");
  });
});

describe("the API's 400 bodies", () => {
  it("OData error with details: one message per detail, at its target (pointer, OData path or bare name)", () => {
    const body = {
      error: {
        code: "invalid_request",
        message: "/PaymentRouting/SortCode: Sort code must be 6 digits.",
        target: "/PaymentRouting/SortCode",
        details: [
          { code: "invalid_length", message: "Sort code must be 6 digits.", target: "/PaymentRouting/SortCode" },
          { code: "required", message: "IndustryId is required.", target: "IndustryId" },
          { code: "required", message: "SubaccountNumber is required.", target: "UltimateOriginator/SubaccountNumber" },
          { code: "conflict", message: "Something about the whole request." },
        ],
      },
    };
    expect(messagesByField(body)).toEqual({
      "PaymentRouting.SortCode": "Sort code must be 6 digits.",
      IndustryId: "IndustryId is required.",
      "UltimateOriginator.SubaccountNumber": "SubaccountNumber is required.",
      "": "Something about the whole request.",
    });
  });

  it("OData error without details: the error at its target, bare or a pointer", () => {
    for (const target of ["CurrencyCode", "/CurrencyCode"]) {
      const body = { error: { code: "unknown_currency", message: "The sandbox does not know XYZ.", target } };
      expect(fieldErrorsOf(body)).toEqual([
        {
          field: "CurrencyCode",
          path: ["CurrencyCode"],
          message: "The sandbox does not know XYZ.",
          code: "unknown_currency",
        },
      ]);
    }
    expect(fieldErrorsOf({ error: { code: "forbidden", message: "No." } })).toEqual([
      { field: "", path: [], message: "No.", code: "forbidden" },
    ]);
  });

  it("the client's ApiStatusError: its `body` is read", () => {
    const error = Object.assign(new Error("400 Bad Request"), {
      status: 400,
      body: { error: { code: "unknown_currency", message: "Unknown.", target: "/CurrencyCode" } },
    });
    expect(messagesByField(error)).toEqual({ CurrencyCode: "Unknown." });
    // No body to read: the error's own message, for the request as a whole.
    expect(messagesByField(Object.assign(new Error("connection refused"), { body: undefined }))).toEqual({
      "": "connection refused",
    });
  });

  it("ASP.NET problem details: every message of every ModelState key", () => {
    const body = {
      type: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
      title: "One or more validation errors occurred.",
      status: 400,
      errors: {
        "PaymentRouting.SortCode": ["The SortCode field is required.", "Sort code must be 6 digits."],
        "$.AccountId": ["The JSON value could not be converted to System.Int32."],
        "AlternatePaymentRouting[0].Iban": "Not an IBAN.",
      },
    };
    expect(messagesByField(body)).toEqual({
      "PaymentRouting.SortCode": "The SortCode field is required. Sort code must be 6 digits.",
      AccountId: "The JSON value could not be converted to System.Int32.",
      "AlternatePaymentRouting.0.Iban": "Not an IBAN.",
    });
    expect(messagesByField({ type: "about:blank", title: "Forbidden", status: 403, detail: "Not yours." })).toEqual({
      "": "Not yours.",
    });
  });

  it("a text body is one message for the request; nothing to read is no message", () => {
    expect(messagesByField("Bad Request")).toEqual({ "": "Bad Request" });
    for (const nothing of [undefined, null, 42, "", {}, []]) expect(fieldErrorsOf(nothing)).toEqual([]);
  });
});

describe("never throws", () => {
  it("returns a list for any value, hostile ones included", () => {
    fc.assert(
      fc.property(hostileValue, hostileValue, (error, options) => {
        const found = fieldErrorsOf(error, options as never);
        expect(Array.isArray(found)).toBe(true);
        for (const item of found) expect(typeof item.field === "string" && typeof item.message === "string").toBe(true);
      }),
    );
  });

  it("an error whose properties throw is one message for the request", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    );
    expect(fieldErrorsOf(hostile)).toEqual([
      { field: "", path: [], message: "The error could not be read: trap", code: "internal_error" },
    ]);
  });

  it("an error that is its own body ends", () => {
    const looping: { message: string; body?: unknown } = { message: "loop" };
    looping.body = looping;
    expect(messagesByField(looping)).toEqual({ "": "loop" });
  });
});
