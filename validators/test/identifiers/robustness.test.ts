import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";
import * as identifiers from "../../src/identifiers/index.js";
import { hostileInputs } from "./helpers.js";

type AnyValidator = ((input: unknown, options?: unknown) => api.Result<unknown, object>) &
  api.StandardSchemaV1<unknown, unknown>;

const validators = Object.entries(identifiers as Record<string, unknown>).filter(
  ([name, value]) => name.startsWith("validate") && typeof value === "function",
) as [string, AnyValidator][];

function checkNeverThrows(validate: AnyValidator, input: unknown): void {
  const result = validate(input);
  expect(typeof result.ok).toBe("boolean");
  if (!result.ok) {
    expect(result.issues.length).toBeGreaterThan(0);
    for (const found of result.issues) {
      expect(found.code).not.toBe("internal_error");
      expect(api.issueCodes).toContain(found.code);
      expect(typeof found.message).toBe("string");
    }
  }
  const standard = validate["~standard"].validate(input);
  expect(standard instanceof Promise).toBe(false);
}

describe("no validator throws", () => {
  it("covers every identifier validator", () => {
    expect(validators.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "validateIban",
        "validateBic",
        "validateAbaRoutingNumber",
        "validateLei",
        "validateSortCode",
        "validateUkAccountNumber",
        "validateCanadianTransitNumber",
        "validateBsb",
        "validateNzAccountNumber",
        "validateIfsc",
        "validateNuban",
        "validateClabe",
        "validateAccountNumber",
        "validateCountryCode",
      ]),
    );
  });

  // "Quickly" means a 1M-character string is refused before it is scanned. Measured in CPU time, not wall time
  // (a shared 2-core machine stalls wall clocks), with a bound far above the ~1 ms this takes and far below the
  // seconds a scan of every huge input, or worse, would.
  it.each(validators)("%s handles hostile inputs and huge strings quickly", (_, validate) => {
    const before = process.cpuUsage();
    for (const input of hostileInputs) checkNeverThrows(validate, input);
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(250);
  });

  it.each(validators)("%s handles anything fast-check makes", (_, validate) => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" })), (input) => {
        checkNeverThrows(validate, input);
      }),
      { numRuns: 300 },
    );
  });

  it("survives hostile options", () => {
    for (const options of [null, 1, "x", { bankCode: 58 }, { routingType: {} }, { allowNonRegistry: "yes" }]) {
      for (const [, validate] of validators) {
        const result = validate("DE89370400440532013000", options);
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) expect(result.issues[0]?.code).not.toBe("internal_error");
      }
    }
  });

  it("speaks Standard Schema v1", () => {
    const standard = api.validateIban["~standard"];
    expect(standard.version).toBe(1);
    expect(standard.vendor).toBe("account-funds");
    expect(standard.validate("de89 3704 0044 0532 0130 00")).toEqual({ value: "DE89370400440532013000" });
    expect(standard.validate("DE00")).toHaveProperty("issues");
  });
});
