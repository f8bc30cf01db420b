/**
 * The whole review, end to end, on the repository itself: HEAD against HEAD (the spec and client tests of the
 * current commit, through the working tree's generator) reports no change and exits 0. The one test that runs the
 * generator and tsc for real; identical specs are generated once, so it costs one generator run.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../src/cli.js";
import type { ReviewResult } from "../src/result.js";

const directory = mkdtempSync(join(tmpdir(), "review-integration-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("make review on the current commit", () => {
  it("reports no change and exits 0", async () => {
    const output = join(directory, "review.json");
    const errors: string[] = [];
    const code = await main(["--base", "HEAD", "--revision", "HEAD", "--format", "json", "--output", output], {
      out: () => undefined,
      err: (text) => errors.push(text),
      env: {},
    });
    expect(code, errors.join("")).toBe(0);
    const result = JSON.parse(readFileSync(output, "utf8")) as ReviewResult;
    expect(result.findings).toEqual([]);
    expect(result.assumptions).toEqual([]);
    expect(result.summary).toEqual({ breaking: 0, acknowledged: 0, warnings: 0, info: 0 });
    expect(result.apiReport?.status).toBe("identical");
    expect(result.consumer).toMatchObject({ status: "checked", diagnostics: [] });
    expect(result.acknowledgements.problems).toEqual([]);
  }, 600_000);
});
