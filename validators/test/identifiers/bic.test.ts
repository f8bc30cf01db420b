import fc from "fast-check";
import bicPackage from "bic";
import { describe, expect, it } from "vitest";
import { countryCodes, formatBic, isValidBic, validateBic } from "../../src/index.js";
import { ALPHANUMERIC, LETTERS, expectIssue, expectValue, expectWarning, stringOf } from "./helpers.js";

const validBic = fc
  .tuple(
    stringOf(LETTERS, 4),
    fc.constantFrom(...countryCodes()),
    stringOf("23456789" + LETTERS, 1),
    stringOf("0123456789ABCDEFGHIJKLMNPQRSTUVWXYZ", 1),
    fc.option(stringOf(ALPHANUMERIC, 3), { nil: undefined }),
  )
  .map(([institution, country, l0, l1, branch]) => institution + country + l0 + l1 + (branch ?? ""));

describe("validateBic", () => {
  it("accepts BIC8 and BIC11 and reports the parts", () => {
    expect(validateBic("DEUTDEFF")).toEqual({
      ok: true,
      value: "DEUTDEFF",
      warnings: [],
      test: false,
      institution: "DEUT",
      country: "DE",
      location: "FF",
    });
    expect(validateBic("deut de ff 500")).toEqual({
      ok: true,
      value: "DEUTDEFF500",
      warnings: [],
      test: false,
      institution: "DEUT",
      country: "DE",
      location: "FF",
      branch: "500",
    });
    for (const bic of [
      "NEDSZAJJXXX",
      "ABNANL2A",
      "BNPAFRPP",
      "CHASUS33",
      "RBKOXKPR",
      "DEUTDEFF 500",
      " DEUTDEFF500 ",
    ]) {
      expect(isValidBic(bic), bic).toBe(true);
    }
  });

  it("reports test BICs (location ending in 0) as valid", () => {
    const result = validateBic("DEUTDEF0");
    expect(result.ok && result.test).toBe(true);
  });

  it("rejects what the bic npm package wrongly accepts", () => {
    for (const [bic, code] of [
      ["DEUTDE0F", "invalid_format"], // location cannot start with 0
      ["DEUTDE1F", "invalid_format"], // … or 1
      ["DEUTDEFO", "invalid_format"], // … nor end with the letter O
    ] as const) {
      expect(bicPackage.isValid(bic)).toBe(true);
      expectIssue(validateBic(bic), code);
    }
  });

  it("names each problem", () => {
    expectIssue(validateBic(undefined), "invalid_type");
    expectIssue(validateBic(""), "required");
    expectIssue(validateBic("DEUTDEF"), "invalid_length");
    expect(expectIssue(validateBic("DEUTDEFF5"), "invalid_length").params).toEqual({ expected: [8, 11], actual: 9 });
    expectIssue(validateBic("DEUT.DEFF"), "invalid_character");
    expectIssue(validateBic("DEUT-DE-FF"), "invalid_separator");
    expectIssue(validateBic("DE UTDEFF"), "invalid_separator");
    expectIssue(validateBic("DEUT  DEFF"), "invalid_separator");
    expectIssue(validateBic("D3UTDEFF"), "invalid_format");
    expectIssue(validateBic("DEUT1EFF"), "invalid_format");
  });

  it("accepts built BICs, spaced or lower case; normalising is idempotent", () => {
    fc.assert(
      fc.property(validBic, (bic) => {
        const result = validateBic(bic);
        expectValue(result, bic);
        expect(validateBic(bic.toLowerCase())).toEqual(result);
        const spaced = [bic.slice(0, 4), bic.slice(4, 6), bic.slice(6, 8), bic.slice(8)].filter(Boolean).join(" ");
        expect(validateBic(spaced)).toEqual(result);
        expect(formatBic(spaced)).toBe(bic);
      }),
    );
  });

  /* ISO 9362 takes the country from ISO 3166-1; the reference states only two letters, so an unassigned one warns. */
  it("warns, never refuses, about a country that is not an ISO 3166-1 code", () => {
    const found = expectWarning(validateBic("DEUTXXFF"), "unknown_country");
    expect(found.params).toEqual({ country: "XX" });
    expect(validateBic("DEUTXXFF500")).toMatchObject({ ok: true, value: "DEUTXXFF500", country: "XX", branch: "500" });
    expect(isValidBic("DEUTXXFF")).toBe(true);
  });

  it("agrees with the reference pattern, and warns exactly outside the country list", () => {
    const pattern = /^[A-Z]{4}[A-Z]{2}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;
    const countries = new Set(countryCodes());
    fc.assert(
      fc.property(fc.oneof(validBic, stringOf(ALPHANUMERIC, 8), stringOf(ALPHANUMERIC, 11)), (candidate) => {
        expect(isValidBic(candidate), candidate).toBe(pattern.test(candidate));
        const result = validateBic(candidate);
        if (result.ok) expect(result.warnings.length > 0).toBe(!countries.has(candidate.slice(4, 6)));
      }),
      { numRuns: 3000 },
    );
  });

  it("isValidBic's fast path gives validateBic's verdict on every form", () => {
    const canonicalLike = fc.oneof(stringOf(ALPHANUMERIC, 8), stringOf(ALPHANUMERIC, 11), validBic);
    const written = fc.oneof(
      canonicalLike,
      validBic.map((bic) => bic.toLowerCase()),
      validBic.map((bic) => `${bic.slice(0, 4)} ${bic.slice(4)}`),
      fc.string({ maxLength: 14 }),
    );
    fc.assert(
      fc.property(written, (input) => {
        expect(isValidBic(input), input).toBe(validateBic(input).ok);
      }),
      { numRuns: 20_000 },
    );
  });
});
