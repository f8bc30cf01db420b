/**
 * Copies files of a commit into a directory with `git archive`: nothing in the working tree or the index moves,
 * so the review can run while someone edits, and on a CI checkout.
 */
import { mkdir } from "node:fs/promises";
import { exec } from "../exec.js";
import { git } from "./git.js";

export interface ExtractResult {
  /** The paths that existed at the commit and were extracted. */
  readonly extracted: readonly string[];
  /** The paths asked for that the commit does not have. */
  readonly missing: readonly string[];
}

export async function extractPaths(
  cwd: string,
  commit: string,
  paths: readonly string[],
  into: string,
): Promise<ExtractResult | { readonly error: string }> {
  const present: string[] = [];
  const missing: string[] = [];
  for (const path of paths)
    ((await git(cwd, "cat-file", "-e", `${commit}:${path}`)).code === 0 ? present : missing).push(path);
  await mkdir(into, { recursive: true });
  if (present.length === 0) return { extracted: [], missing };
  // A pipe straight into tar: the archive is bytes, and pipefail makes a failing git archive fail the step.
  const untar = await exec(
    "bash",
    ["-o", "pipefail", "-c", `git archive --format=tar "$0" -- "$@" | tar -x -C "$TARGET"`, commit, ...present],
    {
      cwd,
      env: { ...process.env, TARGET: into },
    },
  );
  if (untar.code !== 0)
    return { error: `extracting ${present.join(", ")} at ${commit} failed: ${untar.stderr.trim()}` };
  return { extracted: present, missing };
}
