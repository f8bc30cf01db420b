/**
 * Which commit BASE is. By default the merge base of HEAD with main (origin/main in a CI clone that has no local
 * main), so a branch is compared with where it left main, not with what main did since. A shallow clone often
 * lacks that commit: the error says so and how to fix it, instead of git's "unknown revision".
 */
import { git, gitValue } from "./git.js";

export interface ResolvedBase {
  /** What the user asked for, or how the default was found (`merge-base HEAD main`). */
  readonly ref: string;
  readonly commit: string;
}

export type BaseResult =
  | { readonly ok: true; readonly base: ResolvedBase }
  | { readonly ok: false; readonly message: string };

const defaultBranches = ["main", "origin/main"] as const;

export async function resolveBase(cwd: string, requested: string | undefined): Promise<BaseResult> {
  if ((await gitValue(cwd, "rev-parse", "--git-dir")) === undefined) {
    return { ok: false, message: `${cwd} is not a git repository: make review compares the spec with a git commit.` };
  }
  const shallow = (await gitValue(cwd, "rev-parse", "--is-shallow-repository")) === "true";
  if (requested !== undefined && requested !== "") return resolveRequested(cwd, requested, shallow);

  for (const branch of defaultBranches) {
    if ((await commitOf(cwd, branch)) === undefined) continue;
    const mergeBase = await gitValue(cwd, "merge-base", "HEAD", branch);
    if (mergeBase !== undefined) return { ok: true, base: { ref: `merge-base HEAD ${branch}`, commit: mergeBase } };
    return { ok: false, message: missingBaseMessage(`the merge base of HEAD and ${branch}`, shallow) };
  }
  return {
    ok: false,
    message: `neither main nor origin/main is in this clone, so there is no default BASE: pass one (make review BASE=<git ref>)${shallow ? `, or ${unshallowHint}` : ""}.`,
  };
}

/** The commit of a ref to review instead of the working tree (`--revision`). */
export async function resolveRevision(cwd: string, requested: string): Promise<BaseResult> {
  if (requested.startsWith("-")) return { ok: false, message: `revision ${requested} is not a git ref.` };
  const commit = await commitOf(cwd, requested);
  if (commit !== undefined) return { ok: true, base: { ref: requested, commit } };
  const shallow = (await gitValue(cwd, "rev-parse", "--is-shallow-repository")) === "true";
  return { ok: false, message: missingBaseMessage(`revision ${requested}`, shallow) };
}

async function resolveRequested(cwd: string, requested: string, shallow: boolean): Promise<BaseResult> {
  // A ref starting with "-" would be read as an option by git.
  if (requested.startsWith("-")) return { ok: false, message: `BASE ${requested} is not a git ref.` };
  const commit = await commitOf(cwd, requested);
  if (commit !== undefined) return { ok: true, base: { ref: requested, commit } };
  return { ok: false, message: missingBaseMessage(`BASE ${requested}`, shallow) };
}

export const unshallowHint =
  "run git fetch --unshallow (or git fetch origin main) or use actions/checkout with fetch-depth: 0";

export function missingBaseMessage(what: string, shallow: boolean): string {
  return shallow
    ? `${what} is not in this clone (shallow?): ${unshallowHint}.`
    : `${what} is not a commit in this repository: check the name, or fetch it first (git fetch origin <branch>).`;
}

async function commitOf(cwd: string, ref: string): Promise<string | undefined> {
  const result = await git(cwd, "rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`);
  return result.code === 0 ? result.stdout.trim() : undefined;
}
