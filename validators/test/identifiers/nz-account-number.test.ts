import fc from "fast-check";
import { stdnum } from "stdnum";
import { describe, expect, it } from "vitest";
import { formatNzAccountNumber, isValidNzAccountNumber, validateNzAccountNumber } from "../../src/index.js";
import { algorithmFor } from "../../src/identifiers/nz-account-number.js";
import { digits, expectIssue, expectValue, expectWarning } from "./helpers.js";

/** The bank and branch table and the check digits hold: valid, and no warning (the reference states neither). */
function passesIrdRules(value: string): boolean {
  const result = validateNzAccountNumber(value);
  return result.ok && result.warnings.length === 0;
}

/** Bank → [algorithm, branch ranges], restated from the IRD table for the test. */
const BANKS: Record<string, [string, number[]]> = {
  "01": ["AB", [1, 999, 1100, 1199, 1800, 1899]],
  "02": ["AB", [1, 999, 1200, 1299]],
  "03": ["AB", [1, 999, 1300, 1399, 1500, 1599, 1700, 1799, 1900, 1999, 7350, 7399]],
  "06": ["AB", [1, 999, 1400, 1499]],
  "08": ["D", [6500, 6599]],
  "09": ["E", [0, 0]],
  "11": ["AB", [5000, 6499, 6600, 8999]],
  "12": ["AB", [3000, 3299, 3400, 3499, 3600, 3699]],
  "25": ["F", [2500, 2599]],
  "26": ["G", [2600, 2699]],
  "28": ["G", [2100, 2149]],
  "29": ["G", [2150, 2299]],
  "31": ["X", [2800, 2849]],
  "33": ["F", [6700, 6799]],
  "38": ["AB", [9000, 9499]],
};

const WEIGHTS: Record<string, string> = {
  A: "00 6379 00A58421 0000",
  B: "00 0000 00A58421 0000",
  D: "00 0000 07654321 0000",
  E: "00 0000 00005432 0001",
  F: "00 0000 01731731 0000",
  G: "00 0000 01371371 0371",
};

/** The IRD rule written plainly from the published text, to check the optimised implementation. */
function reference(value: string): boolean {
  const bank = value.slice(0, 2);
  const entry = BANKS[bank];
  if (entry === undefined) return false;
  const [kind, ranges] = entry;
  const branch = Number(value.slice(2, 6));
  let allocated = false;
  for (let i = 0; i < ranges.length; i += 2) if (branch >= ranges[i]! && branch <= ranges[i + 1]!) allocated = true;
  if (!allocated) return false;
  if (kind === "X") return true;
  const eighteen = bank + value.slice(2, 6) + "0" + value.slice(6, 13) + value.slice(13).padStart(4, "0");
  const base = Number(value.slice(6, 13));
  const algorithm = kind === "AB" ? (base < 990000 ? "A" : "B") : kind;
  const weights = WEIGHTS[algorithm]!.replaceAll(" ", "");
  let sum = 0;
  for (let i = 0; i < 18; i++) {
    let product = Number(eighteen[i]) * (weights[i] === "A" ? 10 : Number(weights[i]));
    if (algorithm === "E" || algorithm === "G") {
      while (product > 9) product = [...String(product)].reduce((s, d) => s + Number(d), 0);
    }
    sum += product;
  }
  return sum % (algorithm === "F" || algorithm === "G" ? 10 : 11) === 0;
}

/** Numbers whose bank and branch are allocated, with random base and suffix (about 1 in 10 valid). */
const candidate = fc
  .constantFrom(...Object.keys(BANKS))
  .chain((bank) => {
    const ranges = BANKS[bank]![1];
    return fc.tuple(
      fc.constant(bank),
      fc
        .integer({ min: 0, max: ranges.length / 2 - 1 })
        .chain((r) => fc.integer({ min: ranges[2 * r]!, max: ranges[2 * r + 1]! })),
      digits(7),
      fc.oneof(digits(2), digits(3)),
    );
  })
  .map(([bank, branch, base, suffix]) => bank + String(branch).padStart(4, "0") + base + suffix);

/** Valid numbers: a candidate with the last base digit (and for E, G the last suffix digit) completed. */
const valid = candidate
  .map((value) => {
    for (let n = 0; n < 100; n++) {
      const base = value.slice(6, 12) + String(n % 10);
      const suffix = value.slice(13, -1) + String(Math.floor(n / 10));
      const tried = value.slice(0, 6) + base + suffix;
      if (reference(tried)) return tried;
    }
    return undefined;
  })
  .filter((value): value is string => value !== undefined);

const print = (value: string) => `${value.slice(0, 2)}-${value.slice(2, 6)}-${value.slice(6, 13)}-${value.slice(13)}`;

