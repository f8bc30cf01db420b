/**
 * Bundle size: what a browser app pays for an import, measured as esbuild would ship it (bundled, minified,
 * tree-shaken ESM for the browser, with code splitting as app bundlers do) and then gzipped at level 9.
 * `minified`/`gzipped` count what the page loads before it runs (the entry and the chunks it imports
 * statically); `lazy` counts the chunks it loads only on demand (the RegEx engine, fetched when the first
 * AdditionalInformation rule is checked).
 */
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "esbuild";

export interface SizeEntry {
  readonly name: string;
  /** The module that is bundled, as a user would write it. */
  readonly source: string;
  /** Replace re2js by an empty module: the same page as if the engine did not exist. */
  readonly withoutRegexEngine?: boolean;
}

export interface Size {
  readonly minified: number;
  readonly gzipped: number;
}

export interface SizeResult extends SizeEntry, Size {
  /** Chunks loaded on demand only (dynamic `import()`), zero when there are none. */
  readonly lazy: Size;
}

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));
const OUR_INDEX = fileURLToPath(new URL("../src/index.ts", import.meta.url));

/** A form that validates the beneficiary request without AdditionalInformation rules (nor any other context). */
const FORM_WITHOUT_RULES = `import { validateCreateWithdrawalBeneficiary, withOptions } from ${JSON.stringify(OUR_INDEX)};
export const schema = withOptions(validateCreateWithdrawalBeneficiary, { sectors: [] });`;

export const SIZE_ENTRIES = {
  oursIban: { name: "ours: `validateIban` only", source: `export { validateIban } from ${JSON.stringify(OUR_INDEX)};` },
  oursAll: { name: "ours: whole package", source: `export * from ${JSON.stringify(OUR_INDEX)};` },
  formWithoutRules: {
    name: "a form: `validateCreateWithdrawalBeneficiary` without AdditionalInformation rules",
    source: FORM_WITHOUT_RULES,
  },
  formWithoutEngine: {
    name: "the same form, re2js replaced by an empty module (the page as if the engine did not exist)",
    source: FORM_WITHOUT_RULES,
    withoutRegexEngine: true,
  },
  regexEngine: { name: "re2js itself (`RE2JS`): the RegEx engine chunk", source: `export { RE2JS } from "re2js";` },
  ibantoolsIban: {
    name: "ibantools: `isValidIBAN` + `electronicFormatIBAN`",
    source: `export { isValidIBAN, electronicFormatIBAN } from "ibantools";`,
  },
  ibantoolsAll: { name: "ibantools: whole package", source: `export * from "ibantools";` },
} as const satisfies Record<string, SizeEntry>;

const emptyRegexEngine: Plugin = {
  name: "empty-re2js",
  setup(builder) {
    builder.onResolve({ filter: /^re2js$/ }, () => ({ path: "re2js", namespace: "empty" }));
    builder.onLoad({ filter: /.*/, namespace: "empty" }, () => ({
      contents: "export const RE2JS = undefined;",
      loader: "js",
    }));
  },
};

function sizeOf(files: readonly Uint8Array[]): Size {
  return files.reduce<Size>(
    (total, contents) => ({
      minified: total.minified + contents.byteLength,
      gzipped: total.gzipped + (contents.byteLength === 0 ? 0 : gzipSync(contents, { level: 9 }).byteLength),
    }),
    { minified: 0, gzipped: 0 },
  );
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Chunk file names `code` imports: statically (`import … from "./x.js"`) or lazily (`import("./x.js")`). */
function importsOf(code: string): { readonly eager: string[]; readonly lazy: string[] } {
  const lazy = [...code.matchAll(/import\(\s*["']\.\/([^"']+)["']\s*\)/g)].map((match) => match[1] ?? "");
  const eager = [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([^"']+)["']/g)].map(
    (match) => match[1] ?? "",
  );
  return { eager, lazy };
}

export async function measureSize(entry: SizeEntry): Promise<SizeResult> {
  const result = await build({
    stdin: { contents: entry.source, resolveDir: PACKAGE_DIR, sourcefile: "entry.ts", loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    treeShaking: true,
    splitting: true,
    outdir: "out",
    entryNames: "entry",
    write: false,
    logLevel: "silent",
    plugins: entry.withoutRegexEngine === true ? [emptyRegexEngine] : [],
  });
  const byName = new Map(
    result.outputFiles.filter((file) => file.path.endsWith(".js")).map((file) => [fileName(file.path), file]),
  );
  if (!byName.has("entry.js")) throw new Error(`esbuild wrote no entry for ${entry.name}`);
  // Walk the import graph from the entry: what it loads up front, and what it can load later.
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const visit = (name: string, isLazy: boolean): void => {
    const seen = isLazy ? lazy : eager;
    if (seen.has(name) || (isLazy && eager.has(name))) return;
    seen.add(name);
    const code = byName.get(name)?.text ?? "";
    const imports = importsOf(code);
    for (const next of imports.eager) visit(next, isLazy);
    for (const next of imports.lazy) visit(next, true);
  };
  visit("entry.js", false);
  for (const name of eager) lazy.delete(name);
  const files = (names: Set<string>) => [...names].map((name) => byName.get(name)?.contents ?? new Uint8Array());
  return { ...entry, ...sizeOf(files(eager)), lazy: sizeOf(files(lazy)) };
}
