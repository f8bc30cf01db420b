/**
 * Every rule of the README's table has a fixture pair (support/rule-fixtures.ts), and each pair comes out with
 * exactly the findings it lists: the rule it is about on the side it breaks, and nothing else.
 */
import { describe, expect, it } from "vitest";
import { ruleDocumentation } from "../src/diff/rules/index.js";
import { diffDocuments } from "./support/diff-documents.js";
import { ruleFixtures, template } from "./support/rule-fixtures.js";

function findingsOf(fixture: (typeof ruleFixtures)[number]): string[] {
  const base = template();
  fixture.base?.(base);
  const revision = template();
  fixture.revision(revision);
  return diffDocuments(base, revision)
    .map((finding) => `${finding.rule} ${finding.level} ${finding.side}`)
    .sort();
}

describe("rule fixtures", () => {
  it.each(ruleFixtures.map((fixture) => [fixture.name, fixture] as const))("%s", (_name, fixture) => {
    expect(findingsOf(fixture)).toEqual([...fixture.expected].sort());
  });

  it("cover every rule of the table", () => {
    const covered = new Set(ruleFixtures.flatMap((fixture) => fixture.expected.map((line) => line.split(" ")[0])));
    const missing = ruleDocumentation.map((row) => row.rule).filter((rule) => !covered.has(rule));
    expect(missing).toEqual([]);
  });

  it("an unchanged template has no finding", () => {
    expect(diffDocuments(template(), template())).toEqual([]);
  });
});
