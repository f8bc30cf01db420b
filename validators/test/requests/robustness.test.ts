import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { issueCodes, type Result } from "../../src/index.js";
import { oddValues } from "../hostile-values.js";
import { setAt } from "./request-examples.js";
import { validatorsUnderTest } from "./validators-under-test.js";

/** A result is well formed: `ok` is a boolean, a failure has issues with known codes and array paths. */
function expectWellFormed(result: Result<unknown, object>): void {
  expect(typeof result.ok).toBe("boolean");
  if (result.ok) return;
  expect(result.issues.length).toBeGreaterThan(0);
  for (const found of result.issues) {
    expect(issueCodes).toContain(found.code);
    expect(found.code).not.toBe("internal_error");
    expect(typeof found.message).toBe("string");
    expect(Array.isArray(found.path)).toBe(true);
  }
}

function nullPrototype(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullPrototype);
  if (typeof value !== "object" || value === null) return value;
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [key, member] of Object.entries(value)) copy[key] = nullPrototype(member);
  return copy;
}

/** Every path to a member of a JSON value. */
function pathsOf(value: unknown, prefix: readonly (string | number)[] = []): (readonly (string | number)[])[] {
  if (typeof value !== "object" || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((member, index) => [index, member])
    : Object.entries(value);
  return entries.flatMap(([key, member]) => [[...prefix, key], ...pathsOf(member, [...prefix, key])]);
}

describe.each(validatorsUnderTest)("$name robustness", ({ validate, valid, options }) => {
  it("accepts its valid example, also with null-prototype objects", () => {
    expect(validate(valid, options as never).ok).toBe(true);
    expect(validate(nullPrototype(valid), options as never).ok).toBe(true);
  });

  it("never throws and never fails internally for any input or options", () => {
    fc.assert(
      fc.property(oddValues, oddValues, (input, anyOptions) => {
        expectWellFormed(validate(input, anyOptions as never));
      }),
      { numRuns: 150 },
    );
  });

  it("never throws when any member of a valid input is replaced by an odd value", () => {
    const paths = pathsOf(valid);
    fc.assert(
      fc.property(fc.constantFrom(...paths), oddValues, (path, odd) => {
        expectWellFormed(validate(setAt(valid, path, odd), options as never));
      }),
      { numRuns: 150 },
    );
  });

  it("handles huge strings, deep nesting and arrays in place of objects quickly", () => {
    const huge = "9".repeat(2_000_000);
    let deep: unknown = {};
    for (let i = 0; i < 10_000; i++) deep = { a: deep, Type: deep };
    // CPU time, not wall time (see identifiers/robustness.test.ts): far above the cost of refusing these inputs
    // early, far below the cost of walking them.
    const before = process.cpuUsage();
    for (const path of pathsOf(valid)) {
      for (const odd of [huge, deep, [valid], [[[]]]])
        expectWellFormed(validate(setAt(valid, path, odd), options as never));
    }
    for (const odd of [huge, deep, [valid], Object.create(null)]) expectWellFormed(validate(odd, options as never));
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(2000);
  });

  it("turns a throwing getter into an internal_error issue instead of throwing", () => {
    const hostile = Object.defineProperty({ ...(valid as object) }, Object.keys(valid as object)[0] ?? "x", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const result = validate(hostile, options as never);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.code).toBe("internal_error");
  });
});
