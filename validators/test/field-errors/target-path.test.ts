/**
 * pathOfTarget reads every way an error names a field (JSON pointer, OData path, bare name, ASP.NET ModelState key)
 * as the validators' path, and fieldNameOf writes a path as form libraries name fields. The property tests state
 * the invariant: a path written in any of the forms reads back as the same path.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldNameOf, pathOfTarget, type PathSegment } from "../../src/index.js";

/** RFC 6901. */
const pointerOf = (path: readonly PathSegment[]): string =>
  path.map((part) => `/${String(part).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/** ASP.NET Core's ModelState key for a System.Text.Json path: `$.A.B[1]`, quoted names where a dot would mislead. */
const modelStateKeyOf = (path: readonly PathSegment[]): string =>
  "$" +
  path
    .map((part) =>
      typeof part === "number" ? `[${part}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(part) ? `.${part}` : `['${part}']`,
    )
    .join("");

/** Property names as an API has them (letters, digits, `_`), never only digits (those read as indices). */
const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/);
const anyName = fc
  .string({ maxLength: 12, unit: "grapheme" })
  .filter((text) => !/^(?:0|[1-9][0-9]*)$/.test(text) && text !== "");
const index = fc.nat({ max: 10_000 });

describe("pathOfTarget", () => {
  it.each([
    ["/PaymentRouting/SortCode", ["PaymentRouting", "SortCode"]],
    ["/AlternatePaymentRouting/1/AccountNumber", ["AlternatePaymentRouting", 1, "AccountNumber"]],
    ["#/PaymentRouting/Iban", ["PaymentRouting", "Iban"]],
    ["/AdditionalInformation/a~1b~0c", ["AdditionalInformation", "a/b~c"]],
    ["/IndustryId", ["IndustryId"]],
    ["BeneficiaryId", ["BeneficiaryId"]],
    ["UltimateOriginator/SubaccountNumber", ["UltimateOriginator", "SubaccountNumber"]],
    ["PaymentRouting.SortCode", ["PaymentRouting", "SortCode"]],
    ["$.PaymentRouting.SortCode", ["PaymentRouting", "SortCode"]],
    ["AlternatePaymentRouting[1].Iban", ["AlternatePaymentRouting", 1, "Iban"]],
    ["$['Name']", ["Name"]],
    ['$["a.b"].c', ["a.b", "c"]],
    ["$top", ["$top"]],
    ["  Amount ", ["Amount"]],
    ["/007", ["007"]],
  ] as const)("%j → %j", (target, path) => {
    expect(pathOfTarget(target)).toEqual(path);
  });

  it.each(["", "/", "$", "#", "   "])("%j names the request as a whole", (target) => {
    expect(pathOfTarget(target)).toEqual([]);
  });

  it("reads a JSON pointer back as the path it was written from, whatever the names", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anyName, index), { minLength: 1, maxLength: 6 }), (path) => {
        expect(pathOfTarget(pointerOf(path))).toEqual(path);
      }),
    );
  });

  it("reads an ASP.NET ModelState key and an OData path back as the path", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(name, index), { minLength: 1, maxLength: 6 }), (path) => {
        expect(pathOfTarget(modelStateKeyOf(path))).toEqual(path);
        if (typeof path[0] === "string") expect(pathOfTarget(path.join("/"))).toEqual(path);
      }),
    );
  });

  it("reads an unclosed bracket run in time linear in its length", () => {
    // A backtracking pattern over this takes minutes; the scan reads each character once.
    expect(pathOfTarget("$" + "[".repeat(200_000))).toHaveLength(1);
    expect(pathOfTarget(`['${"a".repeat(200_000)}`)).toEqual(["a".repeat(200_000)]);
  });
});

describe("fieldNameOf", () => {
  it("joins names and indices with dots (react-hook-form), or puts indices in brackets (TanStack Form)", () => {
    const path = ["AlternatePaymentRouting", 1, "Iban"];
    expect(fieldNameOf(path)).toBe("AlternatePaymentRouting.1.Iban");
    expect(fieldNameOf(path, "brackets")).toBe("AlternatePaymentRouting[1].Iban");
    expect(fieldNameOf([])).toBe("");
  });

  it("is the inverse of reading a dotted name, for names without dots", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(name, index), { minLength: 1, maxLength: 6 }), (path) => {
        fc.pre(typeof path[0] === "string");
        expect(pathOfTarget(fieldNameOf(path, "brackets"))).toEqual(path);
      }),
    );
  });
});