describe("validateNzAccountNumber", () => {
  it("accepts the published examples and returns the spec's form", () => {
    expect(validateNzAccountNumber("01-0902-0068389-00")).toEqual({
      ok: true,
      value: "010902006838900",
      warnings: [],
      bank: "01",
      branch: "0902",
      base: "0068389",
      suffix: "00",
      print: "01-0902-0068389-00",
    });
    for (const [written, value, algorithm] of [
      ["01-902-0068389-00", "010902006838900", "A"], // IRD example: 3-digit branch
      ["01 0902 0068389 00", "010902006838900", "A"],
      ["010902006838900", "010902006838900", "A"],
      ["08-6523-1954512-001", "0865231954512001", "D"],
      ["26-2600-0320871-032", "2626000320871032", "G"],
      ["12-3141-325080-00", "123141032508000", "A"], // 6-digit base
      ["01-0242-0100194-00", "010242010019400", "A"],
      ["04-2020-1000000-00", "042020100000000", "B"],
      ["03-7351-110000-00", "037351011000000", "A"],
      ["01-0902-00068389-0000", "0109020068389000", "A"], // IRD's 8-digit base, 4-digit suffix
    ] as const) {
      expectValue(validateNzAccountNumber(written), value);
      expect(algorithmFor(value)).toBe(algorithm);
    }
    expect(formatNzAccountNumber("0865231954512001")).toBe("08-6523-1954512-001");
  });

  it("names each problem", () => {
    expectIssue(validateNzAccountNumber(1), "invalid_type");
    expectIssue(validateNzAccountNumber(""), "required");
    expectIssue(validateNzAccountNumber("01-0902-0068389-0O"), "invalid_character");
    expectIssue(validateNzAccountNumber("01-0902 0068389-00"), "invalid_separator");
    expectIssue(validateNzAccountNumber("01--0902-0068389-00"), "invalid_separator");
    expectIssue(validateNzAccountNumber("0109020068389"), "invalid_length");
    expectWarning(validateNzAccountNumber("01-0902-0068389"), "invalid_format"); // 3 groups, but the reference's pattern
    expectIssue(validateNzAccountNumber("01 0902 0068389"), "invalid_format");
    expectIssue(validateNzAccountNumber("01-0902-10068389-00"), "invalid_format"); // 8-digit base must start with 0
  });

  /* The reference states ^[0-9A-Z-]{15,16}$: the IRD bank table and check digits go beyond it, so they warn. */
  it("warns, never refuses, about the bank and branch table and the check digits", () => {
    const unallocated = validateNzAccountNumber("01-9999-0100197-00");
    expect(expectWarning(unallocated, "unknown_bank").params).toEqual({ bank: "01", branch: "9999" });
    expect(unallocated).toMatchObject({ ok: true, value: "019999010019700" });
    expectWarning(validateNzAccountNumber("99-0902-0068389-00"), "unknown_bank");
    expectWarning(validateNzAccountNumber("01-0242-0100195-00"), "invalid_checksum");
    expect(isValidNzAccountNumber("01-0242-0100195-00")).toBe(true);
  });

  it("accepts, as written and with a warning, what only the reference's pattern accepts", () => {
    const written = validateNzAccountNumber("01-902-68389-000");
    expect(written).toMatchObject({ ok: true, value: "01-902-68389-000" });
    expectWarning(written, "invalid_format");
    expect(validateNzAccountNumber(" 01-902-68389-000 ")).toMatchObject({ ok: true, value: "01-902-68389-000" });
    expect(validateNzAccountNumber("ab-cdef-ghijklm")).toMatchObject({ ok: true, value: "AB-CDEF-GHIJKLM" });
    expectIssue(validateNzAccountNumber("01-902-68389-0000"), "invalid_format"); // 17 characters
  });

  it("agrees with the plainly written IRD rule on random allocated numbers", () => {
    fc.assert(
      fc.property(candidate, (value) => {
        expect(passesIrdRules(value), value).toBe(reference(value));
        expect(isValidNzAccountNumber(value), value).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it("accepts built numbers of every algorithm in compact, dashed and spaced form; idempotent", () => {
    fc.assert(
      fc.property(valid, (value) => {
        const result = validateNzAccountNumber(value);
        expectValue(result, value);
        if (!result.ok || result.print === undefined)
          throw new Error(`${value} was not read as bank-branch-base-suffix`);
        expect(result.print).toBe(print(value));
        expect(result.warnings).toEqual([]);
        expect(validateNzAccountNumber(result.print)).toEqual(result);
        expect(validateNzAccountNumber(result.print.replaceAll("-", " ")).ok).toBe(true);
        expect(validateNzAccountNumber(result.value)).toEqual(result);
      }),
      { numRuns: 2000 },
    );
  });

  it("adds the digits of E and G products twice, as the rules say (63 counts 9, not 0)", () => {
    // G weights the last base digit by 1 and base digit 6 by 7: 9 · 7 = 63 → 6 + 3 = 9.
    const found = fc.sample(
      valid.filter((v) => ["26", "28", "29"].includes(v.slice(0, 2)) && v[11] === "9"),
      {
        numRuns: 5,
        seed: 1,
      },
    );
    for (const value of found) expect(passesIrdRules(value)).toBe(true);
    expect(found.length).toBeGreaterThan(0);
  });

  it("agrees with the stdnum package where it implements the same rule (no E/G digit sums, its bank table)", () => {
    const stdnumBanks = new Set(["01", "02", "06", "08", "11", "12", "25", "31", "33", "38"]);
    fc.assert(
      fc.property(candidate, (value) => {
        fc.pre(stdnumBanks.has(value.slice(0, 2)) && value.length === 16);
        expect(passesIrdRules(value), value).toBe(stdnum.NZ!.bank!.validate(print(value)).isValid);
      }),
      { numRuns: 3000 },
    );
  });
});
