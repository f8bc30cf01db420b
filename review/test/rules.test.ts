/** The rules' pure parts: directions of constraints, types and security, enum deltas, statuses, names, the docs table. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffAssumptions } from "../src/assumptions.js";
import { parseDiagnostics } from "../src/consumer-impact.js";
import { matchBranches } from "../src/diff/compare/schemas.js";
import { specialisesMediaType } from "../src/diff/media-types.js";
import { subjectOf } from "../src/diff/names.js";
import { constraintDirection } from "../src/diff/rules/constraints.js";
import { enumDelta } from "../src/diff/rules/enums.js";
import { ruleDocumentation } from "../src/diff/rules/index.js";
import { stillAccepted } from "../src/diff/rules/security.js";
import { isSuccessStatus } from "../src/diff/rules/statuses.js";
import { typeDirection } from "../src/diff/rules/types.js";
import { repositoryRoot } from "../src/paths.js";
import { ruleTable } from "../src/rule-table.js";
import { realSpecJson } from "./support/real-spec.js";

describe("constraint direction", () => {
  it.each([
    ["maxLength", 35, 20, "stricter"],
    ["maxLength", 35, 40, "looser"],
    ["maxLength", undefined, 10, "stricter"],
    ["maxLength", 10, undefined, "looser"],
    ["minimum", 0, 1, "stricter"],
    ["exclusiveMinimum", 1, 0, "looser"],
    ["minItems", 1, 1, "same"],
    ["minContains", 1, 2, "stricter"],
    ["maxContains", 3, 2, "stricter"],
    ["pattern", "^[A-Z]{3}$", "^[A-Z]{2}$", "changed"],
    ["pattern", undefined, "^x$", "stricter"],
    ["pattern", "^[A-Z]{3}$", "", "looser"],
    ["pattern", "", ".*", "same"],
    ["format", "int32", undefined, "looser"],
    ["const", "A", "B", "changed"],
    ["multipleOf", 2, 4, "stricter"],
    ["multipleOf", 4, 2, "looser"],
    ["multipleOf", 2, 3, "changed"],
    ["uniqueItems", undefined, true, "stricter"],
    ["uniqueItems", undefined, false, "same"],
  ] as const)("%s %j → %j is %s", (key, before, after, direction) => {
    expect(constraintDirection(key, before, after)).toBe(direction);
  });
});

describe("type direction", () => {
  it.each([
    ["integer", "number", "looser"],
    ["number", "integer", "stricter"],
    ["string", ["string", "null"], "looser"],
    [["string", "null"], "string", "stricter"],
    ["string", "integer", "changed"],
    [undefined, "object", "stricter"],
    ["array", ["array"], "same"],
  ] as const)("%j → %j is %s", (before, after, direction) => {
    expect(typeDirection(before, after)).toBe(direction);
  });
});

describe("security requirements", () => {
  it("accept every client accepted before, or not", () => {
    expect(stillAccepted([], [{ oauth: ["read"] }])).toBe(false);
    expect(stillAccepted([{ oauth: ["read"] }], [])).toBe(true);
    expect(stillAccepted([{ oauth: ["read", "write"] }], [{ oauth: ["read"] }])).toBe(true);
    expect(stillAccepted([{ oauth: ["read"] }], [{ oauth: ["read", "write"] }])).toBe(false);
    expect(stillAccepted([{ key: [] }], [{ key: [] }, { oauth: [] }])).toBe(true);
    expect(stillAccepted([{ key: [] }, { oauth: [] }], [{ oauth: [] }])).toBe(false);
  });
});

describe("media types", () => {
  it("specialise by structured suffix and wildcard, not by parameters", () => {
    expect(specialisesMediaType("application/problem+json", "application/json")).toBe(true);
    expect(specialisesMediaType("application/json", "application/problem+json")).toBe(false);
    expect(specialisesMediaType("text/plain", "text/*")).toBe(true);
    expect(specialisesMediaType("application/json; charset=utf-8", "application/json")).toBe(false);
  });
});

describe("combinator branches", () => {
  it("are matched by $ref, by content and by likeness, wherever they stand", () => {
    const cat = { $ref: "#/components/schemas/Cat" };
    const dog = { $ref: "#/components/schemas/Dog" };
    expect(matchBranches([cat, dog], [dog, cat])).toEqual(
      expect.arrayContaining([
        [0, 1],
        [1, 0],
      ]),
    );
    expect(matchBranches([cat], [dog])).toEqual([
      [0, undefined],
      [undefined, 0],
    ]);
    const inline = { type: "string", enum: ["a"] };
    const resolveNow = (node: unknown): unknown => (node === dog ? { ...inline, title: "Dog" } : node);
    expect(matchBranches([inline], [dog], (node) => node, resolveNow)).toEqual([[0, 0]]);
  });
});

describe("enum delta", () => {
  it("compares values by JSON, null included", () => {
    expect(enumDelta(["A", "B", null], ["B", "C", null])).toEqual({ added: ["C"], removed: ["A"] });
    expect(enumDelta(undefined, ["A"])).toEqual({ added: ["A"], removed: [] });
  });
});

describe("statuses", () => {
  it("treats 2XX, 2xx codes and default as success", () => {
    expect(["200", "201", "2XX", "default"].every(isSuccessStatus)).toBe(true);
    expect(["400", "401", "4XX", "500", "302"].some(isSuccessStatus)).toBe(false);
  });
});

describe("names", () => {
  it("names what changed the way a reader knows it", () => {
    expect(subjectOf("/components/schemas/TransferDto/properties/AccountName", realSpecJson)).toBe(
      "`AccountName` of `TransferDto`",
    );
    expect(subjectOf("/components/parameters/ODataTop", realSpecJson)).toBe("parameter `$top` (query)");
    expect(subjectOf("/paths/~1api~1v1~1Transfers/get/responses/400", realSpecJson)).toBe("`GET /api/v1/Transfers`");
  });
});

describe("consumer check output", () => {
  it("reads tsc diagnostics, continuation lines included, and tells unused expect-errors apart", () => {
    const output = [
      "test/client/type-tests.ts(11,115): error TS2353: Object literal may only specify known properties, and 'Reference' does not exist in type 'X'.",
      "test/client/type-tests.ts(20,3): error TS2578: Unused '@ts-expect-error' directive.",
      "test/client/examples.test.ts(5,1): error TS2322: Type 'A' is not assignable to type 'B'.",
      "  Property 'c' is missing in type 'A'.",
    ].join("\n");
    expect(parseDiagnostics(output)).toEqual([
      {
        file: "test/client/type-tests.ts",
        line: 11,
        column: 115,
        code: "TS2353",
        message: "Object literal may only specify known properties, and 'Reference' does not exist in type 'X'.",
        level: "breaking",
      },
      {
        file: "test/client/type-tests.ts",
        line: 20,
        column: 3,
        code: "TS2578",
        message: "Unused '@ts-expect-error' directive.",
        level: "warning",
      },
      {
        file: "test/client/examples.test.ts",
        line: 5,
        column: 1,
        code: "TS2322",
        message: "Type 'A' is not assignable to type 'B'.\nProperty 'c' is missing in type 'A'.",
        level: "breaking",
      },
    ]);
  });
});

describe("x-assumptions", () => {
  it("are added, removed or edited by pointer", () => {
    const base = [
      { pointer: "/a", text: "kept" },
      { pointer: "/b", text: "old" },
      { pointer: "/c", text: "gone" },
    ];
    const revision = [
      { pointer: "/a", text: "kept" },
      { pointer: "/b", text: "new" },
      { pointer: "/d", text: "fresh" },
    ];
    expect(diffAssumptions(base, revision)).toEqual([
      { kind: "edited", pointer: "/b", before: "old", after: "new" },
      { kind: "removed", pointer: "/c", before: "gone" },
      { kind: "added", pointer: "/d", after: "fresh" },
    ]);
  });
});

describe("README", () => {
  it("holds the rule table of the rules themselves (tsx review/src/rule-table.ts prints it)", () => {
    const readme = readFileSync(join(repositoryRoot, "review", "README.md"), "utf8");
    expect(readme).toContain(ruleTable());
    expect(ruleDocumentation.length).toBeGreaterThan(30);
  });
});
