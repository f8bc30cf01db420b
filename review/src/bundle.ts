/**
 * Both sides of the review through the working tree's generator, each into a directory laid out like the
 * repository (tsconfig.json, package.json and node_modules beside generated/), so the generated package's own
 * tsconfig (`extends: ../tsconfig.json`) and its imports resolve there as they do in the repository. One
 * generator for both sides: the comparison shows what the spec change does, not what a generator change does.
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
  if (identical) {
    // Deterministic generator, same input: generate once and let both sides read the same files.
    const built = await run(() => generateSide(base, join(workDirectory, "base")));
    return [built, { ...built, name: "revision", shared: true }];
  }
  return Promise.all([
    run(() => generateSide(base, join(workDirectory, "base"))),
    run(() => generateSide(revision, join(workDirectory, "revision"))),
  ]);
}

async function generateSide(side: SideInput, root: string): Promise<SideBuild> {
  await prepareSideRoot(root);
  const generatedDirectory = join(root, "generated");
  const request: GenerateSideRequest = {
    specPath: side.specRoot,
    outDirectory: generatedDirectory,
    ...(side.configPath === undefined ? {} : { configPath: side.configPath }),
  };
  const worker = join(repositoryRoot, "review", "src", "workers", "generate-side.ts");
  const result = await exec(bin("tsx"), [worker, JSON.stringify(request)], {
    cwd: repositoryRoot,
    timeoutMillis: 10 * 60_000,
  });
  const parsed: GenerateSideResult = readResult<GenerateSideResult>(result.stdout) ?? {
    status: "failed",
    reason: `the generator process exited with ${result.code}: ${(result.stderr || result.stdout).trim().slice(-2000)}`,
  };
  return {
    name: side.name,
    root,
    generatedDirectory,
    openapiPath: join(generatedDirectory, "openapi.json"),
    status: parsed.status,
    ...(parsed.status === "generated" ? {} : { reason: parsed.reason }),
    warnings: parsed.status === "generated" ? parsed.warnings : [],
    millis: result.millis,
    shared: false,
  };
}
