/**
 * The review against oasdiff's checker corpus (review/test/corpus/): every pair oasdiff labels breaking is found,
 * and every pair it labels compatible is passed, except the disagreements listed in review/README.md's
 * "Disagreements with oasdiff" table, each with the rule and the reason. One process, the engine only: each file is
 * loaded once through the generator's loader (3.0 upgraded to 3.1) and each pair diffed in memory.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ruleDocumentation } from "../src/diff/rules/index.js";
import { repositoryRoot } from "../src/paths.js";
import { corpusPairs, recallAndPrecision, scoreCorpus, type PairVerdict } from "./corpus/score.js";

interface Disagreement {
  readonly pair: string;
  readonly oasdiff: string;
  readonly review: string;
  readonly rule: string;
  readonly why: string;
}

/** The README's table between its two markers. */
function readmeDisagreements(): Disagreement[] {
  const readme = readFileSync(join(repositoryRoot, "review", "README.md"), "utf8");
  const table =
    /<!-- oasdiff disagreements -->\n([\s\S]*?)<!-- end of oasdiff disagreements -->/.exec(readme)?.[1] ?? "";
  return table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [pair = "", oasdiff = "", review = "", rule = "", why = ""] = line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim());
      return { pair: pair.replaceAll("`", ""), oasdiff, review, rule: rule.replaceAll("`", ""), why };
    });
}

describe("oasdiff's checker corpus", () => {
  let verdicts: PairVerdict[] = [];
  beforeAll(async () => {
    verdicts = await scoreCorpus();
  });

  it("labels more than a hundred pairs, breaking and not", () => {
    const pairs = corpusPairs();
    expect(pairs.length).toBeGreaterThan(150);
    expect(pairs.filter((pair) => pair.breaking).length).toBeGreaterThan(80);
    expect(pairs.filter((pair) => !pair.breaking).length).toBeGreaterThan(50);
  });

  it("agrees with oasdiff on every pair but the disagreements the README lists", () => {
    const listed = new Map(readmeDisagreements().map((row) => [row.pair, row]));
    const disagreements = verdicts.filter((verdict) => verdict.pair.breaking !== verdict.reviewBreaking);
    const unlisted = disagreements
      .filter((verdict) => !listed.has(verdict.name))
      .map(
        (verdict) =>
          `${verdict.name}: oasdiff ${verdict.pair.breaking ? "breaking" : "compatible"}, review ${verdict.reviewBreaking ? `breaking (${verdict.breaking.map((finding) => finding.id).join("; ")})` : "compatible"}`,
      );
    expect(unlisted).toEqual([]);
    const stale = [...listed.keys()].filter((name) => !disagreements.some((verdict) => verdict.name === name));
    expect(stale).toEqual([]);
  });

  it("gives each disagreement its rule, the review's verdict and a reason", () => {
    const rules = new Set(ruleDocumentation.map((row) => row.rule));
    for (const row of readmeDisagreements()) {
      const verdict = verdicts.find((found) => found.name === row.pair);
      expect(verdict, row.pair).toBeDefined();
      expect(row.review, row.pair).toBe(verdict?.reviewBreaking === true ? "breaking" : "compatible");
      for (const rule of row.rule.split(", ")) expect(rules.has(rule), `${row.pair}: ${rule}`).toBe(true);
      expect(row.why.length, row.pair).toBeGreaterThan(20);
      if (verdict?.reviewBreaking === true)
        expect(
          verdict.breaking.map((finding) => finding.rule),
          row.pair,
        ).toEqual(expect.arrayContaining(row.rule.split(", ")));
    }
  });

  it("finds nearly every breaking pair, and keeps its false alarms to its stricter policies", () => {
    const score = recallAndPrecision(verdicts);
    expect(score.recall).toBeGreaterThan(0.95);
    expect(score.falsePositives).toBe(readmeDisagreements().filter((row) => row.review === "breaking").length);
  });
});
