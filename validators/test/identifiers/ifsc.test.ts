import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidIfsc, validateIfsc } from "../../src/index.js";
import {
  ALPHANUMERIC,
  LETTERS,
  expectIssue,
  expectNormalForm,
  expectValue,
  expectWarning,
  stringOf,
} from "./helpers.js";

describe("validateIfsc", () => {
  it("accepts RBI codes and returns bank and branch", () => {
    expect(validateIfsc("SBIN0005943")).toEqual({
      ok: true,
      value: "SBIN0005943",
      warnings: [],
      bank: "SBIN",
      branch: "005943",
    });
    expectValue(validateIfsc("hdfc0000001"), "HDFC0000001");
    expectValue(validateIfsc("ICIC0ABC123"), "ICIC0ABC123");
  });

  it("rejects what the reference's ^\\w{11}$ refuses", () => {
    expectIssue(validateIfsc("SBIN000594"), "invalid_length");
    expectIssue(validateIfsc("SBIN-005943"), "invalid_character");
    expectIssue(validateIfsc("SBIN 005943"), "invalid_character");
    expectIssue(validateIfsc(""), "required");
  });

  /* RBI's structure (4 letters, a reserved 0, 6 letters or digits) goes beyond the reference: warnings. */
  it("warns, never refuses, about RBI's structure; the value is upper case", () => {
    expectWarning(validateIfsc("SBIN1005943"), "invalid_format");
    expectWarning(validateIfsc("SB1N0005943"), "invalid_format");
    expectWarning(validateIfsc("SBIN_005943"), "invalid_format");
    expectWarning(validateIfsc("SBIN0_05943"), "invalid_format");
    expect(validateIfsc(" sbin1005943 ")).toMatchObject({ ok: true, value: "SBIN1005943" });
    expect(isValidIfsc("SBIN_005943")).toBe(true);
  });

  it("accepts built codes", () => {
    fc.assert(
      fc.property(stringOf(LETTERS, 4), stringOf(ALPHANUMERIC, 6), (bank, branch) =>
        expectValue(validateIfsc(`${bank}0${branch}`), `${bank}0${branch}`),
      ),
    );
  });

  it("agrees with isValidIfsc, and its value validates to itself", () => {
    const written = fc
      .tuple(
        stringOf(LETTERS + LETTERS.toLowerCase(), 4),
        fc.constantFrom("0", "1", "_"),
        stringOf(ALPHANUMERIC + "_", 6),
      )
      .map(([bank, reserved, branch]) => ` ${bank}${reserved}${branch}`);
    expectNormalForm(validateIfsc, isValidIfsc, written);
  });
});
