/** The rules' pure parts: constraint direction, enum deltas, statuses, where schemas are used, and the docs table. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffAssumptions } from "../src/assumptions.js";
import { parseDiagnostics } from "../src/consumer-impact.js";
import { subjectOf } from "../src/diff/facts.js";
import { constraintDirection } from "../src/diff/rules/constraints.js";
import { enumDelta } from "../src/diff/rules/enums.js";
import { ruleDocumentation } from "../src/diff/rules/index.js";
import { isSuccessStatus } from "../src/diff/rules/verdicts.js";
import { buildUsageIndex } from "../src/diff/usage.js";
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
    ["pattern", "^[A-Z]{3}$", "^[A-Z]{2}$", "changed"],
    ["pattern", undefined, "^x$", "stricter"],
    ["format", "int32", undefined, "looser"],
    ["const", "A", "B", "changed"],
    ["uniqueItems", undefined, true, "stricter"],
    ["additionalProperties", false, true, "looser"],
    ["additionalProperties", { type: "string" }, false, "changed"],
  ] as const)("%s %j → %j is %s", (key, before, after, direction) => {
    expect(constraintDirection(key, before, after)).toBe(direction);
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

describe("usage index of the real spec", () => {
  const usage = buildUsageIndex(realSpecJson);

  it("puts webhook payloads on the response side: the client receives them", () => {
    const placement = usage.placementOf("/components/schemas/TransferCreatedEvent/properties/ApiUrl");
    expect(placement.sides).toEqual(["response"]);
    expect(placement.operations).toEqual(["webhook accountFundsEvent"]);
  });

  it("puts request bodies and parameters on the request side, with every operation that uses them", () => {
    expect(usage.placementOf("/components/schemas/CreateAccountTransfer").sides).toEqual(["request"]);
    const top = usage.placementOf("/components/parameters/ODataTop");
    expect(top.sides).toEqual(["request"]);
    expect(top.operations.length).toBeGreaterThan(10);
  });

  it("treats paths and operations themselves as the call", () => {
    const placement = usage.placementOf("/paths/~1api~1v1~1Transfers/get/operationId");
    expect(placement).toEqual({ sides: [], operationLevel: true, operations: ["GET /api/v1/Transfers"] });
  });

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
