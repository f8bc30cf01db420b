/**
 * Every TypeScript snippet of the generated README (generated/README.md) compiles against the generated package:
 * a usage example that no longer matches the client fails here, not in a reader's editor. Each snippet is a module
 * of its own (`.mts`: ESM, top-level await); one that uses the `client` of the first snippet gets it declared.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
let directory = "";
let snippets: string[] = [];

beforeAll(async () => {
  const readme = await readFile(join(root, "generated/README.md"), "utf8");
  snippets = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? "");
  directory = await mkdtemp(join(tmpdir(), "account-funds-readme-"));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describe("the generated README", () => {
  it("has the usage snippets", () => {
    expect(snippets.length).toBeGreaterThanOrEqual(8);
    expect(snippets[0]).toContain("const client = createAccountFundsClient({");
  });

  it("has snippets that type-check against the package (strict)", { timeout: 60_000 }, async () => {
    const files: string[] = [];
    for (const [index, snippet] of snippets.entries()) {
      const prelude = /\bconst client = /.test(snippet) || !/\bclient\./.test(snippet)
        ? ""
        : 'import type { AccountFundsClient } from "@account-funds/client";\ndeclare const client: AccountFundsClient;\n';
      const file = join(directory, `snippet-${index + 1}.mts`);
      await writeFile(file, `${prelude}${snippet}\nexport {};\n`);
      files.push(file);
    }
    const config = ts.getParsedCommandLineOfConfigFile(join(root, "test/client/tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    const program = ts.createProgram(files, {
      ...config?.options,
      noEmit: true,
      typeRoots: [join(root, "node_modules/@types")],
      paths: {
        "@account-funds/client": [join(root, "generated/src/index.ts")],
        "@account-funds/client/node": [join(root, "generated/src/node.ts")],
      },
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => `${diagnostic.file?.fileName.replace(directory, "") ?? ""}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
    expect(diagnostics).toEqual([]);
  });
});
