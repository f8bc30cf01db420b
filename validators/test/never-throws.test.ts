/**
 * The package's first promise, checked over every public function found automatically: any JavaScript value as
 * either argument (hostile-values.ts) gets a value back, never an exception. Validators return a well-formed
 * result (a hostile Proxy may make it an `internal_error`, which is data); `isValid*` and `is*` a boolean;
 * `compact*`, `format*` and `calc*` a string, never "NaN" that the input did not hold.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as api from "../src/node.js";
import { hostileValue } from "./hostile-values.js";

/** Public functions that are not "take anything, never throw" by design, each with the reason. */
const EXCLUDED: Readonly<Record<string, string>> = {
  addAccountFundsFormats: "registers the formats on the ajv instance it is given: a throwing instance throws",
};

type AnyFunction = (...args: unknown[]) => unknown;

const functions = Object.entries(api as Record<string, unknown>).filter(
  (entry): entry is [string, AnyFunction] => typeof entry[1] === "function" && !(entry[0] in EXCLUDED),
);

function isWellFormedResult(result: unknown): boolean {
  if (typeof result !== "object" || result === null || !("ok" in result)) return false;
  if (result.ok === true) return "value" in result;
  if (result.ok !== false || !("issues" in result) || !Array.isArray(result.issues) || result.issues.length === 0)
    return false;
  return result.issues.every(
    (found: { code?: unknown; message?: unknown; path?: unknown }) =>
      (api.issueCodes as readonly unknown[]).includes(found.code) &&
      typeof found.message === "string" &&
      Array.isArray(found.path),
  );
}

async function checkStandardSchema(validator: AnyFunction, input: unknown): Promise<void> {
  const standard = (validator as unknown as api.StandardSchemaV1)["~standard"];
  const outcome = await standard.validate(input);
  expect("value" in outcome || Array.isArray(outcome.issues)).toBe(true);
}

/** Calls `name` with `a` and `b` and checks the kind of value it returns; throws only if the function did. */
async function callAndCheck(name: string, fn: AnyFunction, a: unknown, b: unknown): Promise<void> {
  const returned = fn(a, b);
  if (name.startsWith("validate")) {
    expect(isWellFormedResult(returned), name).toBe(true);
    await checkStandardSchema(fn, a);
  } else if (name.startsWith("is")) {
    expect(typeof returned, name).toBe("boolean");
  } else if (/^(compact|format|calc)/.test(name)) {
    expect(typeof returned, name).toBe("string");
    // "NaN" in the answer means arithmetic on a non-number, unless the text given already said it
    if (!(typeof a === "string" && a.includes("NaN"))) expect(returned, name).not.toContain("NaN");
  } else if (name === "fieldErrorsOf" || name === "pathOfTarget") {
    expect(Array.isArray(returned), name).toBe(true);
  } else if (name === "asStandardSchema") {
    const schema = returned as api.StandardSchemaV1;
    const outcome = await schema["~standard"].validate(b);
    expect("value" in outcome || Array.isArray(outcome.issues), name).toBe(true);
  } else if (name === "messagesByField") {
    expect(typeof returned === "object" && returned !== null, name).toBe(true);
  } else if (name === "fieldNameOf") {
    expect(typeof returned, name).toBe("string");
  } else if (name === "withOptions") {
    const bound = returned as AnyFunction;
    expect(isWellFormedResult(bound(b)), name).toBe(true);
    await checkStandardSchema(bound, b);
  } else {
    await returned; // a promise (loadRegexEngine) must settle without rejecting
  }
}

describe("no public function throws, whatever it is given", () => {
  it("finds every kind of public function", () => {
    const names = functions.map(([name]) => name);
    for (const expected of [
      "validateIban",
      "isValidBic",
      "isAssignedCountry",
      "compactIban",
      "formatNzAccountNumber",
      "calcNubanCheckDigit",
      "validateCreateWithdrawalBeneficiary",
      "withOptions",
      "fieldErrorsOf",
      "messagesByField",
    ]) {
      expect(names).toContain(expected);
    }
    expect(names.length).toBeGreaterThan(80);
  });

  it.each(functions)("%s", async (name, fn) => {
    await fc.assert(
      fc.asyncProperty(hostileValue, hostileValue, async (a, b) => {
        await callAndCheck(name, fn, a.value(), b.value());
        await callAndCheck(name, fn, b.value(), a.value());
      }),
      { numRuns: 60 },
    );
  });

  it("covers the functions reached through objects: the ajv formats", () => {
    fc.assert(
      fc.property(hostileValue, (hostile) => {
        for (const format of Object.values(api.accountFundsFormats)) {
          expect(typeof (format.validate as (data: unknown) => unknown)(hostile.value())).toBe("boolean");
        }
      }),
      { numRuns: 100 },
    );
  });
});
