/**
 * Every TypeScript snippet of the READMEs listed in readme/readmes.ts compiles as a consumer's module would
 * (nodenext, strict, against the built workspace packages): an example that no longer matches the packages fails
 * here, not in a reader's editor. Both the validators' and the client's README show the same flow: validate what
 * the user typed, then send `result.value`.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSnippets, moduleOf, repositoryRoot } from "./readme/compile.js";
import { readmes } from "./readme/readmes.js";
import { extractSnippets, type Snippet } from "./readme/snippets.js";

const snippetsOf = async (path: string): Promise<Snippet[]> =>
  extractSnippets(await readFile(join(repositoryRoot, path), "utf8"), path);

describe("extractSnippets", () => {
  const markdown = [
    "# T",
    "",
    "```ts",
    "const a = 1;",
    "```",
    "",
    "<!-- snippet: skip -->",
    "```ts",
    "fragment(",
    "```",
    "```sh",
    "npm i",
    "```",
    "  ```typescript",
    "  const b = 2;",
    "  ```",
  ].join("\n");

  it("takes the TypeScript blocks with their fence line, except those marked skip", () => {
    expect(extractSnippets(markdown, "R.md")).toEqual([
      { source: "R.md", line: 3, code: "const a = 1;" },
      { source: "R.md", line: 14, code: "const b = 2;" },
    ]);
  });

  it("declares a README's free names only where a snippet uses them undeclared", () => {
    const ambient = [{ name: "client", declaration: "declare const client: number;" }];
    expect(moduleOf({ source: "", line: 1, code: "client.x;" }, ambient)).toContain("declare const client");
    expect(moduleOf({ source: "", line: 1, code: "const client = 1;\nclient;" }, ambient)).not.toContain(
      "declare const client",
    );
    expect(moduleOf({ source: "", line: 1, code: "other.client;" }, ambient)).not.toContain("declare const client");
  });

  it("reports a snippet that does not compile, at its README line", async () => {
    const diagnostics = await compileSnippets(
      [
        {
          source: "R.md",
          line: 7,
          code: 'import { validateBic } from "@account-funds/validators";\nconst n: number = validateBic("x");',
        },
      ],
      [],
    );
    expect(diagnostics).toEqual([
      expect.stringMatching(/^R\.md:7 \(\+2\): Type .* is not assignable to type 'number'/),
    ]);
  });
});

describe.each(readmes.map((readme) => [readme.path, readme] as const))("%s", (path, { ambient }) => {
  it("has snippets, and every one compiles as a consumer's module", { timeout: 120_000 }, async () => {
    const snippets = await snippetsOf(path);
    expect(snippets.length).toBeGreaterThan(0);
    expect(await compileSnippets(snippets, ambient)).toEqual([]);
  });

  it("shows the flow: validate what the user typed, then send result.value", async () => {
    const flow = (await snippetsOf(path)).filter(
      ({ code }) =>
        code.includes("validateCreateWithdrawalBeneficiary(") &&
        /createWithdrawalBeneficiary\(result\.value\)/.test(code),
    );
    expect(flow.length, `${path} has no snippet that sends result.value`).toBeGreaterThan(0);
  });
});
