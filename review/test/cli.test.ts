import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sidesOutcome, type SideBuild } from "../src/bundle.js";
import { exitCodes, main, usage } from "../src/cli.js";

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), env: {} });
  return { code, out, err };
}

describe("the command line", () => {
  it("prints the package's version", async () => {
    const manifest: { version: string } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(await run("--version")).toEqual({ code: exitCodes.ok, out: `${manifest.version}\n`, err: "" });
  });

  it.each([[["--unknown"]], [["extra"]], [["--format", "yaml"]], [["--base"]]])(
    "rejects %j with EX_USAGE (64), before any git work",
    async (argv) => {
      const result = await run(...argv);
      expect(result.code).toBe(64);
      expect(result.err).toContain(usage);
    },
  );
});

describe("account-funds-review diff", () => {
  const corpus = (file: string): string => new URL(`./corpus/oasdiff/data/${file}`, import.meta.url).pathname;

  it("compares two OpenAPI 3.1 files: a breaking change exits 1 and is named", async () => {
    const result = await run(
      "diff",
      corpus("dependent_required_base.yaml"),
      corpus("dependent_required_revision.yaml"),
      "--format",
      "json",
    );
    expect(result.code).toBe(exitCodes.breaking);
    const report = JSON.parse(result.out) as { findings: { rule: string; level: string; side: string }[] };
    expect(report.findings).toContainEqual(
      expect.objectContaining({ rule: "dependent-required-changed", level: "breaking", side: "request" }),
    );
  });

  it("reads OpenAPI 3.0 files (upgraded to 3.1) and says so", async () => {
    const base = corpus("request_property_became_nullable_base.yaml");
    const revision = corpus("request_property_became_nullable_revision.yaml");
    expect(readFileSync(base, "utf8")).toMatch(/^openapi: 3\.0/m);
    const widened = await run("diff", base, revision);
    expect(widened.code).toBe(exitCodes.ok);
    expect(widened.out).toContain("The base document is OpenAPI 3.0: it was upgraded to 3.1");
    const narrowed = await run("diff", revision, base, "--format", "github");
    expect(narrowed.code).toBe(exitCodes.breaking);
    expect(narrowed.out).toMatch(
      /^::error file=.*request_property_became_nullable_base\.yaml,line=\d+,title=schema-type-changed \(breaking\)::/m,
    );
  });

  it("exits 0 for the same document", async () => {
    const file = corpus("webhook_base.yaml");
    const result = await run("diff", file, file);
    expect(result.code).toBe(exitCodes.ok);
    expect(result.out).toContain("No change");
  });

  it("exits 2 for a file it cannot read, with the loader's message", async () => {
    const result = await run("diff", corpus("webhook_base.yaml"), corpus("no-such-file.yaml"));
    expect(result.code).toBe(exitCodes.error);
    expect(result.err).toContain("the revision document");
    expect(result.err).toContain("no-such-file.yaml");
  });

  it.each([
    [["diff"]],
    [["diff", "one.yaml"]],
    [["diff", "a", "b", "c"]],
    [["diff", "a", "b", "--base", "main"]],
    [["--config", "x"]],
  ])("rejects %j with EX_USAGE (64)", async (argv) => {
    expect((await run(...argv)).code).toBe(exitCodes.usage);
  });
});

describe("make review and the generator", () => {
  const side = (name: "base" | "revision", status: SideBuild["status"], reason?: string): SideBuild => ({
    name,
    root: "/tmp/x",
    generatedDirectory: "/tmp/x/generated",
    openapiPath: "/tmp/x/generated/openapi.json",
    status,
    ...(reason === undefined ? {} : { reason }),
    warnings: [],
    millis: 1,
    shared: false,
  });

  it("fails (exit 2) when the revision's client cannot be generated, naming the generator's reason", () => {
    const outcome = sidesOutcome(
      side("base", "generated"),
      side("revision", "bundled-only", "header parameter X"),
      "main",
    );
    expect(outcome).toEqual({ error: expect.stringContaining("cannot build a client from the revision's spec") });
    expect("error" in outcome && outcome.error).toContain("header parameter X");
  });

  it("only skips the client checks when the base's client cannot be generated", () => {
    const outcome = sidesOutcome(side("base", "bundled-only", "old spec"), side("revision", "generated"), "main");
    expect(outcome).toEqual({
      notes: [expect.stringContaining("the API report, reference and consumer checks are skipped")],
    });
  });

  it("stops when a side cannot be bundled", () => {
    expect(sidesOutcome(side("base", "failed", "no file"), side("revision", "generated"), "v1")).toEqual({
      error: expect.stringContaining("the spec at BASE v1 cannot be bundled"),
    });
  });
});
