/**
 * The diff of the generated Markdown reference (generated/REFERENCE.md) between the two sides, when the generator
 * writes one: what the change does to the documentation consumers read.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { unifiedDiff } from "@account-funds/generator/line-diff";

export const referenceFile = "REFERENCE.md";

export type ReferenceDiff = { readonly status: "compared"; readonly diff: string } | { readonly status: "absent" };

const readIfPresent = (path: string): Promise<string | undefined> => readFile(path, "utf8").catch(() => undefined);

export async function diffReference(baseGenerated: string, revisionGenerated: string): Promise<ReferenceDiff> {
  const [before, after] = await Promise.all([
    readIfPresent(join(baseGenerated, referenceFile)),
    readIfPresent(join(revisionGenerated, referenceFile)),
  ]);
  if (before === undefined && after === undefined) return { status: "absent" };
  return { status: "compared", diff: unifiedDiff(`generated/${referenceFile}`, before, after) };
}
