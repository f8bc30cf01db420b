/**
 * Every command line of the toolkit, run as a process the way a user runs it: `--version` prints its package's
 * version, and wrong usage exits 64, sysexits(3) EX_USAGE, with the usage on stderr (one code for all of them,
 * so scripts can tell "you called me wrong" from "the work failed").
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repository = fileURLToPath(new URL("../../", import.meta.url));
const EX_USAGE = 64;

/** Each command: its package folder and its entry, run from the sources with tsx (no build needed). */
const commands = {
  "account-funds-generate": { folder: "generator", entry: "generator/src/cli.ts" },
  "account-funds-sandbox": { folder: "sandbox", entry: "sandbox/src/cli.ts" },
  "account-funds-review": { folder: "review", entry: "review/src/cli.ts" },
} as const;

function run(entry: string, ...argv: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["--import", "tsx", entry, ...argv], {
    cwd: repository,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function versionOf(folder: string): string {
  const manifest: { version: string } = JSON.parse(
    readFileSync(new URL(`../../${folder}/package.json`, import.meta.url), "utf8"),
  );
  return manifest.version;
}

describe.each(Object.entries(commands))("%s", (_name, { folder, entry }) => {
  it("prints its package's version with --version", () => {
    expect(run(entry, "--version")).toEqual({ status: 0, stdout: `${versionOf(folder)}\n`, stderr: "" });
  });

  it("documents --version and EX_USAGE in --help", () => {
    const help = run(entry, "--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("--version");
    expect(help.stdout).toMatch(/64 wrong usage/);
  });

  it.each([["--no-such-option"], ["--version", "surplus-argument"]])(
    "exits 64 on %j, with the usage on stderr",
    (...argv) => {
      const result = run(entry, ...argv);
      expect(result.status).toBe(EX_USAGE);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("Usage:");
    },
  );
});
