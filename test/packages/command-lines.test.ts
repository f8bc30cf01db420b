/**
 * Every command line of the toolkit, run as a process the way a user runs it: `--version` prints its package's
 * version, and wrong usage exits 64, sysexits(3) EX_USAGE, with the usage on stderr (one code for all of them,
 * so scripts can tell "you called me wrong" from "the work failed"). The processes run side by side (each test
 * waits on its own; most of a run is Node and tsx starting).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";

const repository = fileURLToPath(new URL("../../", import.meta.url));
const EX_USAGE = 64;

/** Each command: its package folder and its entry, run from the sources with tsx (no build needed). */
const commands = {
  "account-funds-generate": { folder: "generator", entry: "generator/src/cli.ts" },
  "account-funds-sandbox": { folder: "sandbox", entry: "sandbox/src/cli.ts" },
  "account-funds-review": { folder: "review", entry: "review/src/cli.ts" },
} as const;

function run(entry: string, ...argv: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      ["--import", "tsx", entry, ...argv],
      { cwd: repository, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ status: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
    ),
  );
}

function versionOf(folder: string): string {
  const manifest: { version: string } = JSON.parse(
    readFileSync(new URL(`../../${folder}/package.json`, import.meta.url), "utf8"),
  );
  return manifest.version;
}

describe.each(Object.entries(commands))("%s", (_name, { folder, entry }) => {
  it.concurrent("prints its package's version with --version", async ({ expect }) => {
    expect(await run(entry, "--version")).toEqual({ status: 0, stdout: `${versionOf(folder)}\n`, stderr: "" });
  });

  it.concurrent("documents --version and EX_USAGE in --help", async ({ expect }) => {
    const help = await run(entry, "--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("--version");
    expect(help.stdout).toMatch(/64 wrong usage/);
  });

  it.concurrent.for([["--no-such-option"], ["--version", "surplus-argument"]])(
    "exits 64 on %j, with the usage on stderr",
    async (argv, { expect }) => {
      const result = await run(entry, ...argv);
      expect(result.status).toBe(EX_USAGE);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("Usage:");
    },
  );
});
