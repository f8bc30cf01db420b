/**
 * The review's verdict on the spec change since a commit, as the smallest version bump the client package needs
 * (`make release-check`, test/packages/changeset-check.ts): a breaking change for client consumers needs a major
 * release, or a minor one while the version is 0.x (semver §4: anything may change in 0.y.z, and the changesets
 * convention bumps the minor for it); anything else at least a patch. An acknowledged breaking change is still a
 * breaking one: acknowledging it accepts the break, it does not undo it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDocument } from "./documents.js";
import { diffDocuments } from "./diff/engine.js";
import type { Finding } from "./diff/finding.js";
import { extractPaths } from "./git/extract.js";
import { specConfig, specDirectory, specRoot } from "./paths.js";

export type Bump = "patch" | "minor" | "major";

export const bumpOrder: Readonly<Record<Bump, number>> = { patch: 0, minor: 1, major: 2 };

export function requiredBump(
  findings: readonly Finding[],
  version: string,
): { readonly bump: Bump; readonly breaking: readonly Finding[] } {
  const breaking = findings.filter((finding) => finding.level === "breaking");
  if (breaking.length === 0) return { bump: "patch", breaking };
  return { bump: version.startsWith("0.") ? "minor" : "major", breaking };
}

/** The review's findings on spec/ between `commit` and the working tree of `cwd`; undefined when `commit` has no spec. */
export async function specFindingsSince(cwd: string, commit: string): Promise<readonly Finding[] | undefined> {
  const work = await mkdtemp(join(tmpdir(), "account-funds-version-verdict-"));
  try {
    const extracted = await extractPaths(cwd, commit, [specDirectory], work);
    if ("error" in extracted) throw new Error(extracted.error);
    if (extracted.extracted.length === 0) return undefined;
    const [base, revision] = await Promise.all([
      loadDocument(join(work, specRoot), join(work, specConfig)),
      loadDocument(join(cwd, specRoot), join(cwd, specConfig)),
    ]);
    return diffDocuments(base.document, revision.document);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
