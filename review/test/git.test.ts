/**
 * BASE resolution and extraction against small temporary repositories: a full one, a shallow clone that lacks
 * BASE (the clear message, exit 2), and one with no main to default to.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../src/cli.js";
import { resolveBase } from "../src/git/base.js";
import { extractPaths } from "../src/git/extract.js";

const root = mkdtempSync(join(tmpdir(), "review-git-"));
const full = join(root, "full");
const shallow = join(root, "shallow");
const branchOnly = join(root, "branch-only");
const git = (cwd: string, ...args: string[]): string =>
  execFileSync(
    "git",
    [
      "-c",
      "user.name=Review Test",
      "-c",
      "user.email=review@example.invalid",
      "-c",
      "init.defaultBranch=main",
      ...args,
    ],
    { cwd, encoding: "utf8" },
  ).trim();

beforeAll(() => {
  mkdirSync(join(full, "spec"), { recursive: true });
  git(full, "init", "-q");
  for (const version of ["1", "2", "3"]) {
    writeFileSync(
      join(full, "spec", "openapi.yaml"),
      `openapi: 3.1.0\ninfo: { title: t, version: '${version}' }\npaths: {}\n`,
    );
    git(full, "add", "-A");
    git(full, "commit", "-q", "-m", `version ${version}`);
  }
  git(full, "branch", "feature");
  git(root, "clone", "-q", "--depth", "1", `file://${full}`, shallow);
  git(root, "clone", "-q", "--depth", "1", "--branch", "feature", "--single-branch", `file://${full}`, branchOnly);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("BASE", () => {
  it("defaults to the merge base of HEAD and main", async () => {
    const head = git(full, "rev-parse", "HEAD");
    expect(await resolveBase(full, undefined)).toEqual({
      ok: true,
      base: { ref: "merge-base HEAD main", commit: head },
    });
  });

  it("accepts any commit-ish", async () => {
    const first = git(full, "rev-parse", "HEAD~2");
    expect(await resolveBase(full, "HEAD~2")).toEqual({ ok: true, base: { ref: "HEAD~2", commit: first } });
  });

  it("says a missing BASE is missing, in a full clone", async () => {
    const result = await resolveBase(full, "no-such-branch");
    expect(result).toEqual({
      ok: false,
      message: expect.stringContaining("BASE no-such-branch is not a commit in this repository"),
    });
  });

  it("says a shallow clone lacks BASE and how to fetch it", async () => {
    const result = await resolveBase(shallow, "HEAD~2");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain("BASE HEAD~2 is not in this clone (shallow?)");
    expect(result.message).toContain("git fetch --unshallow");
    expect(result.message).toContain("fetch-depth: 0");
  });

  it("asks for BASE when there is no main to default to", async () => {
    const result = await resolveBase(branchOnly, undefined);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toMatch(
        /neither main nor origin\/main .*make review BASE=<git ref>.*git fetch --unshallow/,
      );
  });

  it("refuses refs that git would read as options", async () => {
    expect((await resolveBase(full, "--output=x")).ok).toBe(false);
  });

  it("exits 2 with the message from the command line", async () => {
    const errors: string[] = [];
    const code = await main(
      ["--base", "HEAD~2"],
      { out: () => undefined, err: (text) => errors.push(text), env: {} },
      { cwd: shallow },
    );
    expect(code).toBe(2);
    expect(errors.join("")).toContain("review: BASE HEAD~2 is not in this clone (shallow?): run git fetch --unshallow");
  });
});

describe("extracting BASE's files", () => {
  it("copies what the commit has and names what it lacks, without touching the working tree", async () => {
    const into = join(root, "extracted");
    const result = await extractPaths(full, "HEAD~1", ["spec", "test/client"], into);
    expect(result).toEqual({ extracted: ["spec"], missing: ["test/client"] });
    expect(existsSync(join(into, "spec", "openapi.yaml"))).toBe(true);
    expect(git(full, "status", "--porcelain")).toBe("");
  });
});
