/**
 * The whole review, end to end, on the repository itself: HEAD against HEAD (the spec and client tests of the
 * current commit) reports no change and exits 0, twice: with BASE's committed client (the generator is the same, so
 * nothing is generated), and with BASE generated again through the working tree's generator: the one test that
 * runs the generator worker and tsc for real (identical specs are generated once, so it costs one generator run).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../src/cli.js";
import type { ReviewResult } from "../src/result.js";
import type { ReviewOptions } from "../src/review.js";

const directory = mkdtempSync(join(tmpdir(), "review-integration-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function reviewHead(overrides: Partial<ReviewOptions>): Promise<ReviewResult> {
  const output = join(directory, "review.json");
  const errors: string[] = [];
  const code = await main(
    ["--base", "HEAD", "--revision", "HEAD", "--format", "json", "--output", output],
    { out: () => undefined, err: (text) => errors.push(text), env: {} },
    overrides,
  );
  expect(code, errors.join("")).toBe(0);
  return JSON.parse(readFileSync(output, "utf8")) as ReviewResult;
}

function expectNoChange(result: ReviewResult): void {
  expect(result.findings).toEqual([]);
  expect(result.assumptions).toEqual([]);
  expect(result.summary).toEqual({ breaking: 0, acknowledged: 0, warnings: 0, info: 0 });
  expect(result.apiReport?.status).toBe("identical");
  expect(result.consumer).toMatchObject({ status: "checked", diagnostics: [] });
  expect(result.acknowledgements.problems).toEqual([]);
}

describe("make review on the current commit", () => {
  it("reports no change and exits 0, with BASE's committed client", async () => {
    const result = await reviewHead({});
    expectNoChange(result);
    expect(result.notes.join("\n")).toContain("BASE's client and API reports are the ones committed at BASE");
  }, 600_000);

  it("reports no change and exits 0, with BASE generated again", async () => {
    const result = await reviewHead({ reuseCommittedBase: false });
    expectNoChange(result);
    expect(result.notes.join("\n")).toContain("the client was generated once for both sides");
  }, 600_000);
});
