/** review/acknowledged-changes.yaml: only the changes it names are acknowledged; stale and invalid entries are said. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyAcknowledgements, parseAcknowledgements, unacknowledged } from "../src/acknowledgements.js";
import type { Finding } from "../src/diff/finding.js";
import { acknowledgementsFile } from "../src/paths.js";

function finding(rule: string, pointer: string, level: Finding["level"] = "breaking"): Finding {
  return {
    id: `${rule} ${pointer}`,
    rule,
    level,
    side: "response",
    category: "response field",
    change: "removed",
    message: "",
    pointer,
    in: "base",
    operations: [],
  };
}

const removed = finding("property-removed", "/components/schemas/TransferDto/properties/AccountName");
const retyped = finding("schema-type-changed", "/components/schemas/TransferDto/properties/Amount/type");
const added = finding("response-property-added", "/components/schemas/TransferDto/properties/Channel", "info");

describe("acknowledged-changes.yaml", () => {
  it("the committed file is valid", () => {
    expect(parseAcknowledgements(readFileSync(acknowledgementsFile, "utf8")).problems).toEqual([]);
  });

  it("acknowledges exactly the breaking changes it names", () => {
    const file = parseAcknowledgements(`acknowledged:\n  - id: ${removed.id}\n    reason: Never filled by the API.\n`);
    const result = applyAcknowledgements([removed, retyped, added], file.entries);
    expect(result.findings.find((item) => item.id === removed.id)?.acknowledged?.reason).toBe(
      "Never filled by the API.",
    );
    // Another breaking change of the same schema is not covered.
    expect(unacknowledged(result.findings).map((item) => item.id)).toEqual([retyped.id]);
    expect(result.stale).toEqual([]);
  });

  it("reports entries that match no breaking change as stale", () => {
    const file = parseAcknowledgements(
      [
        "acknowledged:",
        "  - id: property-removed /components/schemas/Gone/properties/X",
        "    reason: Done long ago.",
        `  - id: ${added.id}`,
        "    reason: Not breaking anyway.",
      ].join("\n"),
    );
    const result = applyAcknowledgements([removed, added], file.entries);
    expect(result.stale.map((entry) => entry.id)).toEqual([
      "property-removed /components/schemas/Gone/properties/X",
      added.id,
    ]);
    expect(unacknowledged(result.findings)).toHaveLength(1);
  });

  it("rejects entries without a reason or an id, and duplicates; they acknowledge nothing", () => {
    const file = parseAcknowledgements(
      [
        "acknowledged:",
        `  - id: ${removed.id}`,
        `  - reason: forgot the id`,
        `  - id: ${retyped.id}`,
        "    reason: ok",
        `  - id: ${retyped.id}`,
        "    reason: again",
      ].join("\n"),
    );
    expect(file.entries.map((entry) => entry.id)).toEqual([retyped.id]);
    expect(file.problems).toEqual([
      `entry 1 (${removed.id}): no reason: say why this breaking change is acceptable`,
      `entry 2: no id (copy it from the review report: "<rule> <JSON pointer>")`,
      `entry 4: ${retyped.id} is listed twice`,
    ]);
  });

  it("reads an empty or missing list as no acknowledgement, and a wrong shape as a problem", () => {
    expect(parseAcknowledgements("")).toEqual({ entries: [], problems: [] });
    expect(parseAcknowledgements("acknowledged: []\n")).toEqual({ entries: [], problems: [] });
    expect(parseAcknowledgements("acknowledged: yes\n").problems).toEqual([
      "`acknowledged` must be a list of { id, reason }",
    ]);
    expect(parseAcknowledgements("acknowledged: [\n").problems[0]).toMatch(/^not YAML/);
  });
});
