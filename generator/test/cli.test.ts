import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitCodes, main, usage } from "../src/cli.js";
import { writeFiles } from "../src/write/write-files.js";
import { fixturePath, temporaryDirectory } from "./support/fixtures.js";
import { generateRealSpec } from "./support/real-spec.js";

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

describe("usage", () => {
  it("prints help", async () => {
    const result = await run("--help");
    expect(result).toEqual({ code: exitCodes.ok, out: usage, err: "" });
    expect(usage).toMatch(/^Usage: account-funds-generate <command> \[options\]/);
    for (const word of ["generate", "check", "assumptions", "--spec", "--out", "--json"]) expect(usage).toContain(word);
  });

  it("prints the package's version", async () => {
    const manifest: { version: string } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(await run("--version")).toEqual({ code: exitCodes.ok, out: `${manifest.version}\n`, err: "" });
  });

  it.each([
    [[]],
    [["build"]],
    [["generate", "extra"]],
    [["generate", "--unknown"]],
    [["check", "--json"]],
    [["--version=1"]],
    [["tables"]],
    [["assumptions", "--validators-out", "somewhere"]],
  ])("rejects %j with EX_USAGE (64)", async (argv) => {
    const result = await run(...argv);
    expect(result.code).toBe(64);
    expect(result.err).toContain(usage);
  });
});

describe("generate and check", () => {
  let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
  const spec = fixturePath("odata.yaml");
  beforeAll(async () => {
    directory = await temporaryDirectory();
  });
  afterAll(() => directory.remove());

  it("generates, then finds the output up to date", { timeout: 60_000 }, async () => {
    const generated = await run("generate", "--spec", spec, "--out", directory.path);
    expect(generated.code).toBe(exitCodes.ok);
    expect(generated.err).toBe("");
    expect(generated.out).toMatch(/written, 0 unchanged, 0 deleted/);
    expect(generated.out).toContain("  wrote   src/validators/operations.ts");

    const checked = await run("check", "--spec", spec, "--out", directory.path);
    expect(checked).toMatchObject({ code: exitCodes.ok, err: "" });
    expect(checked.out).toMatch(/is up to date\.\n$/);
  });

  it("exits 1 with a readable diff when a generated file was edited", { timeout: 60_000 }, async () => {
    const file = join(directory.path, "src/operations.ts");
    await writeFile(file, (await readFile(file, "utf8")).replace('method: "get"', 'method: "post"'));
    const checked = await run("check", "--spec", spec, "--out", directory.path);
    expect(checked.code).toBe(exitCodes.stale);
    expect(checked.out).toContain("--- a/src/operations.ts\n+++ b/src/operations.ts\n@@ ");
    expect(checked.out).toContain('-    method: "post",\n+    method: "get",');
    expect(checked.out).toContain("1 generated file out of date:\n  changed src/operations.ts");
    expect(checked.err).toMatch(/is stale: run 'make generate' and commit the result\.\n$/);
  });

  it("exits 2 with file#pointer: reason lines for a broken spec, writing nothing", async () => {
    const result = await run(
      "generate",
      "--spec",
      fixturePath("broken/split/openapi.yaml"),
      "--out",
      join(directory.path, "never"),
    );
    expect(result.code).toBe(exitCodes.specError);
    expect(result.err.split("\n")).toEqual([
      expect.stringMatching(
        /broken\/split\/parameters\/Id\.yaml#: path parameter id has no schema \(reached from GET \/api\/v1\/Items\(\{id\}\)\)$/,
      ),
      expect.stringMatching(/broken\/split\/paths\/items\.yaml#\/Item\/get\/responses\/2OO: response status "2OO"/),
      "the spec has 2 problems; nothing was generated.",
      "",
    ]);
    expect(result.out).toBe("");
  });

  it(
    "writes the validators' and the sandbox's tables, which check then holds for drift",
    { timeout: 60_000 },
    async () => {
      const tables = ["--validators-out", join(directory.path, "v"), "--sandbox-out", join(directory.path, "s")];
      const commands = fixturePath("commands.yaml");
      const written = await run("tables", "--spec", commands, ...tables);
      expect(written.code).toBe(exitCodes.ok);
      expect(written.out).toContain("  wrote   request-fields.ts");
      expect(written.out).toContain("  wrote   spec-fields.ts");
      const out = join(directory.path, "commands");
      expect((await run("generate", "--spec", commands, "--out", out, ...tables)).out).toMatch(
        /v\/: 0 written, 2 unchanged, 0 deleted/,
      );
      const table = join(directory.path, "v/request-fields.ts");
      await writeFile(table, (await readFile(table, "utf8")).replace("maxLength: 35", "maxLength: 36"));
      const checked = await run("check", "--spec", commands, "--out", out, ...tables);
      expect(checked.code).toBe(exitCodes.stale);
      expect(checked.out).toContain("  changed ");
      expect(checked.out).toContain('-    Reference: { type: "string", maxLength: 36 },');
      expect(checked.err).toMatch(/^\S*v\/ is stale: run 'make generate'/);
    },
  );

  it("lists assumptions as a Markdown table or JSON", async () => {
    const table = await run("assumptions", "--spec", spec);
    expect(table.code).toBe(exitCodes.ok);
    expect(table.out.split("\n").slice(0, 3)).toEqual([
      "| # | JSON pointer | assumption |",
      "|---|---|---|",
      "| 1 | `/paths/~1api~1v1~1Accounts({id})/get/responses/404` | 404 for an unknown key — OData v4 convention. |",
    ]);
    expect(table.out).toMatch(/\n3 assumptions in .*odata\.yaml\n$/);
    const json = await run("assumptions", "--json", "--spec", spec);
    expect(JSON.parse(json.out)).toContainEqual({
      pointer: "/components/parameters/ODataTop",
      text: "OData v4.01 paging — not shown in the reference.",
    });
  });
});

describe("check with the defaults (the real spec), against the output of a first run", () => {
  let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
  beforeAll(async () => {
    directory = await temporaryDirectory();
    await writeFiles(directory.path, (await generateRealSpec()).files);
  }, 120_000);
  afterAll(() => directory.remove());

  it(
    "exits 1 with a diff of the one altered file; every other file of this second run is the first run's, byte for byte",
    { timeout: 120_000 },
    async () => {
      const file = join(directory.path, "src/schemas.ts");
      await writeFile(file, (await readFile(file, "utf8")).replace("\n  AccountDto,\n", "\n  AccountDTO,\n"));
      const checked = await run("check", "--out", directory.path);
      expect(checked.code).toBe(exitCodes.stale);
      expect(checked.out).toContain("--- a/src/schemas.ts\n+++ b/src/schemas.ts\n@@ ");
      expect(checked.out).toContain("-  AccountDTO,");
      expect(checked.out).toContain("+  AccountDto,");
      // Exactly one drift: the generator is deterministic (the first run is the shared one of support/real-spec.ts).
      expect(checked.out).toMatch(/\n1 generated file out of date:\n {2}changed src\/schemas\.ts\n$/);
      expect(checked.out.match(/^[-+](?![-+]{2} [ab]\/)/gm)).toHaveLength(2);
    },
  );
});
