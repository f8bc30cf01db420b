/**
 * BASE's client as committed. `make review` generates both sides with the working tree's generator, so that the
 * comparison shows the spec change and not a generator change. When the generator and what it depends on are the
 * same at BASE as in the working tree, BASE's committed `generated/` is exactly what that generator makes of BASE's
 * spec (`make check-generated` holds it so on main), and BASE's committed API reports are what API Extractor makes
 * of it: the review takes both from git instead of generating, building and reporting BASE again. That is the usual
 * case of a pull request that changes the spec, and it halves the review's work.
 */
import { access, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { prepareSideRoot, type SideBuild } from "./bundle.js";
import { extractPaths } from "./git/extract.js";
import { git } from "./git/git.js";

/** What makes the generated client and its API report besides the spec: when any differs, BASE is generated again. */
export const generatorInputs = [
  "generator",
  "package-lock.json",
  "tsconfig.json",
  "api-report/api-extractor.json",
  "api-report/api-extractor.node.json",
] as const;

export interface CommittedBase {
  readonly side: SideBuild;
  /** api-report/*.api.md at BASE: file name → contents. */
  readonly reports: { readonly [file: string]: string };
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** BASE's committed client and API reports, when the working tree's generator is BASE's; else undefined. */
export async function committedBaseClient(
  cwd: string,
  commit: string,
  baseTree: string,
): Promise<CommittedBase | undefined> {
  // Committed and uncommitted differences, and new files the generator could import.
  const changed = await git(cwd, "diff", "--quiet", commit, "--", ...generatorInputs);
  if (changed.code !== 0) return undefined;
  const untracked = await git(cwd, "ls-files", "--others", "--exclude-standard", "--", "generator");
  if (untracked.code !== 0 || untracked.stdout.trim() !== "") return undefined;
  const extracted = await extractPaths(cwd, commit, ["generated", "api-report"], baseTree);
  if ("error" in extracted || extracted.missing.length > 0) return undefined;
  const generatedDirectory = join(baseTree, "generated");
  const reportDirectory = join(baseTree, "api-report");
  if (!(await exists(join(generatedDirectory, "openapi.json")))) return undefined;
  const reportFiles = (await readdir(reportDirectory)).filter((file) => file.endsWith(".api.md"));
  if (reportFiles.length === 0) return undefined;
  // Repository-shaped, like a generated side: the revision may reuse this client and build its declarations here.
  await prepareSideRoot(baseTree);
  const reports: Record<string, string> = {};
  for (const file of reportFiles) reports[file] = await readFile(join(reportDirectory, file), "utf8");
  return {
    side: {
      name: "base",
      root: baseTree,
      generatedDirectory,
      openapiPath: join(generatedDirectory, "openapi.json"),
      status: "generated",
      warnings: [],
      millis: 0,
      shared: false,
    },
    reports,
  };
}
