import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateIntermediaryPaymentRouting } from "../../src/index.js";
import { bicArbitrary } from "./routing-arbitraries.js";

describe("validateIntermediaryPaymentRouting", () => {
  it("accepts { Type: Bic, Bic } and normalises the BIC", () => {
    expect(validateIntermediaryPaymentRouting({ Type: "Bic", Bic: "deut de ff" })).toEqual({
      ok: true,
      value: { Type: "Bic", Bic: "DEUTDEFF" },
      warnings: [],
      normalized: true,
      changes: [{ path: ["Bic"], from: "deut de ff", to: "DEUTDEFF" }],
    });
  });

  it("requires Type Bic and a valid Bic, reporting both", () => {
    const result = validateIntermediaryPaymentRouting({ Type: "BicIban", Bic: "DEUT" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((found) => [found.code, found.path])).toEqual([
      ["invalid_enum", ["Type"]],
      ["invalid_length", ["Bic"]],
    ]);
    expect(result.issues[0]?.params).toEqual({ allowed: ["Bic"], received: "BicIban" });
    const empty = validateIntermediaryPaymentRouting({});
    expect(empty.ok ? [] : empty.issues.map((found) => [found.code, found.path])).toEqual([
      ["required", ["Type"]],
      ["required", ["Bic"]],
    ]);
  });

  it("accepts generated BICs idempotently", () => {
    fc.assert(
      fc.property(bicArbitrary, (bic) => {
        const result = validateIntermediaryPaymentRouting({ Type: "Bic", Bic: bic.toLowerCase() });
        expect(result).toEqual({
          ok: true,
          value: { Type: "Bic", Bic: bic },
          warnings: [],
          normalized: true,
          changes: [{ path: ["Bic"], from: bic.toLowerCase(), to: bic }],
        });
        if (result.ok)
          expect(validateIntermediaryPaymentRouting(result.value)).toEqual({
            ...result,
            normalized: false,
            changes: [],
          });
      }),
    );
  });
});
