/**
 * The parts of "never throws" that a random property is unlikely to reach: the error path given hostile thrown
 * values, issue lists of 200,000 items (a spread into a call would overflow the stack), and the domains of the
 * `calc*` helpers.
 */
import { describe, expect, it } from "vitest";
import {
  calcAbaRoutingNumberCheckDigit,
  calcClabeCheckDigit,
  calcIbanCheckDigits,
  calcLeiCheckDigits,
  calcNubanCheckDigit,
  isAssignedCountry,
  isValidAccountNumber,
  isValidIban,
  isValidNuban,
  validateAssignDepositor,
  validateCreateWithdrawalBeneficiary,
  validateIban,
} from "../../src/index.js";
import { describeThrown } from "../../src/core/define-validator.js";
import { throwingProxy } from "../hostile-values.js";
import { validAssignDepositor, validBeneficiary } from "../requests/request-examples.js";

/** An object whose `key` getter throws `thrown`. */
function throwingAt(base: object, key: string, thrown: unknown): object {
  return Object.defineProperty({ ...base }, key, {
    enumerable: true,
    get: () => {
      throw thrown;
    },
  });
}

describe("the error path", () => {
  const hostileThrown: readonly [string, unknown][] = [
    ["a proxy whose traps throw", throwingProxy({})],
    [
      "an object whose toString throws",
      {
        toString: () => {
          throw new Error("again");
        },
      },
    ],
    ["a symbol", Symbol("s")],
    [
      "an Error whose message getter throws",
      Object.defineProperty(new Error(), "message", {
        get: () => {
          throw new Error("again");
        },
      }),
    ],
    ["undefined", undefined],
  ];

  it.each(hostileThrown)("reports %s thrown inside a validator as an internal_error issue", (_, thrown) => {
    const result = validateCreateWithdrawalBeneficiary(throwingAt(validBeneficiary, "Name", thrown));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([expect.objectContaining({ code: "internal_error", path: [] })]);
    expect(result.issues[0]?.message).toBe("Validation failed unexpectedly: a thrown value that is not an Error.");
  });

  it("keeps the message of an ordinary Error, and of nothing else", () => {
    expect(describeThrown(new Error("boom"))).toBe("boom");
    expect(describeThrown("plain")).toBe("a thrown value that is not an Error.");
    expect(describeThrown(throwingProxy({}))).toBe("a thrown value that is not an Error.");
  });

  it("reads options through a proxy without throwing, in validators and in the boolean shortcuts", () => {
    const options = throwingProxy({}) as never;
    expect(validateIban("DE89370400440532013000", options)).toEqual({
      ok: false,
      issues: [expect.objectContaining({ code: "internal_error" })],
      warnings: [],
    });
    expect(isValidIban("DE89370400440532013000", options)).toBe(false);
    expect(isValidNuban("0000014579", options)).toBe(false);
    expect(isValidAccountNumber("12345678", options)).toBe(false);
  });
});

describe("issue lists of 200,000 items", () => {
  const many = 200_000;

  it("reports an issue per supporting document, not a stack overflow", () => {
    const documents = Array.from({ length: many }, () => "not a document");
    const result = validateAssignDepositor({ ...validAssignDepositor, SupportingDocuments: documents });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.some((found) => found.code === "internal_error")).toBe(false);
    expect(result.issues.length).toBeGreaterThanOrEqual(many);
  });

  it("reports an issue per alternate routing and per RequiredAdditionalInformation item", () => {
    const routings = Array.from({ length: many }, () => ({ Type: "BicIban" }));
    const rules = Array.from({ length: many }, (_, i) => ({ Field: `F${i}`, Rule: [] }));
    const result = validateCreateWithdrawalBeneficiary(
      { ...validBeneficiary, AlternatePaymentRouting: routings },
      { additionalInformationRules: rules },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.some((found) => found.code === "internal_error")).toBe(false);
    expect(result.issues.length).toBeGreaterThanOrEqual(2 * many);
  });
});

describe('the calc* helpers: a digit for their domain, "" outside it, never NaN', () => {
  it("computes check digits in the domain", () => {
    expect(calcAbaRoutingNumberCheckDigit("02100002")).toBe("1");
    expect(calcAbaRoutingNumberCheckDigit("021000021")).toBe("1");
    expect(calcClabeCheckDigit("00201007777777777")).toBe("1");
    expect(calcNubanCheckDigit("058", "000001457")).toBe("0"); // Σ 3-7-3 weights over 000058 000001457 = 130
    expect(calcIbanCheckDigits("DE", "370400440532013000")).toBe("89");
    expect(calcLeiCheckDigits("5493001KJTIIGC8Y1R")).toBe("12");
  });

  it.each([
    [
      "calcAbaRoutingNumberCheckDigit",
      () => [
        calcAbaRoutingNumberCheckDigit(""),
        calcAbaRoutingNumberCheckDigit("0210000"),
        calcAbaRoutingNumberCheckDigit("02100002X"),
        calcAbaRoutingNumberCheckDigit("0210000211"),
      ],
    ],
    [
      "calcClabeCheckDigit",
      () => [
        calcClabeCheckDigit(""),
        calcClabeCheckDigit("0021800001183597"),
        calcClabeCheckDigit("0021800001183597a"),
      ],
    ],
    [
      "calcNubanCheckDigit",
      () => [
        calcNubanCheckDigit("123", ""),
        calcNubanCheckDigit("123", "123"),
        calcNubanCheckDigit("12", "000001457"),
        calcNubanCheckDigit("058", "00000145x"),
      ],
    ],
    [
      "calcIbanCheckDigits",
      () => [
        calcIbanCheckDigits("", ""),
        calcIbanCheckDigits("de", "370400440532013000"),
        calcIbanCheckDigits("DE", ""),
        calcIbanCheckDigits("DE", "3704-0044"),
        calcIbanCheckDigits("DE", "1".repeat(31)),
      ],
    ],
    [
      "calcLeiCheckDigits",
      () => [
        calcLeiCheckDigits(""),
        calcLeiCheckDigits("5493001KJTIIGC8Y1"),
        calcLeiCheckDigits("5493001KJTIIGC8Y1R12"),
        calcLeiCheckDigits("5493001kjtiigc8y1r"),
      ],
    ],
  ])('%s refuses what is outside its domain with ""', (_, outside) => {
    for (const digits of outside()) expect(digits).toBe("");
  });

  it("isAssignedCountry is false for anything but two char codes of an assigned code", () => {
    expect(isAssignedCountry(0x44, 0x45)).toBe(true);
    for (const [first, second] of [
      [Symbol(), 0x45],
      [0x44n, 0x45n],
      [Number.NaN, 0x44],
      [68.5, 0x45],
      ["D", "E"],
    ] as const) {
      expect(isAssignedCountry(first as never, second as never)).toBe(false);
    }
  });
});
