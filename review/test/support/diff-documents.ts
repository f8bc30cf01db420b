/**
 * Two documents → the review's findings, through the real Redocly CLI and the rules: what `make review` does
 * after generating both sides. Each call is one `redocly diff` process (a few seconds).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isJsonObject } from "@account-funds/generator/json-pointer";
import { classifyChanges, diffContext } from "../../src/diff/classify.js";
import type { Finding } from "../../src/diff/finding.js";
import { redoclyDiff } from "../../src/diff/redocly.js";

export async function diffDocuments(base: unknown, revision: unknown): Promise<Finding[]> {
  const directory = await mkdtemp(join(tmpdir(), "review-test-"));
  try {
    const basePath = join(directory, "base.json");
    const revisionPath = join(directory, "revision.json");
    await writeFile(basePath, JSON.stringify(base));
    await writeFile(revisionPath, JSON.stringify(revision));
    const result = await redoclyDiff(basePath, revisionPath, directory);
    if (!result.ok) throw new Error(result.message);
    if (!isJsonObject(base) || !isJsonObject(revision)) throw new Error("both documents must be JSON objects");
    return classifyChanges(result.report, diffContext(base, revision));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The findings at a pointer, as `rule level side` strings: what the tests compare. */
export function verdictsAt(findings: readonly Finding[], pointer: string): string[] {
  return findings
    .filter((finding) => finding.pointer === pointer)
    .map((finding) => `${finding.rule} ${finding.level} ${finding.side}`)
    .sort();
}
