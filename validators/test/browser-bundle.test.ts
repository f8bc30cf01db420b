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

/** Bundles `contents` with code splitting, as an app bundler would: the entry file and the lazily loaded chunks. */
async function splitBundle(contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "ts", sourcefile: "entry.ts" },
    bundle: true,
    write: false,
    splitting: true,
    outdir: "out",
    entryNames: "entry",
    platform: "browser",
    format: "esm",
    minify: true,
    logLevel: "silent",
  });
  const entry = result.outputFiles.find((file) => file.path.endsWith("entry.js"));
  if (entry === undefined) throw new Error("no entry file");
  const chunks = result.outputFiles.filter((file) => file !== entry);
  /** The code the entry loads before it runs: itself and the chunks it imports statically. */
  const eager = [
    entry.text,
    ...chunks.filter((chunk) => staticallyImports(entry.text, chunk.path)).map((chunk) => chunk.text),
  ];
  return { entry: entry.text, eager: eager.join("\n"), chunks: chunks.map((file) => file.text) };
}

function staticallyImports(code: string, path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return new RegExp(`(?:^|;|\\n)import[^;(]*?["']\\./${name.replaceAll(".", "\\.")}["']`).test(code);
}

/** A string only re2js contains (its syntax error prefix). */
const RE2JS_MARKER = "error parsing regexp";

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

  it("keeps the RegEx engine out of the page: a lazily loaded chunk, even for the beneficiary validator", async () => {
    const { entry, eager, chunks } = await splitBundle(
      `export { validateCreateWithdrawalBeneficiary, withOptions } from "./src/index.ts";`,
    );
    expect(eager.includes(RE2JS_MARKER)).toBe(false);
    expect(chunks.some((chunk) => chunk.includes(RE2JS_MARKER))).toBe(true);
    expect(entry.includes("import(")).toBe(true); // the loader of that chunk
    // An IBAN-only page neither holds the engine nor can load it (esbuild may still write the unused chunk).
    const { entry: ibanOnly, eager: ibanEager } = await splitBundle(`export { validateIban } from "./src/index.ts";`);
    expect(ibanEager.includes(RE2JS_MARKER)).toBe(false);
    expect(ibanOnly.includes("import(")).toBe(false);
  });

  it("loads the engine up front in the Node entry", async () => {
    const { eager } = await splitBundle(`export { validateIban } from "./src/node.ts";`);
    expect(eager.includes(RE2JS_MARKER)).toBe(true);
  });
});
