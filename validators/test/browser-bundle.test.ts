import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

async function bundle(contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    write: false,
    platform: "browser",
    format: "esm",
    minify: true,
    metafile: true,
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error("no output");
  return { code: output.text, inputs: Object.keys(result.metafile.inputs) };
}

describe("browser bundle", () => {
  it("bundles the whole package for the browser with no Node built-in", async () => {
    const { code, inputs } = await bundle(`export * from "./src/index.ts";`);
    expect(inputs.filter((input) => input.startsWith("node:") || builtinModules.includes(input))).toEqual([]);
    expect(code).not.toMatch(/\brequire\(|\bBuffer\b|\bprocess\./);
  });

  it("keeps an IBAN-only import small: no other identifier tables, no larger than ibantools itself", async () => {
    const ours = await bundle(`export { validateIban } from "./src/index.ts";`);
    expect(ours.code).not.toContain("2020-2024"); // NZ branch table
    expect(ours.code).not.toContain("SortCodeAccountNumber");
    expect(ours.code).not.toContain("CLABE");
    expect(ours.inputs.some((input) => input.includes("ibantools"))).toBe(false);
    const ibantools = await bundle(`export * from "ibantools";`);
    expect(gzipSync(ours.code).length).toBeLessThan(gzipSync(ibantools.code).length);
  });

  it("has the markers the tree-shaking checks look for, where they belong", async () => {
    expect((await bundle(`export { validateNzAccountNumber } from "./src/index.ts";`)).code).toContain("2020-2024");
    expect((await bundle(`export { validateIban } from "./src/index.ts";`)).code).toContain("AD8n12c");
  });

  it("drops the IBAN registry from a BIC-only import", async () => {
    const { code } = await bundle(`export { validateBic } from "./src/index.ts";`);
    expect(code).not.toContain("AD8n12c");
    expect(code).not.toContain("2020-2024");
  });
});
