/**
 * The browser entry (`src/index.ts`) loads the RegEx engine on first use. Until it is there the function API
 * reports the AdditionalInformation rule as unchecked (its Field presence still checked); Standard Schema's
 * `validate` waits for it and answers with the full verdict; after that everything is synchronous.
 * Each test takes a fresh copy of the package's modules, so the engine starts unloaded.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { validBeneficiary } from "../request-examples.js";

type Package = typeof import("../../../src/index.js");

async function freshPackage(): Promise<Package> {
  vi.resetModules();
  return import("../../../src/index.js");
}

const rules = { additionalInformationRules: [{ Field: "Code", Rule: [{ RegEx: "^P[0-9]{4}$" }] }] };
const wrong = { ...validBeneficiary, AdditionalInformation: { Code: "X1" } };

describe("the lazily loaded engine", () => {
  let api: Package;
  beforeEach(async () => {
    api = await freshPackage();
  });

  it("is not loaded by importing the package", () => {
    expect(api.compileSafeRegex("^a$")).toEqual(expect.objectContaining({ ok: false, reason: "engine_unavailable" }));
    expect(api.isSafeRegex("^a$")).toBe(false);
  });

  it("until loaded, lists the rule as unchecked and still checks presence", () => {
    const result = api.validateCreateWithdrawalBeneficiary(wrong, rules);
    expect(result.ok && result.uncheckedRules).toContain("additional-information");
    const missing = api.validateCreateWithdrawalBeneficiary(validBeneficiary, rules);
    expect(missing.ok ? [] : missing.issues.map((found) => [found.code, found.path])).toEqual([
      ["required", ["AdditionalInformation", "Code"]],
    ]);
  });

  it("Standard Schema waits for the engine and gives the full verdict on the first call", async () => {
    const schema = api.withOptions(api.validateCreateWithdrawalBeneficiary, rules)["~standard"];
    const first = schema.validate(wrong);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual({
      issues: [expect.objectContaining({ code: "pattern_mismatch", path: ["AdditionalInformation", "Code"] })],
    });
    // Loaded now: synchronous from here on, for both forms.
    expect(schema.validate(wrong)).not.toBeInstanceOf(Promise);
    const direct = api.validateCreateWithdrawalBeneficiary(wrong, rules);
    expect(direct.ok ? [] : direct.issues.map((found) => found.code)).toEqual(["pattern_mismatch"]);
  });

  it("loadRegexEngine() resolves true and makes the function API check the rule", async () => {
    expect(await api.loadRegexEngine()).toBe(true);
    expect(await api.loadRegexEngine()).toBe(true);
    expect(api.validateCreateWithdrawalBeneficiary(wrong, rules).ok).toBe(false);
    const right = api.validateCreateWithdrawalBeneficiary(
      { ...validBeneficiary, AdditionalInformation: { Code: "P1234" } },
      rules,
    );
    expect(right.ok && right.uncheckedRules).not.toContain("additional-information");
  });

  it("never makes a validator without RegEx rules asynchronous", () => {
    expect(api.validateIban["~standard"].validate("DE89370400440532013000")).not.toBeInstanceOf(Promise);
    const schema = api.withOptions(api.validateCreateWithdrawalBeneficiary, { additionalInformationRules: [] })[
      "~standard"
    ];
    expect(schema.validate(validBeneficiary)).not.toBeInstanceOf(Promise);
  });
});
