/** The three formats render one ReviewResult: what a reader, GitHub and a tool each need from it. */
import { describe, expect, it } from "vitest";
import { render } from "../src/cli.js";
import { annotation } from "../src/report/github.js";
import type { LocatedFinding, ReviewResult } from "../src/result.js";

const breaking: LocatedFinding = {
  id: "property-removed /components/schemas/TransferDto/properties/AccountName",
  rule: "property-removed",
  level: "breaking",
  side: "response",
  category: "response field",
  change: "removed",
  message: "Property `AccountName` of `TransferDto` was removed.",
  pointer: "/components/schemas/TransferDto/properties/AccountName",
  in: "base",
  operations: ["GET /api/v1/Transfers", "GET /api/v1/Transfers({id})"],
  location: { file: "spec/components/schemas/TransferDto.yaml", line: 9 },
};
const acknowledged: LocatedFinding = {
  ...breaking,
  id: "schema-type-changed /components/schemas/TransferDto/properties/Amount/type",
  rule: "schema-type-changed",
  message: "Type of `Amount` widened from 'number' to 'number | string'.",
  acknowledged: {
    id: "schema-type-changed /components/schemas/TransferDto/properties/Amount/type",
    reason: "Agreed with consumers, 100% of them.",
  },
};
const warning: LocatedFinding = {
  ...breaking,
  id: "request-property-removed /components/schemas/CreateAccountTransfer/properties/Reference",
  rule: "request-property-removed",
  level: "warning",
  side: "request",
  message: "Request property `Reference` of `CreateAccountTransfer` was removed.",
  note: "Callers that still send it no longer compile.",
};
const info: LocatedFinding = {
  ...warning,
  id: "response-property-added /x",
  rule: "response-property-added",
  level: "info",
  side: "response",
  category: "response field",
  message: "Response property `Channel` of `TransferDto` was added.",
};

const result: ReviewResult = {
  base: { ref: "merge-base HEAD main", commit: "5f9a24dfc8f219b94cfd040c0a13480149bb5ddd" },
  revision: { ref: "working tree" },
  findings: [breaking, acknowledged, warning, info],
  assumptions: [
    {
      kind: "edited",
      pointer: "/components/schemas/CreateExchange/properties/Goal",
      before: "old text",
      after: "new text",
    },
  ],
  apiReport: {
    status: "compared",
    diff: "--- a/api-report/client.api.md\n+++ b/api-report/client.api.md\n@@ -1,1 +1,0 @@\n-            AccountName?: string | null;\n",
    errors: [],
  },
  reference: { status: "absent" },
  consumer: { status: "checked", files: ["test/client/type-tests.ts"], diagnostics: [], millis: 1, other: "" },
  acknowledgements: {
    file: "review/acknowledged-changes.yaml",
    stale: [{ id: "property-removed /components/schemas/Gone", reason: "old" }],
    problems: [],
  },
  notes: [],
  timings: { total: 61_000 },
  summary: { breaking: 2, acknowledged: 1, warnings: 1, info: 1 },
  exitCode: 1,
};

describe("markdown", () => {
  const text = render(result, "markdown");
  it("leads with the verdict and the ids to acknowledge", () => {
    expect(text).toContain("## API review: `5f9a24dfc8f2` (merge-base HEAD main) → working tree");
    expect(text).toContain("**✗ 1 breaking change not acknowledged**");
    expect(text).toContain('  - id: "property-removed /components/schemas/TransferDto/properties/AccountName"');
    expect(text).not.toContain('  - id: "schema-type-changed');
  });
  it("shows where, for whom, and by which rule", () => {
    expect(text).toContain(
      "spec/components/schemas/TransferDto.yaml:9<br>GET /api/v1/Transfers, GET /api/v1/Transfers({id})",
    );
    expect(text).toContain("`property-removed`");
    expect(text).toContain("✓ acknowledged");
    expect(text).toContain("Acknowledged: Agreed with consumers, 100% of them.");
    expect(text).toContain("**response field** (1)");
    expect(text).toContain(
      "- **edited** `/components/schemas/CreateExchange/properties/Goal`: ~~old text~~ → new text",
    );
    expect(text).toContain("-            AccountName?: string | null;");
    expect(text).toContain(
      "stale (matches no breaking change of this review): `property-removed /components/schemas/Gone`",
    );
  });
});

describe("github", () => {
  const text = render(result, "github");
  it("annotates breaking changes as errors on the spec file, acknowledged ones as notices, warnings as warnings", () => {
    const lines = text.trim().split("\n");
    expect(lines[0]).toMatch(
      /^::error file=spec\/components\/schemas\/TransferDto.yaml,line=9,title=property-removed \(breaking\)::Breaking for client consumers \(response side\): /,
    );
    expect(lines[0]).toContain(
      "%0ATo accept it, add to review/acknowledged-changes.yaml: - id: property-removed /components/schemas/TransferDto/properties/AccountName",
    );
    expect(lines[1]).toMatch(
      /^::notice .*title=schema-type-changed \(acknowledged\)::Acknowledged breaking change: .*100%25 of them\.$/,
    );
    expect(lines[2]).toMatch(/^::warning .*title=request-property-removed \(request\)::/);
    expect(
      lines.some((line) =>
        line.startsWith("::warning file=review/acknowledged-changes.yaml,title=stale acknowledgement::"),
      ),
    ).toBe(true);
    expect(lines.at(-1)).toMatch(
      /^::error title=make review::API review merge-base HEAD main → working tree: 2 breaking \(1 acknowledged\)/,
    );
    expect(text).not.toContain("Channel");
  });
  it("escapes workflow command properties and data", () => {
    expect(annotation("error", "50% done\nnext", { file: "a,b:c.yaml", line: 3 })).toBe(
      "::error file=a%2Cb%3Ac.yaml,line=3::50%25 done%0Anext",
    );
  });
});

describe("json", () => {
  it("is the result itself", () => {
    expect(JSON.parse(render(result, "json"))).toEqual(JSON.parse(JSON.stringify(result)));
  });
});
