import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertMinor, exactFraction, fromMinor, toMinor } from "../../../src/model/domain/money.js";

describe("exactFraction", () => {
  it("reads a decimal's shortest text form exactly", () => {
    expect(exactFraction(1.08696)).toEqual({ numerator: 108696n, denominator: 100000n });
    expect(exactFraction(1.2e-7)).toEqual({ numerator: 12n, denominator: 100000000n });
    expect(exactFraction(150)).toEqual({ numerator: 150n, denominator: 1n });
  });
});

describe("convertMinor", () => {
  it("rounds exact halves up, where binary floating point rounds them down", () => {
    // 187.50 EUR × 1.08696 = 203.805 USD exactly; Math.round(187.5 * 1.08696 * 100) gives 20380.
    expect(convertMinor(18750, 1.08696, 2, 2, "multiply")).toBe(20381);
    expect(convertMinor(275000, 1.26582, 2, 2, "multiply")).toBe(348101);
  });

  it("converts between currencies with different exponents", () => {
    expect(convertMinor(10000, 190.5, 2, 0, "multiply")).toBe(19050); // 100.00 GBP → 19,050 JPY
    expect(convertMinor(19050, 190.5, 0, 2, "divide")).toBe(10000);
  });

  it("is within half a minor unit of the exact product, and a rate of 1 changes nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 9_999_999 }),
        (minor, rateDigits) => {
          const rate = rateDigits / 1_000_000;
          const converted = convertMinor(minor, rate, 2, 2, "multiply");
          // Exact: minor × rateDigits / 10^6, compared in integers scaled by 2·10^6.
          const twiceError = 2n * BigInt(converted) * 1_000_000n - 2n * BigInt(minor) * BigInt(rateDigits);
          expect(twiceError >= -1_000_000n && twiceError < 1_000_000n).toBe(true);
          expect(convertMinor(minor, 1, 2, 2, "multiply")).toBe(minor);
        },
      ),
    );
  });
});

describe("toMinor and fromMinor", () => {
  it("round-trip amounts with the currency's decimals and refuse extra decimal places", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom(0, 2, 3), (minor, decimals) => {
        expect(toMinor(fromMinor(minor, decimals), decimals)).toBe(minor);
      }),
    );
    // Only exact decimals: 0.1 + 0.2 is 0.30000000000000004 in JSON, and tiny or over-precise amounts are not rounded.
    expect(toMinor(0.1 + 0.2, 2)).toBeUndefined();
    expect(toMinor(5e-324, 2)).toBeUndefined();
    expect(toMinor(100000.001, 2)).toBeUndefined();
    expect(toMinor(0.3, 2)).toBe(30);
    expect(toMinor(1.005, 2)).toBeUndefined();
  });
});
