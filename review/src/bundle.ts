/**
 * Both sides of the review through the working tree's generator, each into a directory laid out like the
 * repository (tsconfig.json, package.json and node_modules beside generated/), so the generated package's own
 * tsconfig (`extends: ../tsconfig.json`) and its imports resolve there as they do in the repository. One
 * generator for both sides, in one process (src/workers/generate-sides.ts): the comparison shows what the spec
 * change does, not what a generator change does.
 */
import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, symlink } from "node:fs/promises";
import { join, relative } from "node:path";
import { exec } from "./exec.js";
import type { Limit } from "./pool.js";
import { bin, repositoryRoot } from "./paths.js";
import { readResult, type GenerateSideRequest, type GenerateSideResult } from "./workers/protocol.js";

export type SideName = "base" | "revision";

export interface SideInput {
  readonly name: SideName;
  /** Absolute path of the side's spec/openapi.yaml. */
  readonly specRoot: string;
  /** Absolute path of the side's spec/redocly.yaml, when it has one. */
  readonly configPath?: string;
}

export interface SideBuild {
  readonly name: SideName;
  /** A repository-shaped directory: tsconfig.json, package.json, node_modules, generated/. */
  readonly root: string;
  readonly generatedDirectory: string;
  readonly openapiPath: string;
  /** generated: a whole client; bundled-only: openapi.json only (the client checks are skipped); failed. */
  readonly status: GenerateSideResult["status"];
  readonly reason?: string;
  readonly warnings: readonly string[];
  readonly millis: number;
  /** True when this side reused the other's output because both specs are byte-identical. */
  readonly shared: boolean;
}

/** Makes `root` look like the repository root to tsc and Node resolution. */
export async function prepareSideRoot(root: string): Promise<void> {
  await mkdir(root, { recursive: true });
  await copyFile(join(repositoryRoot, "tsconfig.json"), join(root, "tsconfig.json"));
  // API Extractor names the package in its report from the nearest package.json, as in api-report/.
  await copyFile(join(repositoryRoot, "package.json"), join(root, "package.json"));
  await symlink(join(repositoryRoot, "node_modules"), join(root, "node_modules"), "dir").catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    },
  );
}

/** A hash of every file the bundler can read under a spec directory (its tests and notes do not count). */
export async function specFingerprint(specDirectory: string): Promise<string> {
  const hash = createHash("sha256");
  const files = (await readdir(specDirectory, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.(ya?ml|json)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !relative(specDirectory, file)
          .split(/[\\/]/)
          .some((segment) => segment === "node_modules" || segment === "test"),
    )
    .sort();
  for (const file of files)
    hash
      .update(`${relative(specDirectory, file)}\0`)
      .update(await readFile(file))
      .update("\0");
  return hash.digest("hex");
}

export async function generateSides(
  base: SideInput,
  revision: SideInput,
  workDirectory: string,
  run: Limit,
): Promise<readonly [SideBuild, SideBuild]> {
  const specDirectoryOf = (side: SideInput): string => join(side.specRoot, "..");
  const identical =
    (await specFingerprint(specDirectoryOf(base))) === (await specFingerprint(specDirectoryOf(revision)));
  // Deterministic generator, same input: generate once and let both sides read the same files.
  const sides = identical ? [base] : [base, revision];
  const built = await run(() => generateInOneProcess(sides, workDirectory));
  const [first, second] = built;
  if (first === undefined) throw new Error("the generator process returned no side");
  return [first, second ?? { ...first, name: "revision", shared: true }];
}

/**
 * The revision only, BASE's client being the committed one (src/base-client.ts); none at all when both specs are
 * byte-identical (the committed client is the revision's too).
 */
export async function generateRevision(
  committedBase: SideBuild,
  baseSpecRoot: string,
  revision: SideInput,
  workDirectory: string,
  run: Limit,
): Promise<SideBuild> {
  const identical =
    (await specFingerprint(join(baseSpecRoot, ".."))) === (await specFingerprint(join(revision.specRoot, "..")));
  if (identical) return { ...committedBase, name: "revision", shared: true };
  const [built] = await run(() => generateInOneProcess([revision], workDirectory));
  if (built === undefined) throw new Error("the generator process returned no side");
  return built;
}

/** Every side through one generator process (src/workers/generate-sides.ts). */
async function generateInOneProcess(sides: readonly SideInput[], workDirectory: string): Promise<SideBuild[]> {
  const roots = sides.map((side) => join(workDirectory, side.name));
  await Promise.all(roots.map(prepareSideRoot));
  const requests: GenerateSideRequest[] = sides.map((side, index) => ({
    specPath: side.specRoot,
    outDirectory: join(roots[index] ?? workDirectory, "generated"),
    ...(side.configPath === undefined ? {} : { configPath: side.configPath }),
  }));
  const worker = join(repositoryRoot, "review", "src", "workers", "generate-sides.ts");
  const result = await exec(bin("tsx"), [worker, JSON.stringify(requests)], {
    cwd: repositoryRoot,
    timeoutMillis: 10 * 60_000,
  });
  const parsed = readResult<GenerateSideResult[]>(result.stdout);
  return sides.map((side, index): SideBuild => {
    const outcome: GenerateSideResult = parsed?.[index] ?? {
      status: "failed",
      reason: `the generator process exited with ${result.code}: ${(result.stderr || result.stdout).trim().slice(-2000)}`,
    };
    const generatedDirectory = requests[index]?.outDirectory ?? "";
    return {
      name: side.name,
      root: roots[index] ?? workDirectory,
      generatedDirectory,
      openapiPath: join(generatedDirectory, "openapi.json"),
      status: outcome.status,
      ...(outcome.status === "generated" ? {} : { reason: outcome.reason }),
      warnings: outcome.status === "generated" ? outcome.warnings : [],
      millis: result.millis,
      shared: false,
    };
  });
}

/**
 * What the generator's outcome means for the review: a side that cannot even be bundled stops it; a revision the
 * generator cannot build a client from fails it (exit 2: that client could not be published, whatever the spec diff
 * says); a base it cannot build a client from only skips the client checks (the generator may have moved on).
 */
export function sidesOutcome(
  base: SideBuild,
  revision: SideBuild,
  baseRef: string,
): { readonly error: string } | { readonly notes: readonly string[] } {
  for (const side of [base, revision])
    if (side.status === "failed")
      return {
        error: `the ${side.name === "base" ? `spec at BASE ${baseRef}` : "revision's spec"} cannot be bundled:\n${side.reason ?? ""}`,
      };
  if (revision.status === "bundled-only")
    return {
      error: `the generator cannot build a client from the revision's spec (make generate would fail):\n${revision.reason ?? ""}`,
    };
  if (base.status === "bundled-only")
    return {
      notes: [
        `The generator could not build a client from the base spec, so the API report, reference and consumer checks are skipped; the spec diff still ran. Generator: ${base.reason ?? ""}`,
      ],
    };
  return { notes: [] };
}
