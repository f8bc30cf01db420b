/** Two documents → the review's findings, through the engine: what `make review` does after bundling both sides. */
import { isJsonObject } from "@account-funds/generator/json-pointer";
import { diffDocuments as diff } from "../../src/diff/engine.js";
import type { Finding } from "../../src/diff/finding.js";

export function diffDocuments(base: unknown, revision: unknown): Finding[] {
  if (!isJsonObject(base) || !isJsonObject(revision)) throw new Error("both documents must be JSON objects");
  return diff(base, revision);
}

/** The findings at a pointer, as `rule level side` strings: what the tests compare. */
export function verdictsAt(findings: readonly Finding[], pointer: string): string[] {
  return findings
    .filter((finding) => finding.pointer === pointer)
    .map((finding) => `${finding.rule} ${finding.level} ${finding.side}`)
    .sort();
}
