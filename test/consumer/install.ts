/**
 * Installs the consumer project's dependencies, trying in order:
 *   1. `npm install --offline`: the tarballs, plus third-party packages from the npm cache (what `npm ci` of the
 *      repository left there). No network.
 *   2. `npm install --prefer-offline`: the same, fetching from the registry what the cache lacks.
 *   3. link: the tarballs unpacked into node_modules/@account-funds/, every other package a symlink into the
 *      repository's node_modules (a machine with neither a warm cache nor a registry). The client is still the
 *      packed one: only its third-party dependencies come from the repository. The optional peers the project
 *      must do without (`withheld`: undici) are not linked, as npm would not install them either.
 * `addPackage` then installs one more package the same way (undici, for the check of the Node-only entry).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";

export type InstallStrategy = "npm --offline" | "npm --prefer-offline" | "link";

export interface InstallInput {
  /** The consumer project (package.json written). */
  readonly projectDirectory: string;
  /** Unscoped name under @account-funds/ → tarball path. */
  readonly tarballs: Readonly<Record<string, string>>;
  /** The repository's node_modules, for the link fallback. */
  readonly repositoryNodeModules: string;
  /** Packages the link fallback leaves out: optional peers that npm does not install unless asked to. */
  readonly withheld: readonly string[];
  /** Packages the link fallback finds elsewhere than in the repository's node_modules (npm aliases): name → folder. */
  readonly elsewhere: Readonly<Record<string, string>>;
  readonly log: (line: string) => void;
}

const NPM_TIMEOUT_MS = 240_000;

function npmInstall(
  projectDirectory: string,
  mode: "--offline" | "--prefer-offline",
  specs: readonly string[] = [],
): { ok: boolean; output: string } {
  const result = spawnSync(
    "npm",
    ["install", mode, "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", ...specs],
    {
      cwd: projectDirectory,
      encoding: "utf8",
      timeout: NPM_TIMEOUT_MS,
    },
  );
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`,
  };
}

function link(input: InstallInput): void {
  const nodeModules = join(input.projectDirectory, "node_modules");
  rmSync(nodeModules, { recursive: true, force: true }); // what a failed npm install left
  const scope = join(nodeModules, "@account-funds");
  mkdirSync(scope, { recursive: true });
  for (const [name, tarball] of Object.entries(input.tarballs)) {
    const target = join(scope, name);
    mkdirSync(target, { recursive: true });
    const untar = spawnSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"], { encoding: "utf8" });
    if (untar.status !== 0) throw new Error(`tar -xzf ${tarball}: ${untar.stderr}`);
  }
  for (const entry of readdirSync(input.repositoryNodeModules)) {
    if (entry.startsWith(".") || entry === "@account-funds" || input.withheld.includes(entry)) continue;
    if (entry.startsWith("@")) {
      mkdirSync(join(nodeModules, entry), { recursive: true });
      for (const scoped of readdirSync(join(input.repositoryNodeModules, entry))) {
        symlinkSync(join(input.repositoryNodeModules, entry, scoped), join(nodeModules, entry, scoped), "dir");
      }
    } else {
      symlinkSync(join(input.repositoryNodeModules, entry), join(nodeModules, entry), "dir");
    }
  }
  for (const [name, folder] of Object.entries(input.elsewhere)) symlinkSync(folder, join(nodeModules, name), "dir");
}

/** `CONSUMER_INSTALL=link` skips npm (to test the fallback, or on a machine without a registry). */
export function installDependencies(input: InstallInput): InstallStrategy {
  const modes = process.env["CONSUMER_INSTALL"] === "link" ? [] : (["--offline", "--prefer-offline"] as const);
  for (const mode of modes) {
    const { ok, output } = npmInstall(input.projectDirectory, mode);
    if (ok) return `npm ${mode}`;
    input.log(`npm install ${mode} failed; trying the next way.\n${output.trim().split("\n").slice(-5).join("\n")}`);
  }
  link(input);
  return "link";
}

/** Installs `name@range` into the project with the strategy that installed the rest. */
export function addPackage(input: InstallInput, strategy: InstallStrategy, name: string, range: string): void {
  if (strategy === "link") {
    symlinkSync(join(input.repositoryNodeModules, name), join(input.projectDirectory, "node_modules", name), "dir");
    return;
  }
  const { ok, output } = npmInstall(
    input.projectDirectory,
    strategy === "npm --offline" ? "--offline" : "--prefer-offline",
    [`${name}@${range}`],
  );
  if (!ok) throw new Error(`npm install ${name}@${range} failed:\n${output.trim()}`);
}
